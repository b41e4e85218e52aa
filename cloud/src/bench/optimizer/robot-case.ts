// Robot instances for the optimizer bench: vacuums and mowers, morning, afternoon and overnight
// (midnight-wrapping) tasks windows, robots that start low or already charged, and some with no window.
import type { ChargeSchedule } from '../../domain/planners/charging.js';
import { planRobot } from '../../domain/planners/robot.js';
import type { RobotInput } from '../../domain/planners/types.js';
import { plannerOutcome, replayedCost, type BenchCase } from './case.js';
import { drawInstances, type DrawnInstance } from './instances.js';
import { between, chance, pick } from './random.js';
import { solveRobotReference } from './reference-robot.js';

export type RobotInstance = DrawnInstance<RobotInput>;

function drawWindow(rng: () => number, mower: boolean): RobotInput['tasksWindow'] {
  if (chance(rng, 0.1)) return null;
  const overnight = chance(rng, 0.12);
  const startMinute = 15 * Math.floor(overnight ? between(rng, 84, 95) : mower ? between(rng, 36, 72) : between(rng, 32, 56));
  const hours = mower ? between(rng, 1, 4) : between(rng, 0.5, 2);
  return { startMinute, endMinute: (startMinute + 15 * Math.round(hours * 4)) % 1440 };
}

function drawInput(rng: () => number): RobotInput {
  const mower = chance(rng, 0.4);
  const targetPct = pick(rng, [80, 90, 100, between(rng, 60, 100)]);
  return {
    socPct: between(rng, 3, 100),
    capacityKwh: mower ? between(rng, 0.1, 1.5) : between(rng, 0.03, 0.1),
    maxChargeRateKw: mower ? between(rng, 0.05, 0.5) : between(rng, 0.02, 0.06),
    targetPct,
    minPct: Math.min(targetPct, pick(rng, [10, 15, 20, between(rng, 5, 30)])),
    tasksWindow: drawWindow(rng, mower),
  };
}

export const robotCase: BenchCase<RobotInstance, ChargeSchedule> = {
  type: 'robot',
  generate: (n, seed) => drawInstances(n, seed, 3, drawInput),
  solvePlanner: ({ day, input }) => plannerOutcome(planRobot(day, input)),
  solveExact: ({ day, input }, highs) => solveRobotReference(highs, day, input),
  replay: ({ day, input }, highs, schedule) => replayedCost(solveRobotReference(highs, day, input, schedule.intervals.slice(day.fromSlot))),
};
