import { describe, expect, it } from 'vitest';
import { lookupZip } from '../geo/zip-lookup.js';
import { APPROXIMATE_LATITUDE, forecastLocation } from './location.js';

describe('forecastLocation', () => {
  it('rounds the ZIP area centroid to 0.1 degree and keys the cache by it', () => {
    const info = lookupZip('60601')!;
    const loc = forecastLocation('60601', 'America/Chicago');
    expect(loc.lat).toBeCloseTo(info.lat, 1);
    expect(loc.lon).toBeCloseTo(info.lon, 1);
    expect(loc.key).toBe(`${loc.lat.toFixed(1)},${loc.lon.toFixed(1)}`);
  });

  it('groups every ZIP of one 3-digit area under one key, whatever the account zone', () => {
    expect(forecastLocation('60699', 'UTC')).toEqual(forecastLocation('60601-1234', 'America/Chicago'));
  });

  it.each([
    ['America/Chicago', -90],
    ['America/New_York', -75],
    ['UTC', 0],
    ['Australia/Sydney', 150], // standard time is +10 in July
  ])('without a ZIP approximates %s by latitude 40 and the standard meridian %d, with no cache key', (tz, lon) => {
    expect(forecastLocation('', tz)).toEqual({ lat: APPROXIMATE_LATITUDE, lon, key: null });
    expect(forecastLocation('abcde', tz)).toEqual({ lat: APPROXIMATE_LATITUDE, lon, key: null });
  });
});
