import { describe, expect, it } from 'vitest';
import { bandDegreeHours, chargePercentHours, rangeDegreeHours } from './flexibility.js';

const HOURS = Array<number>(48).fill(0.5);

describe('flexibility', () => {
  it('integrates the comfort band width over the day, F·h', () => {
    const high = Array.from({ length: 48 }, (_, s) => (s < 24 ? 74 : 78));
    expect(bandDegreeHours(high, Array<number>(48).fill(70), HOURS)).toBe(4 * 12 + 8 * 12);
  });

  it('uses real slot lengths (a 23-hour day)', () => {
    const hours = HOURS.map((h, s) => (s === 4 || s === 5 ? 0 : h));
    expect(bandDegreeHours(Array<number>(48).fill(74), Array<number>(48).fill(70), hours)).toBe(92);
    expect(rangeDegreeHours(120, 140, hours)).toBe(460);
  });

  it('holds the state-of-charge band over the window to the deadline, %·h', () => {
    expect(chargePercentHours(80, 20, 7 * 60, HOURS)).toBe(60 * 7);
    expect(chargePercentHours(80, 20, null, HOURS)).toBe(60 * 24);
    expect(chargePercentHours(80, 20, 0, HOURS)).toBe(60 * 24);
    expect(chargePercentHours(20, 50, null, HOURS)).toBe(0);
  });
});
