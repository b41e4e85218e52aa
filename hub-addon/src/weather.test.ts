import type { HassEntity } from 'home-assistant-js-websocket';
import { describe, expect, it } from 'vitest';
import { drawWeatherPushOffsetMs, forecastForPush, inPushWindow, isPushDue, localMidnightMs, WEATHER_PUSH_SPREAD_MS } from './weather.js';

const weather = (attributes: Record<string, unknown>): HassEntity => ({
  entity_id: 'weather.home',
  state: 'sunny',
  attributes,
  last_changed: '',
  last_updated: '',
  context: { id: 'c', parent_id: null, user_id: null },
});
const hourly = (fromIso: string, n: number, temp: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({
    datetime: new Date(Date.parse(fromIso) + i * 3_600_000).toISOString(),
    temperature: temp(i),
    humidity: 60,
    wind_speed: 10,
  }));

describe('forecastForPush', () => {
  it('converts Celsius and km/h from local midnight, filling past hours with the current values', () => {
    // 02:45 UTC is 04:45 in Paris (UTC+2): hours 0-3 of the day (from 22:00Z) are past.
    const now = Date.parse('2026-07-01T02:45:00Z');
    const items = hourly('2026-07-01T02:00:00Z', 48, (i) => 20 + i * 0.1);
    const f = forecastForPush(
      items,
      weather({ temperature: 18, temperature_unit: '°C', humidity: 70, wind_speed: 5, wind_speed_unit: 'km/h' }),
      '°C',
      now,
      'Europe/Paris',
    )!;
    expect(f.hourly_temps_f.slice(0, 5)).toEqual([64.4, 64.4, 64.4, 64.4, 68]);
    expect(f.hourly_humidity!.slice(0, 5)).toEqual([70, 70, 70, 70, 60]);
    expect(f.hourly_wind_mph!.slice(3, 5)).toEqual([3.1, 6.2]);
    expect(f.hourly_temps_f).toHaveLength(52); // 22:00Z the day before .. the last forecast hour
  });

  it('caps at 72 hours and refuses less than 24', () => {
    const now = Date.parse('2026-07-01T03:00:00Z');
    expect(
      forecastForPush(
        hourly('2026-07-01T00:00:00Z', 100, () => 70),
        weather({}),
        '°F',
        now,
        'UTC',
      )!.hourly_temps_f,
    ).toHaveLength(72);
    expect(
      forecastForPush(
        hourly('2026-07-01T00:00:00Z', 10, () => 70),
        weather({}),
        '°F',
        now,
        'UTC',
      ),
    ).toBeNull();
    expect(forecastForPush([], weather({}), '°F', now, 'UTC')).toBeNull();
  });

  it('leaves out a series with a gap', () => {
    const items = hourly('2026-07-01T00:00:00Z', 30, () => 70).map((x, i) => (i === 5 ? { ...x, humidity: undefined } : x));
    const f = forecastForPush(items, weather({}), '°F', Date.parse('2026-07-01T03:00:00Z'), 'UTC')!;
    expect(f.hourly_humidity).toBeUndefined();
    expect(f.hourly_wind_mph).toHaveLength(30);
  });
});

describe('push window and local midnight', () => {
  it.each([
    ['2026-07-01T02:29:59Z', false],
    ['2026-07-01T02:30:00Z', true],
    ['2026-07-01T03:29:59Z', true],
    ['2026-07-01T03:30:00Z', false],
  ])('%s in the window: %s', (iso, inside) => expect(inPushWindow(Date.parse(iso))).toBe(inside));

  it('finds local midnight on DST days', () => {
    expect(new Date(localMidnightMs(Date.parse('2026-03-08T12:00:00Z'), 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(localMidnightMs(Date.parse('2026-11-01T12:00:00Z'), 'America/New_York')).toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });
});

describe("the install's offset into the push window", () => {
  it('is drawn within the first 50 minutes, so a check every 10 minutes still pushes before 03:30', () => {
    expect(drawWeatherPushOffsetMs(() => 0)).toBe(0);
    expect(drawWeatherPushOffsetMs(() => 0.999999)).toBeLessThan(WEATHER_PUSH_SPREAD_MS);
    expect(WEATHER_PUSH_SPREAD_MS + 10 * 60_000).toBeLessThanOrEqual(60 * 60_000);
  });

  it.each([
    ['2026-07-01T02:30:00Z', 0, true],
    ['2026-07-01T02:30:00Z', 20 * 60_000, false],
    ['2026-07-01T02:49:59Z', 20 * 60_000, false],
    ['2026-07-01T02:50:00Z', 20 * 60_000, true],
    ['2026-07-01T03:29:59Z', 49 * 60_000, true],
    ['2026-07-01T03:30:00Z', 0, false],
    ['2026-07-01T02:29:59Z', 0, false],
  ])('at %s with offset %d ms the push is due: %s', (iso, offsetMs, due) => expect(isPushDue(Date.parse(iso), offsetMs)).toBe(due));
});
