import { describe, expect, it } from 'vitest';
import { DIURNAL_HALF_RANGE_F, seasonalMeanTempF, seasonalTempsF } from './seasonal-temps.js';

describe('seasonalMeanTempF', () => {
  it.each([
    [40, '2026-01-16', 33], // mid-January at the 40 degree row
    [40, '2026-07-16', 79],
    [25, '2026-08-16', 84],
    [65, '2026-01-16', -8],
  ])('at latitude %d on %s is about the monthly normal %d F', (lat, date, normal) => {
    expect(seasonalMeanTempF(lat, date)).toBeCloseTo(normal, 0);
  });

  it('interpolates between latitude rows and between mid-months', () => {
    expect(seasonalMeanTempF(42.5, '2026-07-16')).toBeCloseTo((79 + 74) / 2, 0);
    const earlyAugust = seasonalMeanTempF(40, '2026-07-31');
    expect(earlyAugust).toBeLessThan(79);
    expect(earlyAugust).toBeGreaterThan(78);
  });

  it('wraps the year: late December lies between December and January', () => {
    const v = seasonalMeanTempF(40, '2026-12-31');
    expect(v).toBeGreaterThan(33);
    expect(v).toBeLessThan(38);
  });

  it('shifts the southern hemisphere by six months', () => {
    expect(seasonalMeanTempF(-40, '2026-01-16')).toBeCloseTo(seasonalMeanTempF(40, '2026-07-17'), 0);
  });

  it('clamps beyond the table: the equator uses the 10 degree row, the pole the 65 degree row', () => {
    expect(seasonalMeanTempF(0, '2026-04-15')).toBeCloseTo(seasonalMeanTempF(10, '2026-04-15'), 6);
    expect(seasonalMeanTempF(89, '2026-04-15')).toBeCloseTo(seasonalMeanTempF(65, '2026-04-15'), 6);
  });
});

describe('seasonalTempsF', () => {
  const temps = seasonalTempsF(40, '2026-07-16');

  it('gives 48 slots averaging the day mean', () => {
    expect(temps).toHaveLength(48);
    expect(temps.reduce((a, b) => a + b, 0) / 48).toBeCloseTo(seasonalMeanTempF(40, '2026-07-16'), 6);
  });

  it('peaks mid-afternoon and bottoms out at night on the local clock', () => {
    const max = Math.max(...temps);
    const min = Math.min(...temps);
    expect(temps.indexOf(max)).toBe(29); // 14:45 midpoint, tied with 15:15
    expect(temps[30]).toBeCloseTo(max, 9);
    expect(temps.indexOf(min)).toBe(5); // 02:45 midpoint, tied with 03:15
    expect(max - min).toBeCloseTo(2 * DIURNAL_HALF_RANGE_F, 1);
  });

  it('is deterministic', () => {
    expect(seasonalTempsF(40, '2026-07-16')).toEqual(temps);
  });
});
