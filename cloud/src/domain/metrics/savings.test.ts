import { describe, expect, it } from 'vitest';
import type { DayPlan } from './day-input.js';
import { isDegenerate, measuredCostCents, modeledSavings } from './savings.js';

const plan = (baselineCents: number, optimizedCents: number): DayPlan => ({
  baselineCents,
  optimizedCents,
  fromSlot: 0,
  highF: null,
  lowF: null,
  on: null,
  facts: { ratedKw: null, minTempF: null, maxTempF: null, targetPct: null, minPct: null, deadlineMinute: null },
});

describe('savings', () => {
  it('sums baseline minus optimized over the plans with a baseline, percent of the summed baseline', () => {
    expect(modeledSavings([plan(400, 300), plan(100, 60), plan(0, 0)])).toEqual({ cents: 140, pct: 28 });
    expect(modeledSavings([plan(100, 130)])).toEqual({ cents: -30, pct: -30 });
  });

  it('has no modeled savings without a plan with a baseline (defaults rows)', () => {
    expect(modeledSavings([plan(0, 0)])).toBeNull();
    expect(modeledSavings([])).toBeNull();
  });

  it('prices metered energy from the plan slot on', () => {
    const kwh = Array.from({ length: 48 }, (_, s) => (s % 2 === 0 ? 1 : 0));
    const prices = Array.from({ length: 48 }, (_, s) => s);
    expect(measuredCostCents(kwh, prices, 0)).toBe(Array.from({ length: 24 }, (_, i) => 2 * i).reduce((a, b) => a + b));
    expect(measuredCostCents(kwh, prices, 46)).toBe(46);
  });

  it.each([
    [null, false],
    [0, true],
    [-1, true],
    [0.1, false],
    [94.9, false],
    [95, true],
    [120, true],
  ])('degenerate(%s) is %s', (pct, expected) => {
    expect(isDegenerate(pct)).toBe(expected);
  });
});
