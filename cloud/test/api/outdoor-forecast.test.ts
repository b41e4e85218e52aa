import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { HOUR_MS, seriesToSlots } from '../../src/domain/forecast/hourly-series.js';
import { APPROXIMATE_LATITUDE, forecastLocation } from '../../src/domain/forecast/location.js';
import { parseOpenMeteo } from '../../src/domain/forecast/open-meteo.js';
import { irradianceOnGrid } from '../../src/domain/forecast/outdoor-forecast.js';
import { seasonalTempsF } from '../../src/domain/forecast/seasonal-temps.js';
import { clearSkyGhiWm2 } from '../../src/domain/solar/irradiance.js';
import { sunPosition } from '../../src/domain/solar/sun-position.js';
import { slotDurationsHours, slotStartsUtc } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { createOutdoorForecastService, type ForecastLogger } from '../../src/services/outdoor-forecast.js';
import { FAILURES_BEFORE_PAUSE } from '../../src/services/weather-fallback.js';
import { startFakeOpenMeteo, openMeteoBody, type FakeOpenMeteo } from '../support/fake-open-meteo.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startTestCloud, testConfig } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;
let feed: FakeOpenMeteo;

beforeAll(async () => {
  [cloud, feed] = await Promise.all([startTestCloud(), startFakeOpenMeteo()]);
  api = apiClient(cloud.url);
});
afterAll(() => Promise.all([cloud.stop(), feed.close()]));

const TZ = 'America/Chicago';
const DATE = '2026-07-15';
const NOW = new Date('2026-07-15T04:00:00Z'); // the nightly window; 23:00 CDT the day before
const MINUTE_MS = 60_000;
const FIRST_HOUR = new Date('2026-07-01T00:00:00Z'); // 14 past days and 3 forecast days from NOW's UTC day
const HOURS = 17 * 24;
const grid = { date: DATE, slotStarts: slotStartsUtc(DATE, TZ), slotHours: slotDurationsHours(DATE, TZ) };

/** The fake's temperature: rising linearly by 0.05 F per hour, so a slot's value is exact at its midpoint. */
const linearTemp = (at: Date) => 60 + ((at.getTime() - FIRST_HOUR.getTime()) / HOUR_MS) * 0.05;
const midpointTemps = (g: { slotStarts: Date[]; slotHours: number[] }) =>
  g.slotStarts.map((s, i) => linearTemp(new Date(s.getTime() + (g.slotHours[i]! * HOUR_MS) / 2)));

/** A feed body for a ZIP's area, with clear-sky irradiance there. */
function bodyFor(zip: string, first = FIRST_HOUR, hours = HOURS): string {
  const { lat, lon } = forecastLocation(zip, TZ);
  return openMeteoBody(first, hours, linearTemp, (end) => Math.round(clearSkyGhiWm2(sunPosition(new Date(end.getTime() - HOUR_MS / 2), lat, lon))));
}
const keyOf = (zip: string) => forecastLocation(zip, TZ).key!;
const account = (zip: string, userId: string = randomUUID()) => ({ userId, locationZip: zip, coordinates: null, timeZone: TZ });

/** A resolver of its own (own cache and pause state) on the fake feed, with its log lines captured. */
function resolver(config: { timeoutMs?: number; cacheMinutes?: number; baseUrl?: string } = {}) {
  const lines: [string, string][] = [];
  const capture = (level: string) => (_obj: unknown, msg: string) => void lines.push([level, msg]);
  const logger = { info: capture('info'), warn: capture('warn'), error: capture('error') } as unknown as ForecastLogger;
  const service = createOutdoorForecastService({
    weather: cloud.services.weather,
    config: {
      weatherFallbackBaseUrl: config.baseUrl ?? feed.url,
      weatherFallbackTimeoutMs: config.timeoutMs ?? 2_000,
      weatherFallbackCacheMinutes: config.cacheMinutes ?? 180,
    },
    logger,
  });
  return { service, lines };
}

/** A signed-up account in Chicago with a ZIP, and a push of `temps` made at `pushedAt`. */
async function accountWithPush(zip: string, temps: number[], pushedAt: Date) {
  const { token, userId } = await signUp(api);
  expect((await api.patch('/auth/me', { timezone: TZ, location_zip: zip }, { token })).status).toBe(200);
  await cloud.services.weather.push(userId, { hourly_temps_f: temps }, pushedAt);
  return account(zip, userId);
}
const pushTemps = (n: number) => Array.from({ length: n }, (_, k) => 70 + k * 0.5);

