import { describe, expect, it } from 'vitest';
import { dollarsFromCents, savingsPct } from './costs.js';

describe('costs', () => {
  it.each([
    [100, 80, 20],
    [300, 200, 33.3],
    [100, 120, -20],
    [100, -20, 120],
    [0, 0, 0],
    [0, 5, 0],
    [-5, 1, 0],
    [Number.NaN, 1, 0],
    [100, 100, 0],
  ])('savingsPct(%d, %d) = %d', (baseline, optimized, pct) => {
    expect(savingsPct(baseline, optimized)).toBe(pct);
  });

  it('converts cents to dollars with 4 decimals and no -0', () => {
    expect(dollarsFromCents(1234.5678)).toBe(12.3457);
    expect(dollarsFromCents(0.004)).toBe(0);
    expect(Object.is(dollarsFromCents(-0.000001), -0)).toBe(false);
  });
});
