import { describe, expect, it } from 'vitest';
import { slotDurationsHours, slotStartsUtc } from '../time/slot-grid.js';
import type { HourlySeries } from './hourly-series.js';
import type { ForecastLocation } from './location.js';
import type { FallbackWeather } from './open-meteo.js';
import { chooseOutdoorForecast, irradianceOnGrid, type SlotGrid } from './outdoor-forecast.js';
import { seasonalTempsF } from './seasonal-temps.js';

const TZ = 'America/Chicago';
const DATE = '2026-07-15';
const grid: SlotGrid = { date: DATE, slotStarts: slotStartsUtc(DATE, TZ), slotHours: slotDurationsHours(DATE, TZ) };
const location: ForecastLocation = { lat: 41.9, lon: -87.6, key: '41.9,-87.6' };
const midnight = grid.slotStarts[0]!; // 05:00Z
const series = (firstAt: Date, n: number, value: (k: number) => number): HourlySeries => ({
  firstAt,
  values: Array.from({ length: n }, (_, k) => value(k)),
});
const pushed = series(midnight, 48, () => 90);
const fallback: FallbackWeather = {
  tempsF: series(new Date(midnight.getTime() - 6 * 3_600_000), 40, () => 80),
  ghiWm2: series(new Date(midnight.getTime() - 5.5 * 3_600_000), 40, () => 500),
  dhiWm2: series(new Date(midnight.getTime() - 5.5 * 3_600_000), 40, () => 100),
};
const flat = (v: number) => Array<number>(48).fill(v);

describe('chooseOutdoorForecast', () => {
  it('prefers a push covering the day, with irradiance from the fallback feed', () => {
    expect(chooseOutdoorForecast({ pushed, fallback, location, grid })).toEqual({
      forecast: { tempsF: flat(90), irradiance: { ghiWm2: flat(500), dhiWm2: flat(100) }, source: 'pushed', location: { lat: 41.9, lon: -87.6 } },
      reasons: [],
    });
  });

  it('passes over a push that does not cover the day for the fallback feed', () => {
    const partial = series(midnight, 12, () => 90);
    const { forecast, reasons } = chooseOutdoorForecast({ pushed: partial, fallback, location, grid });
    expect(forecast.source).toBe('fallback');
    expect(forecast.tempsF).toEqual(flat(80));
    expect(reasons).toEqual(['pushed forecast does not cover 2026-07-15']);
  });

  it('falls to the seasonal default when neither covers the day, keeping what irradiance there is', () => {
    const short = { ...fallback, tempsF: series(midnight, 5, () => 80) };
    expect(chooseOutdoorForecast({ pushed: null, fallback: short, location, grid })).toEqual({
      forecast: {
        tempsF: seasonalTempsF(41.9, DATE),
        irradiance: { ghiWm2: flat(500), dhiWm2: flat(100) },
        source: 'seasonal',
        location: { lat: 41.9, lon: -87.6 },
      },
      reasons: ['fallback forecast does not cover 2026-07-15'],
    });
  });

  it('uses the seasonal default with no source at all', () => {
    expect(chooseOutdoorForecast({ pushed: null, fallback: null, location, grid })).toEqual({
      forecast: { tempsF: seasonalTempsF(41.9, DATE), irradiance: null, source: 'seasonal', location: { lat: 41.9, lon: -87.6 } },
      reasons: [],
    });
  });
});

describe('irradianceOnGrid', () => {
  it('is null without global irradiance or when it does not cover the day', () => {
    expect(irradianceOnGrid({ ...fallback, ghiWm2: null, dhiWm2: null }, grid)).toBeNull();
    expect(irradianceOnGrid({ ...fallback, ghiWm2: series(midnight, 3, () => 1) }, grid)).toBeNull();
  });

  it('drops a diffuse series that does not cover the day', () => {
    expect(irradianceOnGrid({ ...fallback, dhiWm2: series(midnight, 3, () => 1) }, grid)).toEqual({ ghiWm2: flat(500), dhiWm2: null });
  });
});
