// EV charger instances for the optimizer bench: cars from a plug-in hybrid to a large pickup,
// level-1 to fast level-2 chargers, overnight and same-day deadlines, cars below their minimum,
// already charged, and a few with no battery or no charger rate.
import { planEvCharger } from '../../domain/planners/ev-charger.js';
import type { ChargeSchedule } from '../../domain/planners/charging.js';
import type { EvChargerInput } from '../../domain/planners/types.js';
import { plannerOutcome, replayedCost, type BenchCase } from './case.js';
import { drawInstances, type DrawnInstance } from './instances.js';
import { between, chance, pick } from './random.js';
import { solveEvReference } from './reference-ev-charger.js';

export type EvInstance = DrawnInstance<EvChargerInput>;

function drawInput(rng: () => number): EvChargerInput {
  const socPct = between(rng, 5, 90);
  const targetPct = chance(rng, 0.1) ? between(rng, 20, socPct) : pick(rng, [70, 80, 90, 100, between(rng, socPct, 100)]);
  const minPct = chance(rng, 0.2) ? between(rng, socPct, targetPct) : chance(rng, 0.5) ? between(rng, 0, 20) : 0;
  const deadlineKind = rng();
  const deadlineMinute = deadlineKind < 0.15 ? null : deadlineKind < 0.75 ? 15 * Math.floor(between(rng, 20, 37)) : Math.floor(between(rng, 0, 1440));
  return {
    socPct,
    capacityKwh: chance(rng, 0.03) ? 0 : pick(rng, [17, 40, 64, 75, 82, 131, between(rng, 20, 120)]),
    maxChargeRateKw: chance(rng, 0.03) ? 0 : pick(rng, [1.4, 3.3, 7.2, 7.6, 11, 19.2]),
    efficiency: between(rng, 0.85, 0.95),
    targetPct,
    minPct,
    deadlineMinute,
  };
}

export const evChargerCase: BenchCase<EvInstance, ChargeSchedule> = {
  type: 'ev_charger',
  generate: (n, seed) => drawInstances(n, seed, 1, drawInput),
  solvePlanner: ({ day, input }) => plannerOutcome(planEvCharger(day, input)),
  solveExact: ({ day, input }, highs) => solveEvReference(highs, day, input),
  replay: ({ day, input }, highs, schedule) => replayedCost(solveEvReference(highs, day, input, schedule.intervals.slice(day.fromSlot))),
};
