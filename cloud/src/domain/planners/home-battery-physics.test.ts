// The home battery's physics and targets. Losses on both sides, the target a floor at the
// deadline and never a ceiling, no target meaning "end the day no lower than it started", and the
// import limit's headroom capping what charging may draw.
import { describe, expect, it } from 'vitest';
import { planHomeBattery } from './home-battery.js';
import { block, day, on, priced } from './planner-fixtures.test-support.js';
import type { HomeBatteryInput } from './types.js';

// Night 10 c (00:00-06:00), peak 40 c (17:00-21:00), 20 c otherwise.
const TOU = priced(20, { ...block(0, 11, 10), ...block(34, 41, 40) });
// A house that only uses power at the peak: 2 kW, 1 kWh a slot, 8 kWh in all (320 c without a battery).
const PEAK_LOAD = Array.from({ length: 48 }, (_, i) => (i >= 34 && i <= 41 ? 2 : 0));
// 10 kWh, 5 kW both ways, 0.95 each way, half full, 10 % minimum, no target (ends no lower than 50 %).
const BATTERY: HomeBatteryInput = {
  socPct: 50,
  capacityKwh: 10,
  maxChargeRateKw: 5,
  maxDischargeRateKw: 5,
  chargeEfficiency: 0.95,
  dischargeEfficiency: 0.95,
  targetPct: 50,
  minPct: 10,
  maxPct: 100,
  deadlineMinute: null,
  householdLoadKw: PEAK_LOAD,
};

describe('home battery physics', () => {
  it('charges past the starting charge on a cheap night to cover the whole peak, and ends the day where it started', () => {
    const r = planHomeBattery(day(TOU), BATTERY);
    // Night: 5 kWh stored (5/0.95 bought at 10 c). Peak: 8 kWh delivered = 8/0.95 stored taken out,
    // leaving 10 - 8.421 = 1.579 kWh; refilled to 5 kWh after the peak at 20 c (/0.95).
    const night = (5 / 0.95) * 10;
    const refill = ((5 - (10 - 8 / 0.95)) / 0.95) * 20;
    expect(r.baselineCostCents).toBeCloseTo(320, 6);
    expect(r.optimizedCostCents).toBeCloseTo(night + refill, 3);
    expect(Math.max(...r.schedule.value_trajectory)).toBe(100);
    expect(on(r.schedule.discharge_intervals)).toEqual([34, 35, 36, 37, 38, 39, 40, 41]);
    // Each kWh delivered takes 1/0.95 kWh out of the battery: 10.53 % of it a slot.
    expect(r.schedule.value_trajectory[34]).toBeCloseTo(100 - 100 / 9.5, 1);
    expect(r.schedule.value_trajectory[47]).toBe(50);
    expect(r.missed).toEqual([]);
  });

  it('max_charge_pct is the ceiling: at 50 % the battery only cycles what it holds, at a higher cost', () => {
    const capped = planHomeBattery(day(TOU), { ...BATTERY, maxPct: 50 });
    // 4 kWh above the minimum deliver 3.8 kWh at 40 c; refilled at 20 c after the peak.
    expect(capped.optimizedCostCents).toBeCloseTo(320 - 3.8 * 40 + (4 / 0.95) * 20, 3);
    expect(Math.max(...capped.schedule.value_trajectory)).toBe(50);
    expect(capped.optimizedCostCents).toBeGreaterThan(planHomeBattery(day(TOU), BATTERY).optimizedCostCents + 100);
  });

  it('a target below the starting charge lets the battery go down to it by the deadline, and the minimum after', () => {
    // Full at the start, 30 % by 17:00, the house using 2 kW all day at a flat 20 c except the 40 c peak.
    const house = Array(48).fill(2);
    const r = planHomeBattery(day(TOU), { ...BATTERY, socPct: 100, targetPct: 30, deadlineMinute: 17 * 60, householdLoadKw: house });
    expect(r.missed).toEqual([]);
    expect(r.schedule.value_trajectory[33]).toBeGreaterThanOrEqual(30);
    expect(Math.min(...r.schedule.value_trajectory)).toBeGreaterThanOrEqual(10 - 1e-9);
    expect(on(r.schedule.discharge_intervals).filter((i) => i >= 34 && i <= 41)).toHaveLength(8);
  });

  it('never charges faster than the import limit leaves room for', () => {
    const headroom = Array.from({ length: 48 }, (_, i) => (i < 12 ? 1.5 : 5));
    const r = planHomeBattery(day(TOU), { ...BATTERY, chargeHeadroomKw: headroom });
    const rises = r.schedule.value_trajectory.map((v, i) => v - (i > 0 ? r.schedule.value_trajectory[i - 1]! : 50));
    // 1.5 kW for half an hour at 0.95: 0.7125 kWh = 7.125 % a slot at night.
    for (let i = 0; i < 12; i++) expect(rises[i]).toBeLessThanOrEqual(7.125 + 0.01);
    expect(r.optimizedCostCents).toBeGreaterThan(planHomeBattery(day(TOU), BATTERY).optimizedCostCents - 1e-6);
    expect(r.missed).toEqual([]);
  });

  it('names a target the import limit leaves out of reach', () => {
    const r = planHomeBattery(day(TOU), { ...BATTERY, socPct: 20, targetPct: 80, deadlineMinute: 6 * 60, chargeHeadroomKw: Array(48).fill(1) });
    // 12 slots of 1 kW at 0.95: 5.7 kWh, 20 % + 57 % = 77 %.
    expect(r.missed).toEqual([{ limit: 'target_charge_pct', message: 'reaches 77 % by 06:00, short of the 80 % target', achieved: 77 }]);
  });
});
