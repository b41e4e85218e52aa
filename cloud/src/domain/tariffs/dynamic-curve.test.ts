import { describe, expect, it } from 'vitest';
import { dayBoundsUtc } from '../time/slot-grid.js';
import { dynamicCurve, pointAt, round4 } from './dynamic-curve.js';
import type { PricePoint } from './price-point.js';

const HOUR = 3_600_000;

/** Consecutive points of `stepMs` from `startIso`, price i = prices(i). */
function series(startIso: string, count: number, prices: (i: number) => number, stepMs = HOUR): PricePoint[] {
  const t0 = Date.parse(startIso);
  return Array.from({ length: count }, (_, i) => ({
    startUtc: new Date(t0 + i * stepMs),
    endUtc: new Date(t0 + (i + 1) * stepMs),
    pricePerMwh: prices(i),
  }));
}

describe('round4', () => {
  it.each([
    [1.23456, 1.2346],
    [-0.00004, 0],
    [3.33333333, 3.3333],
    [-1.23455, -1.2345],
    [5, 5],
  ])('round4(%f) = %f', (input, expected) => {
    expect(round4(input)).toBe(expected);
  });
});

describe('pointAt', () => {
  const hourly = series('2024-07-15T05:00:00Z', 2, (i) => i);
  it.each([
    ['2024-07-15T05:00:00Z', 0],
    ['2024-07-15T05:59:59.999Z', 0],
    ['2024-07-15T06:00:00Z', 1], // end is exclusive
    ['2024-07-15T04:59:59Z', undefined],
    ['2024-07-15T07:00:00Z', undefined],
  ])('at %s → point %s', (iso, expected) => {
    expect(pointAt(hourly, new Date(iso))?.pricePerMwh).toBe(expected);
  });

  it('prefers the latest-starting of overlapping points', () => {
    const overlap = [...hourly, ...series('2024-07-15T05:30:00Z', 1, () => 99, HOUR / 4)];
    expect(pointAt(overlap, new Date('2024-07-15T05:30:00Z'))?.pricePerMwh).toBe(99);
    expect(pointAt(overlap, new Date('2024-07-15T05:45:00Z'))?.pricePerMwh).toBe(0);
  });
});

describe('dynamicCurve', () => {
  // 2024-07-15 in Chicago (CDT, UTC-5): local midnight is 05:00Z.
  const summerDay = series('2024-07-15T05:00:00Z', 24, (h) => 20 + h);

  it('converts $/MWh to cents/kWh per slot and adds the adder', () => {
    const curve = dynamicCurve(summerDay, '2024-07-15', 'America/Chicago', 1.5);
    expect(curve).toHaveLength(48);
    for (let i = 0; i < 48; i++) expect(curve?.[i]).toBe(round4((20 + Math.floor(i / 2)) / 10 + 1.5));
  });

  it('keeps negative prices and rounds to 4 decimals', () => {
    const points = series('2024-07-15T05:00:00Z', 24, (h) => (h === 3 ? -12.34567 : 100 / 3));
    const curve = dynamicCurve(points, '2024-07-15', 'America/Chicago', 0);
    expect(curve?.[6]).toBe(-1.2346);
    expect(curve?.[7]).toBe(-1.2346);
    expect(curve?.[0]).toBe(3.3333);
  });

  it('an adder can lift a negative price above zero', () => {
    const points = series('2024-07-15T05:00:00Z', 24, () => -5);
    expect(dynamicCurve(points, '2024-07-15', 'America/Chicago', 0.8)?.[10]).toBe(0.3);
  });

  it('uses the price at each slot start for sub-slot points', () => {
    // 15-minute points: slot i starts at quarter 2i.
    const quarters = series('2024-07-15T05:00:00Z', 96, (q) => q, HOUR / 4);
    const curve = dynamicCurve(quarters, '2024-07-15', 'America/Chicago', 0);
    for (let i = 0; i < 48; i++) expect(curve?.[i]).toBe(round4((2 * i) / 10));
  });

  it.each([
    ['no points', []],
    ['the first hour missing', summerDay.slice(1)],
    ['the last hour missing', summerDay.slice(0, 23)],
    ['a gap at noon', [...summerDay.slice(0, 12), ...summerDay.slice(13)]],
    ['the whole day one hour late', series('2024-07-15T06:00:00Z', 24, () => 1)],
    ['a non-finite price', summerDay.map((p, i) => (i === 5 ? { ...p, pricePerMwh: Number.NaN } : p))],
  ])('returns null with %s', (_label, points) => {
    expect(dynamicCurve(points, '2024-07-15', 'America/Chicago', 0)).toBeNull();
  });

  it('maps market points onto the account zone, not the market zone', () => {
    // Octopus-style UTC half-hours read by an account in London during BST (UTC+1).
    const halfHours = series('2024-07-14T23:00:00Z', 48, (i) => i * 10, HOUR / 2);
    const curve = dynamicCurve(halfHours, '2024-07-15', 'Europe/London', 0);
    expect(curve?.[0]).toBe(0);
    expect(curve?.[47]).toBe(47);
  });

  describe('DST days in America/Chicago', () => {
    it('spring forward (23 h): the skipped 02:00 slots take the 03:00 CDT price', () => {
      const { start, end } = dayBoundsUtc('2024-03-10', 'America/Chicago');
      expect((end.getTime() - start.getTime()) / HOUR).toBe(23);
      const points = series(start.toISOString(), 23, (k) => k * 10); // k-th real hour costs k c/kWh
      const curve = dynamicCurve(points, '2024-03-10', 'America/Chicago', 0);
      const expected = Array.from({ length: 48 }, (_, i) => {
        const h = Math.floor(i / 2);
        return h < 2 ? h : h === 2 ? 2 : h - 1;
      });
      expect(curve).toEqual(expected);
    });

    it('fall back (25 h): slots follow the first 01:00; the repeated hour is not a slot start', () => {
      const { start, end } = dayBoundsUtc('2024-11-03', 'America/Chicago');
      expect((end.getTime() - start.getTime()) / HOUR).toBe(25);
      const points = series(start.toISOString(), 25, (k) => k * 10);
      const expected = Array.from({ length: 48 }, (_, i) => {
        const h = Math.floor(i / 2);
        return h < 2 ? h : h + 1;
      });
      expect(dynamicCurve(points, '2024-11-03', 'America/Chicago', 0)).toEqual(expected);
      // Missing the repeated (CST) 01:00 hour still covers every slot start...
      expect(
        dynamicCurve(
          points.filter((_, k) => k !== 2),
          '2024-11-03',
          'America/Chicago',
          0,
        ),
      ).toEqual(expected);
      // ...but the day's last real hour is needed.
      expect(dynamicCurve(points.slice(0, 24), '2024-11-03', 'America/Chicago', 0)).toBeNull();
    });
  });
});
