import { describe, expect, it } from 'vitest';
import { slotDurationsHours } from '../time/slot-grid.js';
import { planHomeBattery } from './home-battery.js';
import type { HomeBatteryInput } from './types.js';
import { day, flat, priced, block, on } from './planner-fixtures.test-support.js';

// 10 kWh, 5 kW both ways, 90 % round trip (all on the way in), a house using 2 kW (1 kWh a slot).
const BATTERY: HomeBatteryInput = {
  socPct: 20,
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
  householdLoadKw: Array(48).fill(2),
};
// Night 10 c (00:00-06:00), peak 40 c (17:00-21:00), 20 c otherwise: the house pays 1000 c without a battery.
const TOU = priced(20, { ...block(0, 11, 10), ...block(34, 41, 40) });

describe('planHomeBattery', () => {
  it('charges at night to the target by the deadline, then covers the evening peak down to the minimum', () => {
    const r = planHomeBattery(day(TOU), BATTERY);
    // 6 kWh stored (6.67 kWh bought at 10 c) then 6 kWh saving 40 c each: 66.67 - 240 below the baseline.
    expect(r.baselineCostCents).toBeCloseTo(1000, 6);
    expect(r.optimizedCostCents).toBeCloseTo(1000 + 66.6667 - 240, 3);
    expect(on(r.schedule.intervals).every((i) => i <= 11)).toBe(true);
    expect(on(r.schedule.intervals)).toHaveLength(3);
    expect(on(r.schedule.discharge_intervals)).toHaveLength(6);
    expect(on(r.schedule.discharge_intervals).every((i) => i >= 34 && i <= 41)).toBe(true);
    expect(r.schedule.value_trajectory[33]).toBe(80);
    expect(r.schedule.value_trajectory[47]).toBe(20);
    expect(r.schedule.unit).toBe('percent');
    expect(r.missed).toEqual([]);
  });

  it.each([
    ['flat prices: the charge bought for the target is stored at what it cost, not lost', flat(30), { ...BATTERY, socPct: 50 }, 1440],
    [
      'no deadline: the target applies at midnight, so the peak is covered and refilled after it',
      TOU,
      { ...BATTERY, socPct: 80, deadlineMinute: null },
      1000 - 240 + (6 / 0.9) * 20,
    ],
  ] as const)('%s', (_name, prices, input, optimized) => {
    const r = planHomeBattery(day([...prices]), input);
    expect(r.optimizedCostCents).toBeCloseTo(optimized, 3);
    expect(r.missed).toEqual([]);
  });

  it('buys at negative prices up to the target even with nothing to cover', () => {
    const r = planHomeBattery(day(priced(20, block(20, 23, -10)), { fromSlot: 0 }), { ...BATTERY, householdLoadKw: Array(48).fill(0), deadlineMinute: null });
    // 6 kWh stored = 6.67 kWh bought at -10 c.
    expect(r.optimizedCostCents).toBeCloseTo(-66.6667, 3);
    expect(on(r.schedule.intervals).every((i) => i >= 20 && i <= 23)).toBe(true);
    expect(on(r.schedule.discharge_intervals)).toEqual([]);
  });

  it('exports past the house only with an export curve, valued at its price', () => {
    const exportPrices = priced(5, block(34, 41, 42));
    const r = planHomeBattery(day(TOU, { exportPricesCentsPerKwh: exportPrices }), { ...BATTERY, socPct: 80 });
    // From 80 % at the deadline, 6 kWh out at the peak, at most 2.5 kWh a slot, each slot covering
    // its house (1 kWh, 40 c) before exporting (42 c): 3 slots, 3 kWh to the house and 3 exported.
    // The 6 kWh taken out count at the refill price, 10 c / 0.9.
    const refill = (6 * 10) / 0.9;
    expect(r.optimizedCostCents).toBeCloseTo(1000 - 3 * 40 - 3 * 42 + refill, 3);
    expect(on(r.schedule.discharge_intervals)).toHaveLength(3);
    const noExport = planHomeBattery(day(TOU), { ...BATTERY, socPct: 80 });
    expect(noExport.optimizedCostCents).toBeCloseTo(1000 - 6 * 40 + refill, 3);
  });

  it('keeps its charge past the deadline when using it saves less than buying it back costs', () => {
    const r = planHomeBattery(day(flat(30)), { ...BATTERY, socPct: 80 });
    expect(on(r.schedule.discharge_intervals)).toEqual([]);
    expect(r.optimizedCostCents).toBeCloseTo(r.baselineCostCents, 9);
  });

  it("without a target, at a flat tariff, covers the evening with the charge above the day's floor rather than carrying it", () => {
    // 18:00, the battery at 80 % after a sunny afternoon, the day started at 50 %: nothing makes
    // tomorrow buy back what the evening uses, so each stored kWh is worth its use (30 c), not the
    // 33.3 c it would cost to buy back.
    const evening = { ...BATTERY, socPct: 80, targetPct: 50, isDayStartFloor: true, deadlineMinute: null, maxPct: 100, dischargeEfficiency: 0.95 };
    const r = planHomeBattery(day(flat(30), { fromSlot: 36 }), evening);
    expect(on(r.schedule.discharge_intervals)).toHaveLength(3);
    expect(r.schedule.value_trajectory.at(-1)).toBeCloseTo(50, 1);
    // With a target of the same 50 % tomorrow's plan must buy back what the evening spends below it: held as before.
    const targeted = planHomeBattery(day(flat(30), { fromSlot: 36 }), { ...evening, isDayStartFloor: false });
    expect(on(targeted.schedule.discharge_intervals)).toEqual([]);
  });

  it('charges from the start while below the minimum and reports the slots it could not hold', () => {
    const r = planHomeBattery(day(flat(20)), { ...BATTERY, socPct: 0, minPct: 40, targetPct: 80 });
    // 2.25 kWh a slot: 22.5 % after slot 0, 45 % after slot 1.
    expect(on(r.schedule.intervals).slice(0, 2)).toEqual([0, 1]);
    expect(r.schedule.value_trajectory[0]).toBe(22.5);
    expect(r.missed).toEqual([{ limit: 'min_charge_pct', message: 'falls to 22.5 %, below the 40 % minimum', achieved: 22.5 }]);
  });

  it('charges every slot before a deadline too close for the target', () => {
    const r = planHomeBattery(day(flat(20)), { ...BATTERY, deadlineMinute: 60 });
    expect(on(r.schedule.intervals).slice(0, 2)).toEqual([0, 1]);
    expect(r.schedule.value_trajectory[1]).toBe(65);
    expect(r.missed).toEqual([{ limit: 'target_charge_pct', message: 'reaches 65 % by 01:00, short of the 80 % target', achieved: 65 }]);
  });

  it("takes a deadline at or before the plan start as tomorrow and plans into tomorrow at today's prices", () => {
    // At 18:00 with a 07:00 deadline: tomorrow's night at 10 c, not tonight's 20 c.
    const r = planHomeBattery(day(TOU, { fromSlot: 36 }), { ...BATTERY, socPct: 50, deadlineMinute: 7 * 60 });
    expect(on(r.schedule.intervals)).toEqual([]);
    expect(on(r.schedule.discharge_intervals)).toHaveLength(3);
    expect(on(r.schedule.discharge_intervals).every((i) => i >= 36 && i <= 41)).toBe(true);
    expect(r.schedule.value_trajectory[47]).toBe(20);
    expect(r.missed).toEqual([]);
  });

  it.each([
    ['no battery', { capacityKwh: 0 }, 20],
    ['no charge or discharge rate', { maxChargeRateKw: 0, maxDischargeRateKw: 0 }, 20],
  ])('with %s it idles, costs the baseline and reports the target missed', (_name, over, reached) => {
    const r = planHomeBattery(day(TOU), { ...BATTERY, ...over });
    expect(on(r.schedule.intervals)).toEqual([]);
    expect(on(r.schedule.discharge_intervals)).toEqual([]);
    expect(r.optimizedCostCents).toBeCloseTo(r.baselineCostCents, 9);
    expect(r.missed.map((m) => [m.limit, m.achieved])).toEqual([['target_charge_pct', reached]]);
  });

  it.each([
    ['spring forward', '2026-03-08', 23],
    ['fall back', '2026-11-01', 25],
  ])('counts real slot lengths on a %s day (%s): the house uses 2 kW for %s hours', (_name, date, hours) => {
    const slotHours = slotDurationsHours(date, 'America/New_York');
    const r = planHomeBattery(day(flat(10), { slotHours }), { ...BATTERY, socPct: 80, deadlineMinute: null });
    expect(r.baselineCostCents).toBeCloseTo(hours * 2 * 10, 6);
    expect(r.optimizedCostCents).toBeCloseTo(hours * 2 * 10, 6);
  });
});
