// Home battery instances for the optimizer bench: small to large batteries, household loads with
// morning and evening peaks (and air conditioning on hot days), evening and overnight deadlines,
// and export curves from net metering to negative feed-in.
import type { HomeBatterySchedule } from '../../domain/planners/home-battery.js';
import { planHomeBattery } from '../../domain/planners/home-battery.js';
import type { DayContext, HomeBatteryInput } from '../../domain/planners/types.js';
import { plannerOutcome, replayedCost, type BenchCase } from './case.js';
import { drawDay, type Weather } from './instances.js';
import { between, chance, normal, pick, seededRandom } from './random.js';
import { solveBatteryReference } from './reference-home-battery.js';

export interface BatteryInstance {
  label: string;
  day: DayContext;
  input: HomeBatteryInput;
}

/** Household kW per slot: a night base, a morning and an evening peak, air conditioning on hot afternoons. */
export function householdLoad(rng: () => number, weather: Weather): number[] {
  const scale = between(rng, 0.5, 2);
  const cooling = weather === 'hot' ? between(rng, 1, 3) : 0;
  return Array.from({ length: 48 }, (_, i) => {
    const hour = i / 2;
    const base = hour < 6 ? 0.4 : hour < 9 ? 1.5 : hour < 17 ? 0.7 : hour < 22 ? 2 : 0.8;
    const ac = hour >= 13 && hour < 20 ? cooling : 0;
    return Math.max(0.05, (base * scale + ac) * (1 + 0.2 * normal(rng)));
  });
}

/** An export curve, or null (no export) for most homes. */
function exportPrices(rng: () => number, prices: readonly number[]): number[] | null {
  if (!chance(rng, 0.35)) return null;
  const kind = pick(rng, ['net', 'fraction', 'flat', 'below'] as const);
  const factor = between(rng, 0.2, 0.8);
  const flat = between(rng, 3, 10);
  const margin = between(rng, 1, 4);
  return prices.map((p) => (kind === 'net' ? p : kind === 'fraction' ? p * factor : kind === 'flat' ? flat : p - margin));
}

/** A battery, its limits and its house for a day of this weather. */
export function drawInput(rng: () => number, weather: Weather): HomeBatteryInput {
  const targetPct = pick(rng, [80, 90, 100, between(rng, 40, 100)]);
  const deadlineKind = rng();
  return {
    socPct: between(rng, 5, 98),
    capacityKwh: chance(rng, 0.03) ? 0 : pick(rng, [5, 10, 13.5, 16, 20, between(rng, 3, 30)]),
    maxChargeRateKw: chance(rng, 0.03) ? 0 : between(rng, 1.5, 7.6),
    maxDischargeRateKw: chance(rng, 0.03) ? 0 : between(rng, 1.5, 7.6),
    chargeEfficiency: between(rng, 0.85, 0.98),
    dischargeEfficiency: between(rng, 0.85, 0.98),
    targetPct,
    minPct: Math.min(targetPct, pick(rng, [0, 10, 20, between(rng, 5, 30)])),
    maxPct: pick(rng, [100, 100, 90, between(rng, targetPct, 100)]),
    deadlineMinute: deadlineKind < 0.3 ? null : deadlineKind < 0.7 ? 30 * Math.floor(between(rng, 30, 37)) : Math.floor(between(rng, 0, 1440)),
    householdLoadKw: householdLoad(rng, weather),
  };
}

export const homeBatteryCase: BenchCase<BatteryInstance, HomeBatterySchedule> = {
  type: 'home_battery',
  generate(n, seed) {
    const rng = seededRandom(seed * 7919 + 2);
    return Array.from({ length: n }, (_, i) => {
      const { label, day, weather } = drawDay(rng, i);
      const withExport = { ...day, exportPricesCentsPerKwh: exportPrices(rng, day.pricesCentsPerKwh) };
      return { label: withExport.exportPricesCentsPerKwh ? `${label} with export` : label, day: withExport, input: drawInput(rng, weather) };
    });
  },
  solvePlanner({ day, input }) {
    const r = planHomeBattery(day, input);
    // The household's import without the battery is the same whatever the plan: compare the rest.
    return plannerOutcome(r, r.optimizedCostCents - r.baselineCostCents);
  },
  solveExact: ({ day, input }, highs) => solveBatteryReference(highs, day, input),
  replay: ({ day, input }, highs, schedule) =>
    replayedCost(
      solveBatteryReference(highs, day, input, {
        charge: schedule.intervals.slice(day.fromSlot),
        discharge: schedule.discharge_intervals.slice(day.fromSlot),
      }),
    ),
};
