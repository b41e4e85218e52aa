// The home battery with solar behind its meter, and with tomorrow's prices known.
import { describe, expect, it } from 'vitest';
import { executeBatteryDay, executedBatteryOf, executionCostCents } from './home-battery-execution.js';
import { planHomeBattery } from './home-battery.js';
import { homeBatteryPlanner, planHomeBatteryWithSolar } from './home-battery-solar.js';
import { block, day, flat, on, priced, range } from './planner-fixtures.test-support.js';
import type { HomeBatteryInput } from './types.js';

// 10 kWh, 5 kW both ways, lossless for round numbers, 10 % minimum, starting at the minimum, no target.
const BATTERY: HomeBatteryInput = {
  socPct: 10,
  capacityKwh: 10,
  maxChargeRateKw: 5,
  maxDischargeRateKw: 5,
  chargeEfficiency: 1,
  dischargeEfficiency: 1,
  targetPct: 10,
  minPct: 10,
  maxPct: 100,
  deadlineMinute: null,
  householdLoadKw: flat(1),
};
// 4 kW of sun 10:00-14:00 (8 slots): a 3 kW surplus over the 1 kW house, 12 kWh of it.
const SUN = flat(0).map((_, s) => (s >= 20 && s < 28 ? 4 : 0));
const FEED_IN = day(flat(30), { exportPricesCentsPerKwh: flat(10) });

describe('home battery with solar', () => {
  it('stores the midday surplus instead of exporting it and covers the evening with it, charging nothing from the grid', () => {
    const r = planHomeBattery(FEED_IN, { ...BATTERY, solarKw: SUN });
    expect(on(r.schedule.intervals)).toEqual([]);
    // Storing is self-consumption: the battery rises in surplus slots marked discharge_intervals, full by 14:00.
    const rising = range(20, 27).filter((s) => r.schedule.value_trajectory[s]! > r.schedule.value_trajectory[s - 1]!);
    expect(rising.length).toBeGreaterThan(0);
    expect(rising.every((s) => r.schedule.discharge_intervals[s])).toBe(true);
    expect(r.schedule.value_trajectory[27]).toBe(100);
    // Without the battery the house imports 20 kWh (30 c) and exports 12 kWh (10 c): 600 - 120.
    expect(r.baselineCostCents).toBeCloseTo(480, 6);
    // It ends the day where it started: the 9 kWh stored each save 30 c instead of earning 10 c exported.
    expect(r.schedule.value_trajectory[47]).toBeCloseTo(10, 6);
    expect(r.optimizedCostCents).toBeCloseTo(480 - 9 * (30 - 10), 3);
  });

  it('leaves room for the sun: a cheap night charges only what the morning uses before the sun comes', () => {
    const cheapNight = day(priced(30, block(0, 11, 20)), { exportPricesCentsPerKwh: flat(5) });
    const r = planHomeBattery(cheapNight, { ...BATTERY, solarKw: SUN });
    // Back at the minimum when the surplus starts (10:00), so all 9 kWh of room take the sun.
    expect(r.schedule.value_trajectory[19]).toBe(10);
    expect(r.schedule.value_trajectory[27]).toBe(100);
    // Without the sun the night charge is what covers the day.
    const withoutSun = planHomeBattery(cheapNight, BATTERY);
    expect(withoutSun.schedule.value_trajectory[19]).toBeGreaterThan(10);
  });

  it('the registry runs every idle slot priced at least its cheapest covering slot in self-consumption, so more sun than forecast is used', () => {
    const forecast = { ...BATTERY, solarKw: SUN.map((kw) => kw / 2) };
    const r = planHomeBatteryWithSolar(FEED_IN, forecast);
    expect(homeBatteryPlanner(FEED_IN, forecast)).toEqual(r);
    const exact = planHomeBattery(FEED_IN, forecast);
    expect(r.schedule.discharge_intervals.every((isOn, s) => isOn || r.schedule.intervals[s])).toBe(true);
    expect(on(exact.schedule.discharge_intervals).length).toBeLessThan(48);
    // On the day that comes (twice the sun), the widened plan covers more of the evening with what it stored.
    const battery = executedBatteryOf(forecast);
    const cost = (d: typeof exact.schedule) => executionCostCents(executeBatteryDay(d, flat(1), flat(0.5), battery, 0, SUN), 1, flat(30), 0, 0, flat(10));
    expect(cost(r.schedule)).toBeLessThan(cost(exact.schedule) - 1);
  });

  it('still exports where exporting pays more: net metering with an evening peak sends the stored sun out at the peak, and so does the day that comes', () => {
    // 30 c, 60 c 17:00-21:00 (slots 34-41), exports credited the import price.
    const peak = priced(30, block(34, 41, 60));
    const netMetering = day(peak, { exportPricesCentsPerKwh: peak });
    const r = homeBatteryPlanner(netMetering, { ...BATTERY, solarKw: SUN });
    const exporting = on(r.schedule.export_intervals);
    expect(exporting.length).toBeGreaterThan(0);
    expect(exporting.every((s) => s >= 34 && s <= 41 && r.schedule.discharge_intervals[s])).toBe(true);
    // Full before the peak, at the minimum after it: 9 kWh out, at most 4 of them to the house.
    expect(r.schedule.value_trajectory[33]).toBe(100);
    expect(r.schedule.value_trajectory[41]).toBe(10);
    const run = executeBatteryDay(r.schedule, flat(1), flat(0.5), executedBatteryOf(BATTERY), 0, SUN);
    const exportedKwh = range(34, 41).reduce((sum, s) => sum - Math.min(0, run.gridKwh[s]!), 0);
    expect(exportedKwh).toBeGreaterThan(5 - 1e-6);
    expect(run.endKwh[41]).toBeCloseTo(1, 6);
  });
});

