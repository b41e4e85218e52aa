// A battery's replayed day for checking the ledger's hindsight: the battery, a rule of thumb for
// what it did (one the three-price tariff rewards, but not the optimum), and the optimizer
// benchmark's exact HiGHS reference on the same day, from the slot the ledger accounts from.
import type { Highs } from 'highs';
import type { DayContext } from '../../domain/planners/types.js';
import { slotDurationsHours, slotStartsUtc } from '../../domain/time/slot-grid.js';
import { solveBatteryReference } from '../optimizer/reference-home-battery.js';
import type { ReferenceResult } from '../optimizer/reference-rules.js';

/** The replayed battery: 13.5 kWh, 5 kW both ways, 0.95 / 0.95 (the planner's default), 10 % minimum, from 50 %. */
export const BATTERY = { capacityKwh: 13.5, rateKw: 5, efficiency: 0.95, minPct: 10, startPct: 50 };

/** Its appliance config and constraints, as the API and the ledger take them. */
export const BATTERY_CONFIG = { capacity_kwh: BATTERY.capacityKwh, max_charge_rate_kw: BATTERY.rateKw, max_discharge_rate_kw: BATTERY.rateKw };
export const BATTERY_CONSTRAINTS = { min_charge_pct: BATTERY.minPct };

/**
 * What the battery did: from 50 % it charges at full rate from 01:00 to 05:00 up to 90 %, covers
 * the house through the 17:00-21:00 peak as far as its rate and 10 % allow, and idles otherwise.
 * Its charge at the end of each slot, %.
 */
export function ruleOfThumbSocPct(loadKw: readonly number[], slotHours: readonly number[]): number[] {
  const pctOf = (kwh: number) => (100 * kwh) / BATTERY.capacityKwh;
  let pct = BATTERY.startPct;
  return loadKw.map((kw, i) => {
    const hours = slotHours[i]!;
    if (i >= 2 && i < 10) pct = Math.min(90, pct + pctOf(BATTERY.rateKw * hours * BATTERY.efficiency));
    if (i >= 34 && i < 42) pct = Math.max(BATTERY.minPct, pct - pctOf((Math.min(kw, BATTERY.rateKw) * hours) / BATTERY.efficiency));
    return pct;
  });
}

/** A local day on a tariff without export rates, for the ledger and the reference. */
export const replayDay = (date: string, timeZone: string, pricesCentsPerKwh: readonly number[]): DayContext => ({
  date,
  timeZone,
  slotStarts: slotStartsUtc(date, timeZone),
  slotHours: slotDurationsHours(date, timeZone),
  pricesCentsPerKwh: [...pricesCentsPerKwh],
  exportPricesCentsPerKwh: null,
  outdoorTempF: Array(48).fill(70),
  fromSlot: 0,
});

/** The reference's exact optimum of the battery on `loadKw`, from `fromSlot` at `startPct`, ending at `endPct`; its cost is the battery's own (cents against idle). */
export function referenceBattery(
  highs: Highs,
  day: DayContext,
  loadKw: readonly number[],
  fromSlot: number,
  startPct: number,
  endPct: number,
): ReferenceResult {
  return solveBatteryReference(
    highs,
    { ...day, fromSlot },
    {
      socPct: startPct,
      capacityKwh: BATTERY.capacityKwh,
      maxChargeRateKw: BATTERY.rateKw,
      maxDischargeRateKw: BATTERY.rateKw,
      chargeEfficiency: BATTERY.efficiency,
      dischargeEfficiency: BATTERY.efficiency,
      targetPct: endPct,
      minPct: BATTERY.minPct,
      maxPct: 100,
      deadlineMinute: null,
      householdLoadKw: [...loadKw],
      householdLoadDaysKw: null,
      chargeHeadroomKw: null,
    },
  );
}
