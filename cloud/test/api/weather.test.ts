import { describe, expect, it } from 'vitest';
import { dayBoundsUtc, localDateOf } from '../../src/domain/time/slot-grid.js';
import { signUp } from '../support/http.js';
import { useTestCloud } from '../support/test-cloud.js';

const t = useTestCloud();

const HOUR_MS = 3_600_000;
const temps = (n: number, at = (i: number) => 60 + (i % 24)) => Array.from({ length: n }, (_, i) => at(i));

async function storedRows(userId: string) {
  const [rows] = await t.cloud.db.query(
    'SELECT pushed_at, starts_at, hourly_temps_f, hourly_humidity, hourly_wind_mph FROM weather_forecasts WHERE user_id = $1 ORDER BY id',
    { bind: [userId] },
  );
  return rows as Record<string, unknown>[];
}

describe('POST /api/v1/weather', () => {
  it('needs a session', async () => {
    expect(await t.api.post('/api/v1/weather', { forecast: { hourly_temps_f: temps(24) } })).toMatchObject({
      status: 401,
      body: { detail: 'Not authenticated' },
    });
  });

  it('stores the push from local midnight of the push date and publishes a weather change', async () => {
    const { token, userId } = await signUp(t.api);
    await t.api.patch('/auth/me', { timezone: 'America/Chicago' }, { token });
    const forecast = { hourly_temps_f: temps(48), hourly_humidity: temps(48, () => 55.5), hourly_wind_mph: temps(48, (i) => i / 2) };
    const before = Date.now();
    const res = await t.api.post('/api/v1/weather', { forecast }, { token });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['accepted_hours', 'pushed_at']);
    expect(res.body.accepted_hours).toBe(48);
    expect(res.body.pushed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const pushedAt = new Date(res.body.pushed_at);
    expect(pushedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(pushedAt.getTime()).toBeLessThanOrEqual(Date.now());

    const midnight = dayBoundsUtc(localDateOf(pushedAt, 'America/Chicago'), 'America/Chicago').start;
    expect(await storedRows(userId)).toEqual([
      {
        pushed_at: pushedAt,
        starts_at: midnight,
        hourly_temps_f: forecast.hourly_temps_f,
        hourly_humidity: forecast.hourly_humidity,
        hourly_wind_mph: forecast.hourly_wind_mph,
      },
    ]);
    expect(t.events).toEqual([[userId, 'weather']]);
  });

  it('accepts the limits: 24 and 72 values, -50 and 150 F, humidity 0-100, wind 0-200, optional series absent or null', async () => {
    const { token, userId } = await signUp(t.api);
    const bodies = [
      { forecast: { hourly_temps_f: temps(24, (i) => (i % 2 ? -50 : 150)) } },
      { forecast: { hourly_temps_f: temps(72), hourly_humidity: temps(72, (i) => (i % 2 ? 0 : 100)), hourly_wind_mph: temps(72, (i) => (i % 2 ? 0 : 200)) } },
      { forecast: { hourly_temps_f: temps(30), hourly_humidity: null, hourly_wind_mph: null } },
    ];
    for (const body of bodies) {
      const res = await t.api.post('/api/v1/weather', body, { token });
      expect(res).toMatchObject({ status: 201, body: { accepted_hours: body.forecast.hourly_temps_f.length } });
    }
    const rows = await storedRows(userId);
    expect(rows.map((r) => [(r.hourly_temps_f as number[]).length, r.hourly_humidity === null, r.hourly_wind_mph === null])).toEqual([
      [24, true, true],
      [72, false, false],
      [30, true, true],
    ]);
  });

  describe('bad input stores nothing', () => {
    const TEMPS_COUNT = 'forecast.hourly_temps_f must contain between 24 and 72 hourly values';
    const withValue = (n: number, i: number, v: unknown) => temps(n).map((x, j) => (j === i ? v : x));
    const cases: [string, unknown, string][] = [
      ['no forecast', {}, 'forecast is required'],
      ['a null forecast', { forecast: null }, 'forecast is required'],
      ['a forecast that is a list', { forecast: [1, 2, 3] }, 'forecast must be an object'],
      ['a forecast that is text', { forecast: 'sunny' }, 'forecast must be an object'],
      ['no temperatures', { forecast: {} }, TEMPS_COUNT],
      ['23 temperatures', { forecast: { hourly_temps_f: temps(23) } }, TEMPS_COUNT],
      ['73 temperatures', { forecast: { hourly_temps_f: temps(73) } }, TEMPS_COUNT],
      ['temperatures as text', { forecast: { hourly_temps_f: 'warm' } }, TEMPS_COUNT],
      [
        'a temperature over 150',
        { forecast: { hourly_temps_f: withValue(24, 3, 150.5) } },
        'forecast.hourly_temps_f[3]=150.5 is outside the allowed range [-50, 150]',
      ],
      [
        'a temperature under -50',
        { forecast: { hourly_temps_f: withValue(48, 47, -51) } },
        'forecast.hourly_temps_f[47]=-51 is outside the allowed range [-50, 150]',
      ],
      [
        'a null temperature',
        { forecast: { hourly_temps_f: withValue(24, 0, null) } },
        'forecast.hourly_temps_f[0]=null is outside the allowed range [-50, 150]',
      ],
      [
        'a temperature as text',
        { forecast: { hourly_temps_f: withValue(24, 5, '70') } },
        'forecast.hourly_temps_f[5]="70" is outside the allowed range [-50, 150]',
      ],
      [
        'a temperature that overflows',
        { rawBody: '{"forecast":{"hourly_temps_f":[1e999' + ',70'.repeat(23) + ']}}' },
        'forecast.hourly_temps_f[0]=Infinity is outside the allowed range [-50, 150]',
      ],
      [
        'humidity one short',
        { forecast: { hourly_temps_f: temps(24), hourly_humidity: temps(23, () => 50) } },
        'forecast.hourly_humidity length must match hourly_temps_f',
      ],
      ['humidity not a list', { forecast: { hourly_temps_f: temps(24), hourly_humidity: 50 } }, 'forecast.hourly_humidity must be an array of numbers or null'],
      [
        'humidity over 100',
        { forecast: { hourly_temps_f: temps(24), hourly_humidity: withValue(24, 2, 100.1) } },
        'forecast.hourly_humidity[2]=100.1 is outside the allowed range [0, 100]',
      ],
      ['wind one long', { forecast: { hourly_temps_f: temps(24), hourly_wind_mph: temps(25) } }, 'forecast.hourly_wind_mph length must match hourly_temps_f'],
      [
        'negative wind',
        { forecast: { hourly_temps_f: temps(24), hourly_wind_mph: withValue(24, 9, -1) } },
        'forecast.hourly_wind_mph[9]=-1 is outside the allowed range [0, 200]',
      ],
      [
        'wind over 200',
        { forecast: { hourly_temps_f: temps(24), hourly_wind_mph: withValue(24, 1, 201) } },
        'forecast.hourly_wind_mph[1]=201 is outside the allowed range [0, 200]',
      ],
      [
        'temperatures checked before humidity',
        { forecast: { hourly_temps_f: withValue(24, 4, 999), hourly_humidity: [1] } },
        'forecast.hourly_temps_f[4]=999 is outside the allowed range [-50, 150]',
      ],
      [
        'a value that looks like a template',
        { forecast: { hourly_temps_f: withValue(24, 1, '${path}') } },
        'forecast.hourly_temps_f[1]="${path}" is outside the allowed range [-50, 150]',
      ],
      ['an array body', [{ forecast: { hourly_temps_f: temps(24) } }], 'request body must be a JSON object'],
    ];

    it.each(cases)('%s', async (_name, body, detail) => {
      const { token, userId } = await signUp(t.api);
      const raw = (body as { rawBody?: string }).rawBody;
      const res = raw
        ? await t.api.call('POST', '/api/v1/weather', { token, rawBody: raw, headers: { 'content-type': 'application/json' } })
        : await t.api.post('/api/v1/weather', body, { token });
      expect(res).toMatchObject({ status: 400, body: { detail } });
      expect(await storedRows(userId)).toEqual([]);
      expect(t.events).toEqual([]);
    });
  });

  it('answers 503 Failed to store weather forecast when the write fails, and stores again afterwards', async () => {
    const { token, userId } = await signUp(t.api);
    await t.api.get('/auth/me', { token });
    // A database-side failure of the insert only (the profile read before it still works).
    await t.cloud.db.query('ALTER TABLE weather_forecasts RENAME TO weather_forecasts_away');
    try {
      const res = await t.api.post('/api/v1/weather', { forecast: { hourly_temps_f: temps(24) } }, { token });
      expect(res).toMatchObject({ status: 503, body: { detail: 'Failed to store weather forecast' } });
    } finally {
      await t.cloud.db.query('ALTER TABLE weather_forecasts_away RENAME TO weather_forecasts');
    }
    expect(t.events).toEqual([]);
    expect(await storedRows(userId)).toEqual([]);
    expect((await t.api.post('/api/v1/weather', { forecast: { hourly_temps_f: temps(24) } }, { token })).status).toBe(201);
  });
});

describe('reading forecasts back (optimizer and model refit)', () => {
  it('keeps every push; the latest one is fresh for 24 hours', async () => {
    const { token, userId } = await signUp(t.api);
    const first = await t.api.post('/api/v1/weather', { forecast: { hourly_temps_f: temps(24, () => 50) } }, { token });
    const second = await t.api.post('/api/v1/weather', { forecast: { hourly_temps_f: temps(48, () => 70) } }, { token });
    const pushedAt = new Date(second.body.pushed_at);
    const { weather } = t.cloud.services;

    const fresh = await weather.latestFreshForecast(userId, new Date(pushedAt.getTime() + 23 * HOUR_MS));
    expect(fresh).toMatchObject({ pushedAt, hourlyTempsF: temps(48, () => 70), hourlyHumidity: null, hourlyWindMph: null });
    expect(await weather.latestFreshForecast(userId, new Date(pushedAt.getTime() + 24 * HOUR_MS + 1))).toBeNull();
    // A push after `now` is not used for a run at `now`.
    expect(await weather.latestFreshForecast(userId, new Date(new Date(first.body.pushed_at).getTime() - 1))).toBeNull();
    // Another account's push is never returned.
    expect(await weather.latestFreshForecast((await signUp(t.api)).userId, pushedAt)).toBeNull();

    const startsAt = dayBoundsUtc(localDateOf(pushedAt, 'UTC'), 'UTC').start.getTime();
    const history = await weather.forecastHistory(userId, new Date(startsAt), new Date(startsAt + 72 * HOUR_MS));
    expect(history.map((f) => f.hourlyTempsF.length)).toEqual([24, 48]);
    // From hour 30 on only the 48-hour push reaches; from hour 48 on none does.
    const later = await weather.forecastHistory(userId, new Date(startsAt + 30 * HOUR_MS), new Date(startsAt + 40 * HOUR_MS));
    expect(later.map((f) => f.hourlyTempsF.length)).toEqual([48]);
    expect(await weather.forecastHistory(userId, new Date(startsAt + 48 * HOUR_MS), new Date(startsAt + 99 * HOUR_MS))).toEqual([]);
  });
});