describe('home battery with tomorrow known', () => {
  // Today: 20 c, 10 c at midday (10:00-14:00), 25 c in the evening (18:00-24:00). Tomorrow: 60 c until 09:00, then 20 c.
  const today = priced(20, { ...block(20, 27, 10), ...block(36, 47, 25) });
  const tomorrow = priced(20, block(0, 17, 60));

  it('keeps charge at midnight for a dear tomorrow morning that a plan without tomorrow spends tonight', () => {
    const blind = planHomeBattery(day(today), BATTERY);
    const seeing = planHomeBattery(day(today, { tomorrow: { pricesCentsPerKwh: tomorrow, exportPricesCentsPerKwh: null } }), BATTERY);
    // Both fill the battery at midday; without tomorrow it covers tonight's 25 c evening down to the start.
    expect(blind.schedule.value_trajectory[27]).toBe(100);
    expect(blind.schedule.value_trajectory[47]).toBe(10);
    expect(range(36, 47).every((s) => blind.schedule.discharge_intervals[s])).toBe(true);
    // With tomorrow's 60 c morning known, the evening is left to the grid and the charge kept for the morning.
    expect(seeing.schedule.value_trajectory[47]).toBe(100);
    expect(range(36, 47).some((s) => seeing.schedule.discharge_intervals[s])).toBe(false);
    // Still 48 slots of today, costed as without tomorrow.
    expect(seeing.schedule.intervals).toHaveLength(48);
    expect(seeing.schedule.value_trajectory).toHaveLength(48);
    expect(seeing.baselineCostCents).toBeCloseTo(blind.baselineCostCents, 6);
  });

  // Net billing: 40 c, 52 c 16:00-21:00, exports credited a quarter; the day starts full.
  const peak = priced(40, block(32, 41, 52));
  const netBilling = day(peak, {
    exportPricesCentsPerKwh: peak.map((c) => c / 4),
    tomorrow: { pricesCentsPerKwh: peak, exportPricesCentsPerKwh: peak.map((c) => c / 4) },
  });
  const full = { ...BATTERY, socPct: 100, targetPct: 100, isDayStartFloor: true };

  it("meets the day's floor once tomorrow's forecast sun has refilled the battery: the evening spends the charge the sun brings back", () => {
    const r = planHomeBattery(netBilling, { ...full, solarKw: SUN });
    // Tonight covers the house below the day's start; by tomorrow's last surplus slot the sun has brought it back.
    expect(r.schedule.value_trajectory[47]).toBeLessThan(100);
    expect(r.missed).toEqual([]);
    expect(range(32, 41).every((s) => r.schedule.discharge_intervals[s])).toBe(true);
  });

  it("meets the day's floor by tomorrow's end when tomorrow is priced otherwise, at midnight when tomorrow repeats today", () => {
    // A dear evening (50 c) and a cheap night (5 c until 06:00); the day starts full.
    const evening = priced(20, { ...block(0, 11, 5), ...block(36, 47, 50) });
    const dayAhead = priced(20, { ...block(0, 11, 4), ...block(36, 47, 50) });
    const seeing = (next: number[]) => planHomeBattery(day(evening, { tomorrow: { pricesCentsPerKwh: next, exportPricesCentsPerKwh: null } }), full);
    // A day-ahead tomorrow: the evening spends the charge and tomorrow's 4 c night refills it.
    const ahead = seeing(dayAhead);
    expect(ahead.schedule.value_trajectory[47]).toBe(10);
    expect(range(36, 47).every((s) => ahead.schedule.discharge_intervals[s])).toBe(true);
    expect(ahead.missed).toEqual([]);
    // The same prices tomorrow: the day ends no lower than it started, so the evening is left to the grid.
    const repeating = seeing(evening);
    expect(repeating.schedule.value_trajectory[47]).toBe(100);
    expect(repeating.missed).toEqual([]);
  });

  it('holds the floor at midnight without a surplus tomorrow, and for a target that is set', () => {
    const sunTodayOnly = [...SUN, ...flat(0)];
    expect(planHomeBattery(netBilling, { ...full, solarKw: sunTodayOnly }).schedule.value_trajectory[47]).toBe(100);
    expect(planHomeBattery(netBilling, { ...full, isDayStartFloor: false, solarKw: SUN }).schedule.value_trajectory[47]).toBe(100);
  });
});
