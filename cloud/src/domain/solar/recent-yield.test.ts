import { describe, expect, it } from 'vitest';
import { addDays, slotStartsUtc } from '../time/slot-grid.js';
import { forecastArray, solarArrayFromConfig, typicalSkyKwPerKw } from './array-forecast.js';
import type { ArrayGeometry } from './irradiance.js';
import { fitRecentYield, MIN_RECENT_DAYS, RECENT_YIELD_DAYS, slotSuns, YESTERDAY_WEIGHT } from './recent-yield.js';

const TZ = 'Europe/Berlin';
const DATE = '2026-06-21';
const LOCATION = { lat: 47.7, lon: 9.2 };
const GEOMETRY: ArrayGeometry = { tiltDegrees: 20, azimuthDegrees: 180 };

/**
 * Half-hour means of `days` days before DATE, of an array making `kwPerKw(day, slot)` times the
 * typical sky's 1 kW output, on the UTC half-hour grid as the store groups them.
 */
function history(days: number, kwPerKw: (back: number, slot: number) => number, timeZone = TZ) {
  return Array.from({ length: days }, (_, k) => {
    const day = addDays(DATE, -(k + 1));
    const unit = typicalSkyKwPerKw(GEOMETRY, slotSuns(day, timeZone, LOCATION));
    return slotStartsUtc(day, timeZone).map((start, s) => ({
      start: new Date(Math.floor(start.getTime() / 1_800_000) * 1_800_000),
      meanWatts: 1000 * unit[s]! * kwPerKw(k + 1, s),
    }));
  }).flat();
}
/** Drops the readings of the day before DATE. */
const notYesterday = ({ start }: { start: Date }) => start < slotStartsUtc(addDays(DATE, -1), TZ)[0]!;
const fit = (means: { start: Date; meanWatts: number }[], timeZone = TZ) =>
  fitRecentYield({ date: DATE, timeZone, location: LOCATION, geometry: GEOMETRY, means });

describe('fitRecentYield', () => {
  it('learns the scale of an array that makes a steady multiple of the typical sky, with no hour set apart', () => {
    const learned = fit(history(RECENT_YIELD_DAYS, () => 4.2))!;
    expect(learned.scale).toBeCloseTo(4.2, 9);
    expect(learned.nDays).toBe(RECENT_YIELD_DAYS);
    learned.hourFactors.forEach((f) => expect(f).toBeCloseTo(1, 9));
  });

  it('learns a shaded afternoon as the hours after 15:00 making half as much', () => {
    const learned = fit(history(RECENT_YIELD_DAYS, (_, s) => (s >= 30 ? 2 : 4)))!;
    expect(learned.hourFactors[12]! / learned.hourFactors[16]!).toBeCloseTo(2, 9);
    const f = forecastArray(solarArrayFromConfig('a', {}, null, learned), slotSuns(DATE, TZ, LOCATION), null);
    const unit = typicalSkyKwPerKw(GEOMETRY, slotSuns(DATE, TZ, LOCATION));
    expect(f.generationKw[24]).toBeCloseTo(4 * unit[24]!, 2);
    expect(f.generationKw[34]).toBeCloseTo(2 * unit[34]!, 2);
  });

  it('weighs the days by what they made: six dull days and seven bright ones average', () => {
    expect(fit(history(RECENT_YIELD_DAYS, (back) => (back <= 7 ? 1 : 3)).filter(notYesterday))!.scale).toBeCloseTo((6 * 1 + 7 * 3) / 13, 1);
  });

  it("counts yesterday's sky as much as the fortnight's: a dull day after a bright fortnight lowers the scale by half the gap", () => {
    const dullYesterday = fit(history(RECENT_YIELD_DAYS, (back) => (back === 1 ? 1 : 4)))!;
    // The fortnight (yesterday one of its days) averages 1 × 1/14 + 4 × 13/14.
    const fortnight = (1 + 4 * 13) / RECENT_YIELD_DAYS;
    expect(dullYesterday.scale).toBeCloseTo(YESTERDAY_WEIGHT * 1 + (1 - YESTERDAY_WEIGHT) * fortnight, 1);
    expect(dullYesterday.scale).toBeLessThan(2.8);
    // Without readings yesterday, the fortnight's alone.
    expect(fit(history(RECENT_YIELD_DAYS, () => 4).filter(notYesterday))!.scale).toBeCloseTo(4, 9);
  });

  it('learns in a zone offset by :45, whose slots start a quarter past the UTC half hours', () => {
    expect(
      fit(
        history(RECENT_YIELD_DAYS, () => 2.5, 'Asia/Kathmandu'),
        'Asia/Kathmandu',
      )!.scale,
    ).toBeCloseTo(2.5, 9);
  });

  it('reads only the days before the planned one, and needs readings on a week of them', () => {
    const today = slotStartsUtc(DATE, TZ).map((start) => ({ start, meanWatts: 9000 }));
    expect(fit([...history(RECENT_YIELD_DAYS, () => 3), ...today])!.scale).toBeCloseTo(3, 9);
    expect(fit(history(MIN_RECENT_DAYS, () => 3))!.nDays).toBe(MIN_RECENT_DAYS);
    expect(fit(history(MIN_RECENT_DAYS - 1, () => 3))).toBeNull();
    expect(fit(history(RECENT_YIELD_DAYS, () => 0))).toBeNull();
  });
});

describe('forecastArray without an irradiance forecast', () => {
  const suns = slotSuns(DATE, TZ, LOCATION);

  it('forecasts from the recent yield (learned tier), clipped at a nameplate when one is set', () => {
    const learned = fit(history(RECENT_YIELD_DAYS, () => 6))!;
    const f = forecastArray(solarArrayFromConfig('a', {}, null, learned), suns, null);
    expect(f).toMatchObject({ tier: 'learned', yieldKwPerWm2: null, peakPoaWm2: null });
    const unit = typicalSkyKwPerKw(GEOMETRY, suns);
    f.generationKw.forEach((kw, s) => expect(kw).toBeCloseTo(6 * unit[s]!, 6));
    const clipped = forecastArray(solarArrayFromConfig('a', { system_size_kw: 2 }, null, learned), suns, null);
    expect(Math.max(...clipped.generationKw)).toBe(2);
  });

  it('keeps the nameplate tier without a recent yield', () => {
    const f = forecastArray(solarArrayFromConfig('a', { system_size_kw: 5 }, null, null), suns, null);
    expect(f.tier).toBe('nameplate');
    const unit = typicalSkyKwPerKw(GEOMETRY, suns);
    f.generationKw.forEach((kw, s) => expect(kw).toBeCloseTo(5 * unit[s]!, 9));
  });
});