describe('outdoor forecast resolver', () => {
  it('uses a fresh push covering the day and asks the fallback feed nothing', async () => {
    const zip = '53201';
    feed.serve(keyOf(zip), { body: bodyFor(zip) });
    const pushedAt = new Date(NOW.getTime() - 2 * HOUR_MS); // 21:00 CDT: hour 0 is 2026-07-14 00:00 CDT
    const acct = await accountWithPush(zip, pushTemps(72), pushedAt);
    const { service, lines } = resolver();
    const forecast = await service.resolve(acct, DATE, NOW);
    const expected = seriesToSlots({ firstAt: new Date('2026-07-14T05:00:00Z'), values: pushTemps(72) }, grid.slotStarts, grid.slotHours);
    expect(forecast).toEqual({ tempsF: expected, irradiance: null, source: 'pushed', location: { lat: 43.1, lon: -88 } });
    expect(forecast.tempsF[0]).toBe(82.125); // hour 24.25 of the push
    expect(feed.hitsFor(keyOf(zip))).toBe(0);
    expect(lines).toEqual([]);
  });

  it('with solar keeps the pushed temperatures and takes irradiance from the fallback feed', async () => {
    const zip = '55401';
    feed.serve(keyOf(zip), { body: bodyFor(zip) });
    const acct = await accountWithPush(zip, pushTemps(72), new Date(NOW.getTime() - HOUR_MS));
    const { service } = resolver();
    const forecast = await service.resolve(acct, DATE, NOW, { needIrradiance: true });
    const parsed = parseOpenMeteo(JSON.parse(bodyFor(zip)));
    expect(forecast.source).toBe('pushed');
    expect(forecast.irradiance).toEqual(parsed.ok && irradianceOnGrid(parsed.weather, grid));
    expect(Math.max(...forecast.irradiance!.ghiWm2)).toBeGreaterThan(800);
    expect(forecast.irradiance!.ghiWm2[4]).toBe(0); // 02:00 CDT
    expect(feed.hitsFor(keyOf(zip))).toBe(1);
  });

  it.each([
    ['a feed failure', { status: 500 }, 'warn', 'fallback feed failed: HTTP 500'],
    ['an answer without irradiance', { body: openMeteoBody(FIRST_HOUR, HOURS, linearTemp) }, 'info', 'the fallback feed has no irradiance for 2026-07-15'],
  ])('with solar keeps a covering push through %s, logging the missing irradiance', async (_label, reply, level, reason) => {
    const zip = '64101';
    feed.serve(keyOf(zip), reply);
    const acct = await accountWithPush(zip, pushTemps(72), new Date(NOW.getTime() - HOUR_MS));
    const { service, lines } = resolver();
    const forecast = await service.resolve(acct, DATE, NOW, { needIrradiance: true });
    expect([forecast.source, forecast.irradiance]).toEqual(['pushed', null]);
    expect(lines).toEqual([[level, `outdoor forecast from pushed: ${reason}`]]);
  });

  it('passes over a push older than 24 hours for the fallback feed, logging why', async () => {
    const zip = '63101';
    feed.serve(keyOf(zip), { body: bodyFor(zip) });
    const acct = await accountWithPush(zip, pushTemps(72), new Date(NOW.getTime() - 25 * HOUR_MS));
    const { service, lines } = resolver();
    const forecast = await service.resolve(acct, DATE, NOW);
    expect(forecast.source).toBe('fallback');
    forecast.tempsF.forEach((t, i) => expect(t).toBeCloseTo(midpointTemps(grid)[i]!, 9));
    expect(forecast.irradiance?.ghiWm2).toHaveLength(48);
    expect(lines).toEqual([['info', 'outdoor forecast from fallback: no pushed forecast in the last 24 h']]);
  });

  it('passes over a fresh push that does not cover the day', async () => {
    const zip = '64101';
    feed.serve(keyOf(zip), { body: bodyFor(zip) });
    const acct = await accountWithPush(zip, pushTemps(24), new Date(NOW.getTime() - HOUR_MS)); // covers 2026-07-14 only
    const { service, lines } = resolver();
    expect((await service.resolve(acct, DATE, NOW)).source).toBe('fallback');
    expect(lines).toEqual([['info', 'outdoor forecast from fallback: pushed forecast does not cover 2026-07-15']]);
  });

  it('asks the feed once per ZIP area: concurrent and later accounts share the answer', async () => {
    const zip = '75201';
    feed.serve(keyOf(zip), { body: bodyFor(zip), delayMs: 50 });
    const { service } = resolver();
    const [a, b] = await Promise.all([service.resolve(account('75201'), DATE, NOW), service.resolve(account('75299'), DATE, NOW)]);
    const c = await service.resolve(account('75202'), '2026-07-16', new Date(NOW.getTime() + 60 * MINUTE_MS));
    expect([a.source, b.source, c.source]).toEqual(['fallback', 'fallback', 'fallback']);
    expect(b).toEqual(a);
    expect(feed.hitsFor(keyOf(zip))).toBe(1);
    const request = feed.requests.find(
      (u) => `${Number(u.searchParams.get('latitude')).toFixed(1)},${Number(u.searchParams.get('longitude')).toFixed(1)}` === keyOf(zip),
    )!;
    expect(Object.fromEntries(request.searchParams)).toMatchObject({ latitude: '32.90', longitude: '-96.60', timezone: 'GMT', temperature_unit: 'fahrenheit' });
  });

  it('asks again once the cached answer is older than the cache time', async () => {
    const zip = '77002';
    feed.serve(keyOf(zip), { body: bodyFor(zip) });
    const { service } = resolver({ cacheMinutes: 30 });
    await service.resolve(account(zip), DATE, NOW);
    await service.resolve(account(zip), DATE, new Date(NOW.getTime() + 29 * MINUTE_MS));
    expect(feed.hitsFor(keyOf(zip))).toBe(1);
    await service.resolve(account(zip), DATE, new Date(NOW.getTime() + 31 * MINUTE_MS));
    expect(feed.hitsFor(keyOf(zip))).toBe(2);
  });

  it('on a feed error uses the seasonal default, logs one warning, and leaves the area alone for 15 minutes', async () => {
    const zip = '73102';
    feed.serve(keyOf(zip), { status: 500, body: '{"error":true}' });
    const { service, lines } = resolver();
    const forecast = await service.resolve(account(zip), DATE, NOW);
    expect(forecast).toEqual({ tempsF: seasonalTempsF(35.5, DATE), irradiance: null, source: 'seasonal', location: { lat: 35.5, lon: -97.5 } });
    expect(lines).toEqual([['warn', 'outdoor forecast from seasonal: no pushed forecast in the last 24 h; fallback feed failed: HTTP 500']]);
    await service.resolve(account(zip), DATE, new Date(NOW.getTime() + 14 * MINUTE_MS));
    expect(feed.hitsFor(keyOf(zip))).toBe(1);
    feed.serve(keyOf(zip), { body: bodyFor(zip) });
    expect((await service.resolve(account(zip), DATE, new Date(NOW.getTime() + 16 * MINUTE_MS))).source).toBe('fallback');
    expect(feed.hitsFor(keyOf(zip))).toBe(2);
  });

  it('gives up on a feed slower than the timeout', async () => {
    const zip = '50309';
    feed.serve(keyOf(zip), { body: bodyFor(zip), delayMs: 2_000 });
    const { service, lines } = resolver({ timeoutMs: 200 });
    const started = Date.now();
    expect((await service.resolve(account(zip), DATE, NOW)).source).toBe('seasonal');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(lines).toEqual([['warn', 'outdoor forecast from seasonal: no pushed forecast in the last 24 h; fallback feed failed: timeout after 200 ms']]);
  });

  it.each([
    ['invalid JSON', 'not json', 'fallback feed answered with invalid JSON'],
    [
      'an unusable answer',
      '{"hourly":{"time":["2026-07-15T00:00"],"temperature_2m":[500]}}',
      'fallback feed answer unusable: hourly.temperature_2m[0]=500 is outside [-100, 150]',
    ],
    ['an answer not covering the day', bodyFor('70112', new Date('2026-07-10T00:00:00Z'), 24), 'fallback forecast does not cover 2026-07-15'],
  ])('uses the seasonal default on %s', async (_label, body, reason) => {
    feed.serve(keyOf('70112'), { body });
    const { service, lines } = resolver();
    expect((await service.resolve(account('70112'), DATE, NOW)).source).toBe('seasonal');
    expect(lines).toHaveLength(1);
    expect(lines[0]![1]).toBe(`outdoor forecast from seasonal: no pushed forecast in the last 24 h; ${reason}`);
  });

  it("asks the feed at the home's own coordinates before its ZIP, irradiance included", async () => {
    // A home in Konstanz (no US ZIP): Berlin time, the feed's answer for its cell, 47.75, 9.25.
    const zone = 'Europe/Berlin';
    const coordinates = { lat: 47.66, lon: 9.18 };
    const first = new Date('2026-07-01T00:00:00Z');
    feed.serve('47.75,9.25', {
      body: openMeteoBody(first, HOURS, linearTemp, (end) => Math.round(clearSkyGhiWm2(sunPosition(new Date(end.getTime() - HOUR_MS / 2), 47.75, 9.25)))),
    });
    const { service } = resolver();
    const home = { userId: randomUUID(), locationZip: '', coordinates, timeZone: zone };
    const forecast = await service.resolve(home, DATE, NOW, { needIrradiance: true });
    expect(forecast.source).toBe('fallback');
    expect(forecast.location).toEqual({ lat: 47.75, lon: 9.25 });
    expect(Math.max(...forecast.irradiance!.ghiWm2)).toBeGreaterThan(800);
    expect(feed.hitsFor('47.75,9.25')).toBe(1);
    // The same coordinates win over a ZIP the feed also knows.
    expect((await service.resolve({ ...home, locationZip: '53201' }, DATE, NOW)).location).toEqual({ lat: 47.75, lon: 9.25 });
  });

  it('without coordinates or a usable ZIP uses the seasonal default at an approximate location and asks nobody', async () => {
    const before = feed.requests.length;
    const { service, lines } = resolver();
    const forecast = await service.resolve(account(''), DATE, NOW, { needIrradiance: true });
    expect(forecast).toEqual({ tempsF: seasonalTempsF(APPROXIMATE_LATITUDE, DATE), irradiance: null, source: 'seasonal', location: { lat: 40, lon: -90 } });
    expect(feed.requests.length).toBe(before);
    expect(lines).toEqual([
      ['info', 'outdoor forecast from seasonal: no pushed forecast in the last 24 h; no coordinates or known location_zip for the fallback feed'],
    ]);
  });

  it(`pauses the feed for 10 minutes after ${FAILURES_BEFORE_PAUSE} failures in a row`, async () => {
    const zips = ['80202', '85004', '30303', '98101', '02108', '60601'];
    for (const zip of zips) feed.serve(keyOf(zip), { status: 503 });
    const { service, lines } = resolver();
    for (const zip of zips.slice(0, FAILURES_BEFORE_PAUSE)) await service.resolve(account(zip), DATE, NOW);
    const last = zips[FAILURES_BEFORE_PAUSE]!;
    expect((await service.resolve(account(last), DATE, NOW)).source).toBe('seasonal');
    expect(feed.hitsFor(keyOf(last))).toBe(0);
    expect(lines.at(-1)).toEqual([
      'warn',
      `outdoor forecast from seasonal: no pushed forecast in the last 24 h; fallback feed paused after ${FAILURES_BEFORE_PAUSE} consecutive failures`,
    ]);
    feed.serve(keyOf(last), { body: bodyFor(last) });
    expect((await service.resolve(account(last), DATE, new Date(NOW.getTime() + 11 * MINUTE_MS))).source).toBe('fallback');
  });

  it('maps the feed onto a spring-forward day (23 hours) at real slot midpoints', async () => {
    const zip = '53201';
    const first = new Date('2026-03-01T00:00:00Z');
    feed.serve(keyOf(zip), { body: openMeteoBody(first, 17 * 24, (t) => 30 + (t.getTime() - first.getTime()) / HOUR_MS / 100) });
    const { service } = resolver();
    const forecast = await service.resolve(account(zip), '2026-03-08', new Date('2026-03-08T04:00:00Z'));
    const starts = slotStartsUtc('2026-03-08', TZ);
    const hours = slotDurationsHours('2026-03-08', TZ);
    expect(forecast.source).toBe('fallback');
    forecast.tempsF.forEach((t, i) => {
      const mid = starts[i]!.getTime() + (hours[i]! * HOUR_MS) / 2;
      expect(t).toBeCloseTo(30 + (mid - first.getTime()) / HOUR_MS / 100, 9);
    });
    expect(forecast.tempsF[4]).toBe(forecast.tempsF[5]); // the skipped 02:00 and 02:30 slots
  });

  it('still resolves when reading pushes fails', async () => {
    const service = createOutdoorForecastService({
      weather: { latestFreshForecast: () => Promise.reject(new Error('Database unavailable')) },
      config: { weatherFallbackBaseUrl: feed.url, weatherFallbackTimeoutMs: 1_000, weatherFallbackCacheMinutes: 180 },
    });
    expect((await service.resolve(account(''), DATE, NOW)).source).toBe('seasonal');
  });

  it('never throws, even for a zone or date it cannot place', async () => {
    const { service, lines } = resolver();
    const forecast = await service.resolve({ userId: randomUUID(), locationZip: '', coordinates: null, timeZone: 'Not/AZone' }, DATE, NOW);
    expect(forecast).toEqual({ tempsF: Array(48).fill(65), irradiance: null, source: 'seasonal', location: { lat: 40, lon: 0 } });
    expect(lines.map(([level]) => level)).toEqual(['error']);
  });

  it('is wired into the cloud, whose test configuration never reaches the internet', async () => {
    expect(testConfig().weatherFallbackBaseUrl).toBe('http://127.0.0.1:9');
    const forecast = await cloud.services.outdoorForecast.resolve(account('60601'), DATE, NOW);
    expect(forecast.source).toBe('seasonal');
    expect(forecast.tempsF).toEqual(seasonalTempsF(41.9, DATE));
  });
});

