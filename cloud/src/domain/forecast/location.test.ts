import { describe, expect, it } from 'vitest';
import { lookupZip } from '../geo/zip-lookup.js';
import { APPROXIMATE_LATITUDE, coordinatesOf, forecastLocation } from './location.js';

describe('forecastLocation', () => {
  it('rounds the ZIP area centroid to 0.1 degree and keys the cache by it', () => {
    const info = lookupZip('60601')!;
    const loc = forecastLocation('60601', 'America/Chicago');
    expect(loc.lat).toBeCloseTo(info.lat, 1);
    expect(loc.lon).toBeCloseTo(info.lon, 1);
    expect(loc.key).toBe(`${loc.lat},${loc.lon}`);
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

  it('places a home by its own coordinates before its ZIP, in the cell of the 0.25-degree grid holding them', () => {
    expect(forecastLocation('', 'Europe/Berlin', { lat: 47.7, lon: 9.2 })).toEqual({ lat: 47.75, lon: 9.25, key: '47.75,9.25' });
    expect(forecastLocation('60601', 'America/Chicago', { lat: 41.9, lon: -87.6 })).toEqual({ lat: 42, lon: -87.5, key: '42,-87.5' });
    expect(forecastLocation('', 'UTC', { lat: -33.9, lon: 151.2 }).key).toBe('-34,151.25');
    // Neighbouring homes share the cell's one feed request.
    expect(forecastLocation('', 'Europe/Berlin', { lat: 47.8, lon: 9.3 }).key).toBe('47.75,9.25');
  });
});

describe('coordinatesOf', () => {
  it('reads both coordinates of a profile, or none when either is missing', () => {
    expect(coordinatesOf({ latitude: 47.7, longitude: 9.2 })).toEqual({ lat: 47.7, lon: 9.2 });
    expect(coordinatesOf({ latitude: 0, longitude: 0 })).toEqual({ lat: 0, lon: 0 });
    expect(coordinatesOf({ latitude: null, longitude: null })).toBeNull();
    expect(coordinatesOf({ latitude: 47.7, longitude: null })).toBeNull();
    expect(coordinatesOf(null)).toBeNull();
  });
});
