// The execution rule: how a planned battery day plays out on the load that really comes.
import { describe, expect, it } from 'vitest';
import { executeBatteryDay, executionCostCents, type ExecutedBattery } from './home-battery-execution.js';

const HOURS = Array(48).fill(0.5);
/** 10 kWh, 10 % minimum, 4 kW both ways, 0.9 / 0.8 so each side's loss shows. */
const BATTERY: ExecutedBattery = {
  startKwh: 5,
  capacityKwh: 10,
  minKwh: 1,
  chargeKw: Array(48).fill(4),
  dischargeKw: 4,
  chargeEfficiency: 0.9,
  dischargeEfficiency: 0.8,
};

/** A plan of `charge` and `discharge` slots with planned levels (percent at the end of each slot). */
function plan(marks: { charge?: Record<number, number>; discharge?: number[] }) {
  const intervals = Array(48).fill(false);
  const discharge = Array(48).fill(false);
  const trajectory = Array(48).fill(50);
  for (const [slot, pct] of Object.entries(marks.charge ?? {})) {
    intervals[Number(slot)] = true;
    trajectory[Number(slot)] = pct;
  }
  for (const slot of marks.discharge ?? []) discharge[slot] = true;
  return { intervals, discharge_intervals: discharge, value_trajectory: trajectory };
}

describe('executeBatteryDay', () => {
  it('a charge slot charges up to the planned level and no further, within the rate', () => {
    // Planned 60 % (6 kWh): 1 kWh stored costs 1 / 0.9 from the grid. Then 95 %: the rate allows 4 × 0.5 × 0.9 = 1.8 kWh.
    const run = executeBatteryDay(plan({ charge: { 0: 60, 1: 95 } }), Array(48).fill(1), HOURS, BATTERY);
    expect(run.endKwh[0]).toBeCloseTo(6, 9);
    expect(run.gridKwh[0]).toBeCloseTo(0.5 + 1 / 0.9, 9);
    expect(run.endKwh[1]).toBeCloseTo(7.8, 9);
    expect(run.gridKwh[1]).toBeCloseTo(0.5 + 1.8 / 0.9, 9);
  });

  it('a charge slot above its planned level does not discharge to reach it', () => {
    const run = executeBatteryDay(plan({ charge: { 0: 30 } }), Array(48).fill(1), HOURS, BATTERY);
    expect(run.endKwh[0]).toBe(5);
    expect(run.gridKwh[0]).toBe(0.5);
  });

  it('a discharge slot covers the real load, within the rate and above the minimum; other slots leave the battery alone', () => {
    const load = Array(48).fill(0.4);
    load[10] = 3; // 1.5 kWh to cover: 1.5 / 0.8 stored
    load[11] = 10; // beyond the 4 kW rate: 2 kWh delivered
    load[12] = 10;
    load[13] = 10; // only what is left above the 1 kWh minimum
    const run = executeBatteryDay(plan({ discharge: [10, 11, 12, 13] }), load, HOURS, { ...BATTERY, startKwh: 8 });
    expect(run.endKwh[9]).toBe(8);
    expect(run.gridKwh[9]).toBeCloseTo(0.2, 9);
    expect(run.endKwh[10]).toBeCloseTo(8 - 1.5 / 0.8, 9);
    expect(run.gridKwh[10]).toBeCloseTo(0, 9);
    expect(run.endKwh[11]).toBeCloseTo(8 - 3.5 / 0.8, 9);
    expect(run.gridKwh[11]).toBeCloseTo(3, 9);
    expect(run.endKwh[12]).toBeCloseTo(8 - 5.5 / 0.8, 9);
    expect(run.endKwh[13]).toBeCloseTo(1, 9);
    expect(run.gridKwh[13]).toBeCloseTo(5 - 0.125 * 0.8, 9);
    expect(run.endKwh[47]).toBeCloseTo(1, 9);
  });

  it('leaves the slots before the plan start alone and counts no import there', () => {
    const run = executeBatteryDay(plan({ charge: { 2: 80 }, discharge: [30] }), Array(48).fill(1), HOURS, BATTERY, 20);
    expect(run.endKwh.slice(0, 29)).toEqual(Array(29).fill(5));
    expect(run.gridKwh.slice(0, 20)).toEqual(Array(20).fill(0));
    expect(run.endKwh[30]).toBeCloseTo(5 - 0.5 / 0.8, 9);
  });

  it('costs the import at its prices plus the charge taken out at the refill price (minus the charge added)', () => {
    const prices = Array.from({ length: 48 }, (_, s) => (s >= 32 && s < 42 ? 50 : 20));
    const load = Array(48).fill(2);
    const run = executeBatteryDay(plan({ discharge: [32, 33] }), load, HOURS, BATTERY);
    const imported = load.reduce((s, kw, i) => s + (i === 32 || i === 33 ? 0 : kw * 0.5 * prices[i]!), 0);
    // 2 kWh delivered took 2.5 stored kWh out, refilled at 20 / 0.9.
    expect(executionCostCents(run, 5, prices, 20 / 0.9)).toBeCloseTo(imported + 2.5 * (20 / 0.9), 6);
  });
});