describe('irradiance history', () => {
  it('gives the hours of the window that ended by now, from the cached feed answer', async () => {
    const zip = '53201';
    feed.serve(keyOf(zip), { body: bodyFor(zip) });
    const { service } = resolver();
    const hitsBefore = feed.hitsFor(keyOf(zip));
    const from = new Date('2026-07-05T00:00:00Z');
    const history = await service.irradianceHistory(account(zip), from, new Date('2026-07-20T00:00:00Z'), NOW);
    expect(history?.ghiWm2.firstAt).toEqual(new Date('2026-07-05T00:30:00Z'));
    expect(history?.ghiWm2.values).toHaveLength(10 * 24 + 4); // through the hour ending at NOW
    expect(history?.dhiWm2?.values).toHaveLength(10 * 24 + 4);
    expect(Math.max(...history!.ghiWm2.values.map(Number))).toBeGreaterThan(800);
    expect((await service.resolve(account(zip), DATE, NOW)).source).toBe('fallback');
    expect(feed.hitsFor(keyOf(zip))).toBe(hitsBefore + 1); // one answer for both
  });

  it('is null without a ZIP, on a feed failure, or without irradiance', async () => {
    const { service, lines } = resolver();
    const window = [new Date('2026-07-05T00:00:00Z'), NOW, NOW] as const;
    expect(await service.irradianceHistory(account(''), ...window)).toBeNull();
    feed.serve(keyOf('64101'), { status: 500 });
    expect(await service.irradianceHistory(account('64101'), ...window)).toBeNull();
    feed.serve(keyOf('75201'), { body: openMeteoBody(FIRST_HOUR, HOURS, linearTemp) });
    expect(await service.irradianceHistory(account('75201'), ...window)).toBeNull();
    expect(lines.map(([, msg]) => msg)).toEqual([
      'no irradiance history for the learned solar fit: no coordinates or known location_zip for the fallback feed',
      'no irradiance history for the learned solar fit: fallback feed failed: HTTP 500',
      'no irradiance history for the learned solar fit: the fallback feed has no irradiance in the window',
    ]);
  });
});

