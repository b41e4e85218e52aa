import { describe, expect, it } from 'vitest';
import { expandHourly } from './custom-curve.js';

describe('expandHourly', () => {
  it('repeats each hour for its two half-hour slots', () => {
    const hourly = Array.from({ length: 24 }, (_, h) => h + 0.5);
    const slots = expandHourly(hourly);
    expect(slots).toHaveLength(48);
    for (let i = 0; i < 48; i++) expect(slots[i]).toBe(Math.floor(i / 2) + 0.5);
  });

  it('does not alias the input', () => {
    const hourly = new Array<number>(24).fill(10);
    const slots = expandHourly(hourly);
    hourly[0] = 99;
    expect(slots[0]).toBe(10);
  });

  it.each([0, 23, 25, 48])('rejects %i values', (n) => {
    expect(() => expandHourly(new Array<number>(n).fill(1))).toThrow(RangeError);
  });
});
