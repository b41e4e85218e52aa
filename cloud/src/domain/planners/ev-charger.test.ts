import { describe, expect, it } from 'vitest';
import { slotDurationsHours } from '../time/slot-grid.js';
import { evChargerPlanner, planEvCharger } from './ev-charger.js';
import type { EvChargerInput } from './types.js';
import { day, flat, priced, range, on } from './planner-fixtures.test-support.js';

// 60 kWh, 7.2 kW at 90 %: a slot adds 3.24 kWh = 5.4 %; 50 -> 80 % needs 18 kWh, 20 kWh from the grid.
const CAR: EvChargerInput = { socPct: 50, capacityKwh: 60, maxChargeRateKw: 7.2, efficiency: 0.9, targetPct: 80, minPct: 20, deadlineMinute: null };

describe('planEvCharger', () => {
  it.each([
    ['flat prices: the earliest slots, the last one stopping at the target', day(flat(30)), CAR, range(0, 5), 600, 600],
    [
      'peak/off-peak, 07:00 deadline at 18:00 (tomorrow): the off-peak slots before midnight',
      day(priced(20, Object.fromEntries(range(32, 41).map((i) => [i, 50]))), { fromSlot: 36 }),
      { ...CAR, deadlineMinute: 7 * 60 },
      range(42, 47),
      1000,
      400,
    ],
    [
      'negative prices: all of them, then the cheapest others with the partial slot last',
      day(priced(30, { 10: -5, 11: -5, 12: -5, 13: -5 })),
      CAR,
      [0, 10, 11, 12, 13, 14],
      600,
      96,
    ],
    ['already at the target: nothing', day(flat(30)), { ...CAR, socPct: 85 }, [], 0, 0],
    ['unplugged: nothing, however far below the target', day(flat(30), { fromSlot: 10 }), { ...CAR, isUnplugged: true }, [], 0, 0],
    [
      'the cheapest slots before the deadline, not after',
      day(priced(40, { 3: 10, 4: 10, 30: 1 })),
      { ...CAR, targetPct: 60.8, deadlineMinute: 6 * 60 },
      [3, 4],
      288,
      72,
    ],
  ] as const)('%s', (_name, d, input, slots, baseline, optimized) => {
    const r = planEvCharger(d, input);
    expect(on(r.schedule.intervals)).toEqual(slots);
    expect(r.baselineCostCents).toBeCloseTo(baseline, 6);
    expect(r.optimizedCostCents).toBeCloseTo(optimized, 6);
    expect(r.missed).toEqual([]);
  });

  it('reports the value at the end of each slot, the start value before the plan start and the last value after the deadline', () => {
    const r = planEvCharger(day(flat(30), { fromSlot: 2 }), { ...CAR, deadlineMinute: 8 * 60 });
    expect(r.schedule.unit).toBe('percent');
    expect(r.schedule.value_trajectory.slice(0, 9)).toEqual([50, 50, 55.4, 60.8, 66.2, 71.6, 77, 80, 80]);
    expect(r.schedule.value_trajectory.slice(16)).toEqual(Array(32).fill(80));
    expect(on(r.schedule.intervals)).toEqual(range(2, 7));
  });

  it('charges from the plan start until the minimum, then waits for cheap slots', () => {
    const r = planEvCharger(day(priced(40, Object.fromEntries(range(40, 47).map((i) => [i, 10])))), { ...CAR, socPct: 10, minPct: 25 });
    // 10 -> 15.4 -> 20.8 -> 26.2: three forced slots, then 80 % needs 53.8 % more = 9.96 slots.
    expect(on(r.schedule.intervals).slice(0, 3)).toEqual([0, 1, 2]);
    expect(on(r.schedule.intervals).slice(-8)).toEqual(range(40, 47));
    expect(r.schedule.value_trajectory[47]).toBe(80);
    expect(r.missed).toEqual([{ limit: 'min_charge_pct', message: 'falls to 15.4 %, below the 25 % minimum', achieved: 15.4 }]);
  });

  it('charges every slot before a deadline too close for the target and reports what it reaches', () => {
    const r = planEvCharger(day(flat(30)), { ...CAR, deadlineMinute: 2 * 60 });
    expect(on(r.schedule.intervals)).toEqual([0, 1, 2, 3]);
    expect(r.schedule.value_trajectory[47]).toBe(71.6);
    expect(r.missed).toEqual([{ limit: 'target_charge_pct', message: 'reaches 71.6 % by 02:00, short of the 80 % target', achieved: 71.6 }]);
  });

  it('uses the current slot in full when the deadline falls inside it', () => {
    const r = planEvCharger(day(flat(30), { fromSlot: 10 }), { ...CAR, deadlineMinute: 5 * 60 + 10 });
    expect(on(r.schedule.intervals)).toEqual([10]);
    expect(r.missed).toEqual([{ limit: 'target_charge_pct', message: 'reaches 55.4 % by 05:30, short of the 80 % target', achieved: 55.4 }]);
  });

  it.each([
    ['no battery', { ...CAR, capacityKwh: 0 }],
    ['no charger rate', { ...CAR, maxChargeRateKw: 0 }],
  ])('plans nothing with %s and reports the target missed', (_name, input) => {
    const r = planEvCharger(day(flat(30)), input);
    expect(on(r.schedule.intervals)).toEqual([]);
    expect(r.schedule.value_trajectory).toEqual(Array(48).fill(50));
    expect(r.optimizedCostCents).toBe(0);
    expect(r.missed).toEqual([{ limit: 'target_charge_pct', message: 'reaches 50 % by midnight, short of the 80 % target', achieved: 50 }]);
  });

  it.each([
    // New York: 2026-03-08 skips 02:00-03:00 (slots 4 and 5 last 0 h); 2026-11-01 repeats 01:00-02:00 (slot 3 lasts 1.5 h).
    ['spring forward: the skipped slots hold no charge', '2026-03-08', { 4: 1, 5: 1, 6: 5, 7: 5, 8: 5, 9: 5, 10: 5, 11: 5 }, range(6, 11)],
    ['fall back: the 1.5 h slot charges three slots worth', '2026-11-01', { 3: 1, 20: 5, 21: 5, 22: 5, 23: 5 }, [3, 20, 21, 22]],
  ])('%s', (_name, date, cheap, slots) => {
    const r = planEvCharger(day(priced(50, cheap), { slotHours: slotDurationsHours(date, 'America/New_York') }), CAR);
    expect(on(r.schedule.intervals)).toEqual(slots);
    expect(r.schedule.value_trajectory[47]).toBe(80);
  });

  it('is the registry entry', () => {
    expect(evChargerPlanner).toBe(planEvCharger);
  });

  it('unplugged, says so and plans every slot from the start away, with no missed limit', () => {
    const r = planEvCharger(day(flat(30), { fromSlot: 10 }), { ...CAR, isUnplugged: true });
    expect(r.schedule.summary).toBe('Unplugged at 50 %: nothing charges until the car is plugged in.');
    expect(r.schedule.reasons_48.slice(10).every((x) => x.code === 'away')).toBe(true);
    expect(r.schedule.value_trajectory.slice(10).every((v) => v === 50)).toBe(true);
    expect(r.missed).toEqual([]);
  });
});