describe('configuration', () => {
  it('defaults to Open-Meteo, a 5 s timeout and a 3 h cache', () => {
    expect(loadConfig({})).toMatchObject({
      weatherFallbackBaseUrl: 'https://api.open-meteo.com',
      weatherFallbackTimeoutMs: 5_000,
      weatherFallbackCacheMinutes: 180,
    });
    expect(
      loadConfig({ WEATHER_FALLBACK_BASE_URL: 'http://mirror.internal:8080/', WEATHER_FALLBACK_TIMEOUT_MS: '900', WEATHER_FALLBACK_CACHE_MINUTES: '0' }),
    ).toMatchObject({
      weatherFallbackBaseUrl: 'http://mirror.internal:8080/',
      weatherFallbackTimeoutMs: 900,
      weatherFallbackCacheMinutes: 0,
    });
  });

  it.each([
    [{ WEATHER_FALLBACK_BASE_URL: 'ftp://example.com' }, 'WEATHER_FALLBACK_BASE_URL'],
    [{ WEATHER_FALLBACK_BASE_URL: 'not a url' }, 'WEATHER_FALLBACK_BASE_URL'],
    [{ WEATHER_FALLBACK_TIMEOUT_MS: '0' }, 'WEATHER_FALLBACK_TIMEOUT_MS'],
    [{ WEATHER_FALLBACK_CACHE_MINUTES: '-1' }, 'WEATHER_FALLBACK_CACHE_MINUTES'],
  ])('refuses %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});
