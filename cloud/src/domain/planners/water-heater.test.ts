import { describe, expect, it } from 'vitest';
import { slotDurationsHours } from '../time/slot-grid.js';
import type { DayContext, WaterHeaterInput } from './types.js';
import { KWH_PER_GALLON_F, planWaterHeater, waterHeaterPlanner } from './water-heater.js';
import { day, flat, priced, range, block, on } from './planner-fixtures.test-support.js';

// 50 gallons, 4.5 kW: a full half hour adds 2.25 kWh / (50 × 0.002444) = 18.4 F. No draws: the tank
// only loses 1 % of its excess over the 70 F room each half hour.
const TANK: WaterHeaterInput = {
  tankSizeGallons: 50,
  elementWatts: 4500,
  insulationFactor: 0.02,
  tankTempF: 130,
  minTempF: 120,
  maxTempF: 140,
  ambientTempF: 70,
  drawGallons: Array(48).fill(0),
  inletTempF: 55,
};
const CENTS_PER_F = (price: number) => price * 50 * KWH_PER_GALLON_F;

/** Checks the trajectory against the tank model: cooling alone where off, heated (up to the slot's heat and the maximum) where on; returns the cost. */
function replayCost(d: DayContext, input: WaterHeaterInput, schedule: { intervals: boolean[]; temp_trajectory: number[] }): number {
  let t = input.tankTempF;
  let cost = 0;
  for (let i = d.fromSlot; i < 48; i++) {
    const h = d.slotHours[i]!;
    const loss = input.insulationFactor * h;
    const draw = input.drawGallons[i]! / input.tankSizeGallons;
    const before = (1 - draw) * (t - loss * (t - input.ambientTempF)) + draw * input.inletTempF;
    const heat = ((input.elementWatts / 1000) * h) / (input.tankSizeGallons * KWH_PER_GALLON_F);
    const after = schedule.temp_trajectory[i]!;
    if (schedule.intervals[i]) {
      expect(after).toBeGreaterThan(before - 0.01);
      expect(after).toBeLessThanOrEqual(Math.min(input.maxTempF, before + heat) + 0.01);
    } else {
      expect(after).toBeCloseTo(before, 1);
    }
    cost += d.pricesCentsPerKwh[i]! * (after - before) * input.tankSizeGallons * KWH_PER_GALLON_F;
    t = after;
  }
  return cost;
}

describe('planWaterHeater', () => {
  it('lets the tank cool to the minimum, then adds only what it loses', () => {
    const d = day(flat(20));
    const r = planWaterHeater(d, TANK);
    // 70 + 60 × 0.99^n: 120.07 F after 18 slots, then 0.5 F a slot holds 120.
    expect(on(r.schedule.intervals)).toEqual(range(18, 47));
    expect(r.schedule.temp_trajectory[17]).toBe(120.07);
    expect(r.schedule.temp_trajectory.slice(18)).toEqual(Array(30).fill(120));
    let t = 130;
    let heat = 0;
    for (let i = 0; i < 48; i++) {
      const before = 0.99 * t + 0.7;
      t = Math.max(before, 120);
      heat += t - before;
    }
    expect(r.optimizedCostCents).toBeCloseTo(CENTS_PER_F(20) * heat, 6);
    expect(r.baselineCostCents).toBeGreaterThan(r.optimizedCostCents);
    expect(replayCost(d, TANK, r.schedule)).toBeCloseTo(r.optimizedCostCents, 1);
    expect(r.schedule.unit).toBe('fahrenheit');
    expect(r.missed).toEqual([]);
  });

  it('heats ahead of a peak and coasts through it', () => {
    const d = day(priced(10, block(32, 41, 50)));
    const input = { ...TANK, tankTempF: 120 };
    const r = planWaterHeater(d, input);
    // 10 peak slots from T end at 70 + (T - 70) × 0.99^10: T = 125.29 F leaves exactly 120.
    expect(on(r.schedule.intervals).filter((i) => i >= 32 && i <= 41)).toEqual([]);
    expect(r.schedule.temp_trajectory[31]).toBe(125.29);
    expect(r.schedule.temp_trajectory[41]).toBe(120);
    expect(replayCost(d, input, r.schedule)).toBeCloseTo(r.optimizedCostCents, 1);
  });

  it('heats to the maximum while it is paid to', () => {
    const d = day(priced(20, block(20, 21, -5)));
    const r = planWaterHeater(d, TANK);
    expect(r.schedule.intervals[20]).toBe(true);
    expect(r.schedule.temp_trajectory[21]).toBe(140);
  });

  it('keeps up with draws by heating through them when it must', () => {
    const drawGallons = Array.from({ length: 48 }, (_, i) => (i >= 14 && i <= 17 ? 10 : 0));
    const d = day(priced(10, block(12, 19, 40)));
    const r = planWaterHeater(d, { ...TANK, drawGallons });
    expect(Math.min(...r.schedule.temp_trajectory)).toBeGreaterThanOrEqual(120);
    expect(replayCost(d, { ...TANK, drawGallons }, r.schedule)).toBeCloseTo(r.optimizedCostCents, 1);
    expect(r.missed).toEqual([]);
  });

  it('heats at once from below the minimum and reports the slot it could not save', () => {
    const r = planWaterHeater(day(flat(20)), { ...TANK, tankTempF: 100 });
    // 100 -> 99.7 + 18.41 = 118.11 F in the first slot, then 120.
    expect(r.schedule.intervals[0]).toBe(true);
    expect(r.schedule.temp_trajectory[0]).toBe(118.11);
    expect(r.schedule.temp_trajectory[1]).toBeGreaterThanOrEqual(120);
    expect(r.missed).toEqual([{ limit: 'min_temp_f', message: 'falls to 118.1 F, below the 120 F minimum', achieved: 118.11 }]);
  });

  it('holds the slots before the plan start at the current temperature', () => {
    const r = planWaterHeater(day(flat(20), { fromSlot: 40 }), TANK);
    expect(r.schedule.temp_trajectory.slice(0, 40)).toEqual(Array(40).fill(130));
    expect(on(r.schedule.intervals)).toEqual([]);
  });

  it.each([
    ['a tank of no water: nothing to plan or miss', { tankSizeGallons: 0 }, []],
    ['no element: it cools and misses its minimum', { elementWatts: 0 }, ['min_temp_f']],
  ] as const)('with %s', (_name, over, missed) => {
    const r = planWaterHeater(day(flat(20)), { ...TANK, ...over });
    expect(on(r.schedule.intervals)).toEqual([]);
    expect(r.optimizedCostCents).toBe(0);
    expect(r.missed.map((m) => m.limit)).toEqual(missed);
  });

  it.each([
    ['spring forward', '2026-03-08', [4, 5]],
    ['fall back', '2026-11-01', []],
  ])('follows real slot lengths on a %s day (%s)', (_name, date, skipped) => {
    const slotHours = slotDurationsHours(date, 'America/New_York');
    const d = day(flat(20), { slotHours });
    const r = planWaterHeater(d, TANK);
    for (const i of skipped) expect(r.schedule.temp_trajectory[i]).toBe(r.schedule.temp_trajectory[i - 1]);
    expect(replayCost(d, TANK, r.schedule)).toBeCloseTo(r.optimizedCostCents, 1);
  });

  it('is the registry entry', () => {
    expect(waterHeaterPlanner).toBe(planWaterHeater);
  });
});
