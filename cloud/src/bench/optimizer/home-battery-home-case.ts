// Home battery instances of the home as one system: every house has its own load,
// both efficiencies are drawn apart (0.8-0.98), half the targets lie below the starting charge
// (the rest: no target, so the day must end no lower than it started), most instances carry an
// import limit that leaves charging a per-slot headroom below its rate, and instance 0 is the
// EMHASS comparison day. Same exact model as the home_battery row; its own report row.
import type { HomeBatteryInput } from '../../domain/planners/types.js';
import { homeBatteryCase, householdLoad, type BatteryInstance } from './home-battery-case.js';
import { drawDay } from './instances.js';
import { between, chance, pick, seededRandom } from './random.js';

const SLOTS = 48;
const hourly = (f: (hour: number) => number) => Array.from({ length: SLOTS }, (_, i) => f(Math.floor(i / 2)));

/**
 * The EMHASS comparison day: 13.5 kWh, 5 kW both ways, import 40 c with a 52 c peak 16:00-21:00, a house
 * using 0.6 kW at night (22:00-06:00), 2.5 kW 17:00-21:00 and 1.2 kW otherwise, 0.95/0.95, half
 * full with a 10 % minimum and no target.
 */
export function emhassDay(): BatteryInstance {
  const first = drawDay(seededRandom(1), 0).day;
  const prices = hourly((h) => (h >= 16 && h < 21 ? 52 : 40));
  const input: HomeBatteryInput = {
    socPct: 50,
    capacityKwh: 13.5,
    maxChargeRateKw: 5,
    maxDischargeRateKw: 5,
    chargeEfficiency: 0.95,
    dischargeEfficiency: 0.95,
    targetPct: 50,
    minPct: 10,
    maxPct: 100,
    deadlineMinute: null,
    householdLoadKw: hourly((h) => (h < 6 || h >= 22 ? 0.6 : h >= 17 && h < 21 ? 2.5 : 1.2)),
  };
  return {
    label: 'EMHASS comparison day',
    day: { ...first, timeZone: 'UTC', slotHours: Array(SLOTS).fill(0.5), pricesCentsPerKwh: prices, exportPricesCentsPerKwh: null, fromSlot: 0 },
    input,
  };
}

/** An import limit's headroom for charging: the limit minus the house and other appliances, sometimes zero. */
function headroom(rng: () => number, load: readonly number[]): number[] | null {
  if (chance(rng, 0.25)) return null;
  const limit = between(rng, 3, 12);
  const others = hourly((h) => (h < 6 && chance(rng, 0.5) ? between(rng, 2, 7) : 0));
  return load.map((kw, i) => Math.max(0, limit - kw - others[i]!));
}

export const homeBatteryHomeCase: typeof homeBatteryCase = {
  ...homeBatteryCase,
  name: 'home_battery home',
  generate(n, seed) {
    const rng = seededRandom(seed * 7919 + 5);
    const out: BatteryInstance[] = n > 0 ? [emhassDay()] : [];
    for (let i = 1; i < n; i++) {
      const { label, day, weather } = drawDay(rng, i);
      const socPct = between(rng, 20, 98);
      const withTarget = chance(rng, 0.5);
      const targetPct = withTarget ? between(rng, 5, socPct) : socPct;
      const householdLoadKw = householdLoad(rng, weather);
      const input: HomeBatteryInput = {
        socPct,
        capacityKwh: pick(rng, [5, 10, 13.5, 16, 20, between(rng, 3, 30)]),
        maxChargeRateKw: between(rng, 1.5, 7.6),
        maxDischargeRateKw: between(rng, 1.5, 7.6),
        chargeEfficiency: between(rng, 0.8, 0.98),
        dischargeEfficiency: between(rng, 0.8, 0.98),
        targetPct,
        minPct: Math.min(targetPct, pick(rng, [0, 10, 20, between(rng, 5, 30)])),
        maxPct: pick(rng, [100, 100, 90, between(rng, Math.max(targetPct, 50), 100)]),
        deadlineMinute: withTarget ? pick(rng, [null, 30 * Math.floor(between(rng, 30, 42))]) : null,
        householdLoadKw,
        chargeHeadroomKw: headroom(rng, householdLoadKw),
      };
      out.push({ label: `${label} home${input.chargeHeadroomKw ? ' limited' : ''}${withTarget ? ' target below start' : ''}`, day, input });
    }
    return out;
  },
};
