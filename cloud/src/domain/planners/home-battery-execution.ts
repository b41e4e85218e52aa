// How a planned home-battery day plays out on the load that really comes: the one rule
// the planner's choice for the spread of loads (home-battery-spread.ts) and the recorded-home
// bench share. How it compares with what the hub add-on does: home-battery.md "Execution".
import { SLOTS, type HomeBatteryInput } from './types.js';

/** The battery as the execution sees it, in stored kWh. */
export interface ExecutedBattery {
  startKwh: number;
  capacityKwh: number;
  minKwh: number;
  /** Grid draw of charging, kW, per slot of the day (the rate within the import limit's headroom). */
  chargeKw: readonly number[];
  /** Power delivered when discharging, kW. */
  dischargeKw: number;
  chargeEfficiency: number;
  dischargeEfficiency: number;
}

/** The battery of a planner input, as the execution sees it (rates within the import limit's headroom; a minimum above the target lowered to it). */
export function executedBatteryOf(input: HomeBatteryInput): ExecutedBattery {
  const capacityKwh = input.capacityKwh;
  const targetPct = Math.min(input.targetPct, Math.min(100, Math.max(0, input.maxPct)));
  return {
    startKwh: (Math.min(100, Math.max(0, input.socPct)) / 100) * capacityKwh,
    capacityKwh,
    minKwh: (Math.min(input.minPct, targetPct) / 100) * capacityKwh,
    chargeKw: Array.from({ length: SLOTS }, (_, s) => Math.min(Math.max(0, input.maxChargeRateKw), Math.max(0, input.chargeHeadroomKw?.[s] ?? Infinity))),
    dischargeKw: Math.max(0, input.maxDischargeRateKw),
    chargeEfficiency: Math.min(1, Math.max(0, input.chargeEfficiency)),
    dischargeEfficiency: Math.min(1, Math.max(0, input.dischargeEfficiency)),
  };
}

/**
 * The planned slots: `intervals` charge, `discharge_intervals` cover the house, `export_intervals`
 * discharge past it (absent: none), `value_trajectory` the planned charge % at each slot's end.
 */
export interface PlannedBatteryDay {
  intervals: readonly boolean[];
  discharge_intervals: readonly boolean[];
  export_intervals?: readonly boolean[];
  value_trajectory: readonly number[];
}

export interface BatteryExecution {
  /** Stored kWh at the end of each slot of the day (the start value before `fromSlot`). */
  endKwh: number[];
  /** The house's grid flow per slot, kWh: import positive (load net of solar, less what the battery delivered, plus charging), export negative. */
  gridKwh: number[];
}

/**
 * Executes slots `fromSlot`..47 of a planned day on `loadKw` (and, with solar, `solarKw` behind
 * the same meter): a slot planned to charge charges up to the planned charge (within the rate;
 * never down); a slot planned to export discharges down to the planned charge (within the rate,
 * never up), the house taking what it needs and the rest exported; a slot planned to discharge
 * runs the battery in self-consumption: it covers the house's real load net of solar (within the
 * rate, above the minimum) and stores a real surplus (within the rate, up to full); any other slot
 * leaves the battery alone.
 */
export function executeBatteryDay(
  plan: PlannedBatteryDay,
  loadKw: readonly number[],
  hours: readonly number[],
  battery: ExecutedBattery,
  fromSlot = 0,
  solarKw: readonly number[] | null = null,
): BatteryExecution {
  const { capacityKwh, minKwh, dischargeKw } = battery;
  const etaIn = battery.chargeEfficiency > 0 ? battery.chargeEfficiency : 1;
  const etaOut = battery.dischargeEfficiency;
  let soc = battery.startKwh;
  const endKwh: number[] = [];
  const gridKwh: number[] = [];
  for (let s = 0; s < SLOTS; s++) {
    const h = hours[s] ?? 0.5;
    const net = Math.max(0, loadKw[s] ?? 0) * h - Math.max(0, solarKw?.[s] ?? 0) * h;
    const planned = ((plan.value_trajectory[s] ?? 0) / 100) * capacityKwh;
    let grid = net;
    if (s >= fromSlot && plan.intervals[s]) {
      const stored = Math.min(Math.max(0, planned - soc), Math.max(0, battery.chargeKw[s] ?? 0) * h * etaIn);
      soc += stored;
      grid += stored / etaIn;
    } else if (s >= fromSlot && plan.export_intervals?.[s] && etaOut > 0) {
      const delivered = Math.min(dischargeKw * h, Math.max(0, soc - Math.max(minKwh, planned)) * etaOut);
      soc -= delivered / etaOut;
      grid -= delivered;
    } else if (s >= fromSlot && plan.discharge_intervals[s] && net >= 0) {
      const delivered = Math.min(net, dischargeKw * h, Math.max(0, soc - minKwh) * etaOut);
      if (etaOut > 0) soc -= delivered / etaOut;
      grid -= delivered;
    } else if (s >= fromSlot && plan.discharge_intervals[s]) {
      const stored = Math.min(-net * etaIn, Math.max(0, battery.chargeKw[s] ?? 0) * h * etaIn, Math.max(0, capacityKwh - soc));
      soc += stored;
      grid += stored / etaIn;
    }
    endKwh.push(soc);
    gridKwh.push(s >= fromSlot ? grid : 0);
  }
  return { endKwh, gridKwh };
}

/**
 * What executing a day costs, cents: the import of slots `fromSlot`.. at `prices` less the export
 * at `exportPrices` (nothing without them), plus the charge it took out of the battery at
 * `refillCentsPerKwh` (minus what it added and still holds), the planner's own valuation of the
 * charge left at the end (home-battery.md).
 */
export function executionCostCents(
  run: BatteryExecution,
  startKwh: number,
  prices: readonly number[],
  refillCentsPerKwh: number,
  fromSlot = 0,
  exportPrices: readonly number[] | null = null,
): number {
  let cents = 0;
  for (let s = fromSlot; s < SLOTS; s++) {
    const kwh = run.gridKwh[s]!;
    cents += kwh * (kwh >= 0 ? (prices[s] ?? 0) : (exportPrices?.[s] ?? 0));
  }
  return cents + refillCentsPerKwh * (startKwh - (run.endKwh.at(-1) ?? startKwh));
}
