import { describe, expect, it } from 'vitest';
import type { DayPlan, SlotReadings } from './day-input.js';
import { machineActivity, slotCoverage } from './machine-activity.js';

const HOURS = Array<number>(48).fill(0.5);
const readings = (over: Partial<SlotReadings>): SlotReadings => ({
  powerW: Array<number | null>(48).fill(null),
  indoorF: Array<number | null>(48).fill(null),
  actionCount: Array<number>(48).fill(0),
  runningCount: Array<number>(48).fill(0),
  ...over,
});
const plan = (on: boolean[], ratedKw: number | null): DayPlan => ({
  baselineCents: 0,
  optimizedCents: 0,
  fromSlot: 0,
  highF: null,
  lowF: null,
  on,
  facts: { ratedKw, minTempF: null, maxTempF: null, targetPct: null, minPct: null, deadlineMinute: null },
});

describe('slotCoverage', () => {
  it('ignores slots of 0 h (a spring-forward gap)', () => {
    const hours = HOURS.map((h, s) => (s === 4 || s === 5 ? 0 : h));
    expect(slotCoverage(hours, (s) => s >= 6)).toBe(42 / 46);
  });
});

describe('machineActivity', () => {
  it('trusts power on at least 80 % of the slots and fills the other slots with the mean', () => {
    // 40 of 48 slots (83 %): 1000 W in slots 0-19, 0 W in 20-39, none in 40-47 (mean 500 W).
    const powerW = Array.from({ length: 48 }, (_, s) => (s < 20 ? 1000 : s < 40 ? 0 : null));
    const a = machineActivity(readings({ powerW }), null, false, HOURS);
    expect(a.source).toBe('metered');
    expect(a.powerCoveragePct).toBe(83.3);
    expect(a.kwh![0]).toBe(0.5);
    expect(a.kwh![30]).toBe(0);
    expect(a.kwh![45]).toBe(0.25);
    expect(a.running!.slice(18, 22)).toEqual([true, true, false, false]);
    expect(a.running![45]).toBe(true);
  });

  it('does not trust power below 80 % and falls back to the plan', () => {
    const powerW = Array.from({ length: 48 }, (_, s) => (s < 38 ? 1000 : null));
    const on = Array.from({ length: 48 }, (_, s) => s < 4);
    const a = machineActivity(readings({ powerW }), plan(on, 7.2), false, HOURS);
    expect(a.source).toBe('planned');
    expect(a.powerCoveragePct).toBe(79.2);
    expect(a.kwh!.slice(0, 5)).toEqual([3.6, 3.6, 3.6, 3.6, 0]);
    expect(a.running).toEqual(on);
  });

  it('uses an HVAC reported action, crediting idle only where a reading says so', () => {
    const actionCount = Array.from({ length: 48 }, (_, s) => (s < 40 ? 2 : 0));
    const runningCount = Array.from({ length: 48 }, (_, s) => (s === 3 ? 1 : 0));
    const a = machineActivity(readings({ actionCount, runningCount }), null, true, HOURS);
    expect(a.source).toBe('reported');
    expect(a.kwh).toBeNull();
    expect([a.running![2], a.running![3], a.running![45]]).toEqual([false, true, true]);
  });

  it('has no source without trusted readings or a plan with rated power', () => {
    expect(machineActivity(null, null, true, HOURS)).toEqual({ source: null, powerCoveragePct: 0, running: null, kwh: null });
    expect(machineActivity(null, plan(Array<boolean>(48).fill(false), null), false, HOURS).source).toBeNull();
  });
});
