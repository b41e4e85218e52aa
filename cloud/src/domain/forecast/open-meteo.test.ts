import { describe, expect, it } from 'vitest';
import { FORECAST_DAYS, PAST_DAYS, openMeteoUrl, parseOpenMeteo } from './open-meteo.js';

const body = (overrides: Record<string, unknown> = {}, hourly: Record<string, unknown> = {}) => ({
  latitude: 41.9,
  longitude: -87.6,
  timezone: 'GMT',
  utc_offset_seconds: 0,
  hourly_units: { time: 'iso8601', temperature_2m: '°F', shortwave_radiation: 'W/m²', diffuse_radiation: 'W/m²' },
  hourly: {
    time: ['2026-07-15T00:00', '2026-07-15T01:00', '2026-07-15T02:00'],
    temperature_2m: [78.1, 76.9, null],
    shortwave_radiation: [0, 120.5, 300],
    diffuse_radiation: [0, 60, 100],
    ...hourly,
  },
  ...overrides,
});

describe('openMeteoUrl', () => {
  it('asks for hourly temperature in F and irradiance, stamped in GMT, past days and forecast days', () => {
    const url = new URL(openMeteoUrl('http://127.0.0.1:1234/', { lat: 41.9, lon: -87.6 }));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:1234/v1/forecast');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '41.90',
      longitude: '-87.60',
      hourly: 'temperature_2m,shortwave_radiation,diffuse_radiation',
      temperature_unit: 'fahrenheit',
      timezone: 'GMT',
      past_days: String(PAST_DAYS),
      forecast_days: String(FORECAST_DAYS),
    });
  });
});

describe('parseOpenMeteo', () => {
  it('reads temperatures at the stamped hours and irradiance mid-way through the hour before', () => {
    expect(parseOpenMeteo(body())).toEqual({
      ok: true,
      weather: {
        tempsF: { firstAt: new Date('2026-07-15T00:00:00Z'), values: [78.1, 76.9, null] },
        ghiWm2: { firstAt: new Date('2026-07-14T23:30:00Z'), values: [0, 120.5, 300] },
        dhiWm2: { firstAt: new Date('2026-07-14T23:30:00Z'), values: [0, 60, 100] },
      },
    });
  });

  it('places local wall-time stamps with utc_offset_seconds', () => {
    const parsed = parseOpenMeteo(body({ timezone: 'America/Chicago', utc_offset_seconds: -18000 }));
    expect(parsed.ok && parsed.weather.tempsF.firstAt).toEqual(new Date('2026-07-15T05:00:00Z'));
  });

  it('has no irradiance when the variables are absent, and no diffuse without global', () => {
    const noRadiation = parseOpenMeteo(body({}, { shortwave_radiation: undefined, diffuse_radiation: undefined }));
    expect(noRadiation.ok && [noRadiation.weather.ghiWm2, noRadiation.weather.dhiWm2]).toEqual([null, null]);
    const diffuseOnly = parseOpenMeteo(body({}, { shortwave_radiation: undefined }));
    expect(diffuseOnly.ok && diffuseOnly.weather.dhiWm2).toBeNull();
  });

  it.each([
    ['not an object', [], 'no hourly object'],
    ['no hourly', { latitude: 1 }, 'no hourly object'],
    ['a bad offset', body({ utc_offset_seconds: 'x' }), 'utc_offset_seconds is not a number'],
    ['no times', body({}, { time: [] }), 'hourly.time is empty'],
    ['a malformed stamp', body({}, { time: ['2026-07-15T00:00', '2026-07-15 01:00', '2026-07-15T02:00'] }), 'hourly.time[1] is not the next hour'],
    ['a skipped hour', body({}, { time: ['2026-07-15T00:00', '2026-07-15T01:00', '2026-07-15T03:00'] }), 'hourly.time[2] is not the next hour'],
    ['short temperatures', body({}, { temperature_2m: [1, 2] }), 'hourly.temperature_2m must be an array as long as hourly.time'],
    ['no temperatures', body({}, { temperature_2m: undefined }), 'hourly.temperature_2m must be an array as long as hourly.time'],
    ['a string temperature', body({}, { temperature_2m: [1, '2', 3] }), 'hourly.temperature_2m[1]="2" is outside [-100, 150]'],
    ['an absurd temperature', body({}, { temperature_2m: [1, 2, 999] }), 'hourly.temperature_2m[2]=999 is outside [-100, 150]'],
    ['negative irradiance', body({}, { shortwave_radiation: [0, -5, 0] }), 'hourly.shortwave_radiation[1]=-5 is outside [0, 1400]'],
    ['short diffuse', body({}, { diffuse_radiation: [0] }), 'hourly.diffuse_radiation must be an array as long as hourly.time'],
  ])('rejects %s', (_label, json, reason) => {
    expect(parseOpenMeteo(json)).toEqual({ ok: false, reason });
  });
});
