import { describe, expect, it } from 'vitest';
import { slotDurationsHours, slotStartsUtc } from '../time/slot-grid.js';
import { HOUR_MS, seriesToSlots, sliceSeries, type HourlySeries } from './hourly-series.js';

const at = (iso: string) => new Date(iso);
const hourly = (firstAt: string, values: (number | null)[]): HourlySeries => ({ firstAt: at(firstAt), values });
const grid = (date: string, tz: string) => [slotStartsUtc(date, tz), slotDurationsHours(date, tz)] as const;

describe('seriesToSlots', () => {
  it('samples each slot at its midpoint, linearly between hours', () => {
    // Hour k holds k F from UTC midnight: slot i's midpoint is at i/2 + 0.25 hours.
    const series = hourly(
      '2026-07-15T00:00:00Z',
      Array.from({ length: 25 }, (_, k) => k),
    );
    const temps = seriesToSlots(series, ...grid('2026-07-15', 'UTC'));
    expect(temps).toEqual(Array.from({ length: 48 }, (_, i) => i / 2 + 0.25));
  });

  it('holds the first and last values up to an hour beyond the series', () => {
    const series = hourly(
      '2026-07-15T00:00:00Z',
      Array.from({ length: 24 }, (_, k) => k),
    );
    const temps = seriesToSlots(series, ...grid('2026-07-15', 'UTC'));
    expect(temps?.[46]).toBe(23); // 23:15 is past the last sample (23:00)
    expect(temps?.[47]).toBe(23);
  });

  it('is null when any slot lies more than an hour outside the series', () => {
    const series = hourly(
      '2026-07-15T02:00:00Z',
      Array.from({ length: 30 }, () => 70),
    );
    expect(seriesToSlots(series, ...grid('2026-07-15', 'UTC'))).toBeNull();
    expect(seriesToSlots(hourly('2026-07-15T00:00:00Z', Array(22).fill(70)), ...grid('2026-07-15', 'UTC'))).toBeNull();
    expect(seriesToSlots(hourly('2026-07-15T00:00:00Z', []), ...grid('2026-07-15', 'UTC'))).toBeNull();
  });

  it('uses the other neighbour across a gap and is null where both are gaps', () => {
    const values: (number | null)[] = Array.from({ length: 25 }, (_, k) => k);
    values[10] = null;
    const temps = seriesToSlots(hourly('2026-07-15T00:00:00Z', values), ...grid('2026-07-15', 'UTC'));
    expect(temps?.[19]).toBe(9); // 09:45: 9 and a gap
    expect(temps?.[20]).toBe(11); // 10:15: a gap and 11
    values[11] = null;
    expect(seriesToSlots(hourly('2026-07-15T00:00:00Z', values), ...grid('2026-07-15', 'UTC'))).toBeNull();
  });

  it('follows real time on a spring-forward day (23 h): a skipped slot takes the value at the gap', () => {
    // New York 2026-03-08: local midnight is 05:00Z; 02:00-03:00 local does not exist.
    const series = hourly(
      '2026-03-08T05:00:00Z',
      Array.from({ length: 24 }, (_, k) => 40 + k),
    );
    const temps = seriesToSlots(series, ...grid('2026-03-08', 'America/New_York'))!;
    expect(temps).toHaveLength(48);
    expect(temps[3]).toBe(41.75); // 01:30-02:00 EST, midpoint 06:45Z
    expect(temps[4]).toBe(42); // skipped: starts and ends at 07:00Z
    expect(temps[6]).toBe(42.25); // 03:00-03:30 EDT, midpoint 07:15Z
    expect(temps[47]).toBe(62.75); // 23:30 EDT is 03:30Z next day, hour 22.75
  });

  it('gives the 1.5 h fall-back slot the value at its real midpoint', () => {
    // New York 2026-11-01: local midnight is 04:00Z; slot 3 runs 05:30Z-07:00Z.
    const series = hourly(
      '2026-11-01T04:00:00Z',
      Array.from({ length: 26 }, (_, k) => k),
    );
    const temps = seriesToSlots(series, ...grid('2026-11-01', 'America/New_York'))!;
    expect(temps[3]).toBe(2.25);
    expect(temps[4]).toBe(3.25); // 02:00 EST = 07:00Z
  });
});

describe('sliceSeries', () => {
  const series = hourly('2026-07-15T00:30:00Z', [1, 2, 3, 4, 5]);

  it('keeps the samples inside the inclusive window', () => {
    const from = at('2026-07-15T01:00:00Z').getTime();
    expect(sliceSeries(series, from, from + 2 * HOUR_MS)).toEqual(hourly('2026-07-15T01:30:00Z', [2, 3]));
    expect(sliceSeries(series, from - 30 * 60_000, from + 30 * 60_000)).toEqual(hourly('2026-07-15T00:30:00Z', [1, 2]));
  });

  it('clamps to the series and is null when nothing is inside', () => {
    expect(sliceSeries(series, 0, Number.MAX_SAFE_INTEGER)).toEqual(series);
    expect(sliceSeries(series, at('2026-07-16T00:00:00Z').getTime(), at('2026-07-17T00:00:00Z').getTime())).toBeNull();
  });
});
