// The home battery under each export pricing of the rate settings: the day's import and
// export curves come from the tariff domain exactly as the recompute builds them.
import { describe, expect, it } from 'vitest';
import { buildRateCurve } from '../tariffs/rate-curve.js';
import { EMPTY_RATE_SETTINGS, type StoredRateSettings } from '../tariffs/rate-settings.js';
import { planHomeBattery } from './home-battery.js';
import { day, on } from './planner-fixtures.test-support.js';
import type { HomeBatteryInput } from './types.js';

// Night 10 c (00:00-06:00), evening peak 40 c (17:00-21:00), 20 c otherwise.
const IMPORT_HOURLY = Array.from({ length: 24 }, (_, h) => (h < 6 ? 10 : h >= 17 && h < 21 ? 40 : 20));
// 10 kWh, 5 kW both ways, full at the 17:00 deadline; a house using 0.4 kW (0.2 kWh a slot), so the
// peak's 8 slots can take only 1.6 kWh of the 6 kWh above the minimum.
const BATTERY: HomeBatteryInput = {
  socPct: 80,
  capacityKwh: 10,
  maxChargeRateKw: 5,
  maxDischargeRateKw: 5,
  // The former physics: 0.9 all on the way in, and a ceiling at the target.
  chargeEfficiency: 0.9,
  dischargeEfficiency: 1,
  targetPct: 80,
  minPct: 20,
  maxPct: 80,
  deadlineMinute: 17 * 60,
  householdLoadKw: Array(48).fill(0.4),
};
const SLOT_LOAD_KWH = 0.2;
const PEAK = [34, 35, 36, 37, 38, 39, 40, 41];

/** The day the recompute would plan for these rate settings: import curve and export curve (or null). */
function dayOf(settings: Partial<StoredRateSettings>) {
  const curve = buildRateCurve({
    settings: { ...EMPTY_RATE_SETTINGS, pricing_source: 'custom', hourly_rates_cents_per_kwh: IMPORT_HOURLY, ...settings },
    date: '2026-07-15',
    timeZone: 'UTC',
    defaultAdderCentsPerKwh: 0,
    dynamicPoints: null,
  });
  return day(curve.rates_cents_per_kwh, { date: '2026-07-15', exportPricesCentsPerKwh: curve.export_rates_cents_per_kwh });
}

/** kWh exported in each slot: what leaves the battery beyond the house's load (the trajectory is % of 10 kWh). */
function exportedKwh(trajectory: number[], startPct: number): number[] {
  return trajectory.map((pct, i) => Math.max(0, ((i === 0 ? startPct : trajectory[i - 1]!) - pct) / 10 - SLOT_LOAD_KWH));
}

describe('planHomeBattery with export rates', () => {
  it('net metering: discharges at the peak past the house, earning the import price', () => {
    const r = planHomeBattery(dayOf({ export_pricing: 'net_metering' }), BATTERY);
    const exported = exportedKwh(r.schedule.value_trajectory, BATTERY.socPct);
    const exportSlots = exported.flatMap((kwh, i) => (kwh > 1e-6 ? [i] : []));
    expect(exportSlots.length).toBeGreaterThan(0);
    expect(exportSlots.every((i) => PEAK.includes(i))).toBe(true);
    // All 6 kWh above the minimum go out at the peak's 40 c (how they split between the house and
    // the grid does not matter at net metering), and count at the refill price, 10 c / 0.9.
    expect(r.schedule.value_trajectory[33]).toBe(80);
    expect(r.schedule.value_trajectory[41]).toBe(20);
    expect(exported.reduce((s, x) => s + x, 0)).toBeGreaterThan(6 - 8 * SLOT_LOAD_KWH - 1e-6);
    expect(r.optimizedCostCents).toBeCloseTo(r.baselineCostCents - 6 * 40 + (6 * 10) / 0.9, 6);
    expect(r.missed).toEqual([]);
  });

  it('none: never exports; the battery only covers the house', () => {
    const r = planHomeBattery(dayOf({ export_pricing: 'none' }), BATTERY);
    expect(exportedKwh(r.schedule.value_trajectory, BATTERY.socPct).every((kwh) => kwh < 1e-9)).toBe(true);
    // The house at the peak (8 slots, 40 c) and after it (6 slots, 20 c): both beat the 11.1 c refill.
    expect(on(r.schedule.discharge_intervals)).toEqual([...PEAK, 42, 43, 44, 45, 46, 47]);
    const outKwh = 14 * SLOT_LOAD_KWH;
    expect(r.optimizedCostCents).toBeCloseTo(r.baselineCostCents - 8 * SLOT_LOAD_KWH * 40 - 6 * SLOT_LOAD_KWH * 20 + (outKwh * 10) / 0.9, 6);
    expect(r.optimizedCostCents).toBeGreaterThan(planHomeBattery(dayOf({ export_pricing: 'net_metering' }), BATTERY).optimizedCostCents + 100);
  });

  it('a negative export price never exports (with positive import prices)', () => {
    const negative = Array.from({ length: 24 }, (_, h) => (h >= 17 && h < 21 ? -0.5 : -8));
    const r = planHomeBattery(dayOf({ export_pricing: 'custom', export_hourly_rates_cents_per_kwh: negative }), BATTERY);
    expect(exportedKwh(r.schedule.value_trajectory, BATTERY.socPct).every((kwh) => kwh < 1e-9)).toBe(true);
    const none = planHomeBattery(dayOf({}), BATTERY);
    expect(r.optimizedCostCents).toBeCloseTo(none.optimizedCostCents, 9);
    const arrays = ({ reasons_48, summary, ...rest }: typeof r.schedule) => ({ ...rest, codes: reasons_48.map((x) => x.code), summary });
    expect(arrays(r.schedule)).toEqual(arrays(none.schedule));
  });

  it('custom net billing: exports only where the export price beats keeping the charge', () => {
    // A few cents most hours, 60 c from 19:00 to 20:00 only (slots 38 and 39), negative at noon.
    const nem3 = Array.from({ length: 24 }, (_, h) => (h === 19 ? 60 : h >= 11 && h < 14 ? -3 : 4));
    const r = planHomeBattery(dayOf({ export_pricing: 'custom', export_hourly_rates_cents_per_kwh: nem3 }), BATTERY);
    const exported = exportedKwh(r.schedule.value_trajectory, BATTERY.socPct);
    const exportSlots = exported.flatMap((kwh, i) => (kwh > 1e-6 ? [i] : []));
    expect(exportSlots).toEqual([38, 39]);
    // 5 kW for two slots is 5 kWh out: 0.4 kWh to the house, 4.6 kWh exported at 60 c; the last
    // 1 kWh covers the house in the other peak slots (40 c), down to the minimum.
    expect(exported[38]! + exported[39]!).toBeCloseTo(4.6, 6);
    expect(r.schedule.value_trajectory[47]).toBe(20);
  });
});
