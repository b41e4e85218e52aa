import { describe, expect, it } from 'vitest';
import { CONFIDENCE_SCALE_F, modelConfidence } from './confidence.js';

describe('modelConfidence', () => {
  it.each([
    [0, 1],
    [0.1, 0.819],
    [0.3, 0.549],
    [0.5, 0.368],
    [1, 0.135],
    [3, 0.002],
  ])('maps a held-out RMSE of %s F to %s', (rmse, expected) => {
    expect(modelConfidence(rmse)).toBe(expected);
  });

  it('decreases with the error and stays in [0, 1]', () => {
    const values = [0, 0.05, 0.2, 0.4, 2, 50].map(modelConfidence);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    for (const v of values) expect(v >= 0 && v <= 1).toBe(true);
    expect(CONFIDENCE_SCALE_F).toBe(0.5);
  });

  it.each([null, Number.NaN, Number.POSITIVE_INFINITY, -0.1])('gives 0 for %s (no usable held-out error)', (rmse) => {
    expect(modelConfidence(rmse)).toBe(0);
  });
});
