import schedule from 'node-schedule';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { findDynamicZone } from '../../src/domain/tariffs/catalog.js';
import { adapterFor } from '../../src/domain/tariffs/feeds/index.js';
import { addDays, dayBoundsUtc, localDateOf, slotStartsUtc, zonedInstant } from '../../src/domain/time/slot-grid.js';
import { refreshPrices } from '../../src/jobs/refresh-prices.js';
import { startScheduler } from '../../src/jobs/scheduler.js';
import type { RunningCloud } from '../../src/server.js';
import type { PlanningChange } from '../../src/services/planning-events.js';
import { createPriceFeedsService, type PriceFeedsService } from '../../src/services/price-feeds.js';
import { FAKE_CREDENTIALS, octopusDayBody, pjmDayBody, startFakePriceFeed, type FakePriceFeed } from '../../src/testing/fake-price-feed.js';
import { recordedBody, RECORDED_DAYS } from '../support/recorded-feeds.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

const NY = 'America/New_York';
let fake: FakePriceFeed;
let cloud: RunningCloud;
let api: ApiClient;
let events: [string, PlanningChange][] = [];
let feedConfig: Partial<Config>;
/** A second service over the same store whose log lines the tests read. */
let logged: PriceFeedsService;
let logLines: { level: number; msg: string; zone?: string; date?: string }[] = [];

beforeAll(async () => {
  fake = await startFakePriceFeed();
  feedConfig = {
    priceFeedBaseUrls: { '*': fake.url },
    priceFeedCredentials: FAKE_CREDENTIALS,
    priceFeedTimeoutMs: 300,
    priceFeedRetries: 1,
    priceFeedRetryDelayMs: 10,
    dynamicPriceAdderCentsPerKwh: 1.5,
  };
  cloud = await startTestCloud(feedConfig);
  api = apiClient(cloud.url);
  cloud.services.planningEvents.subscribe((userId, reason) => events.push([userId, reason]));
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  logged = createPriceFeedsService(cloud.store, {
    planningEvents: cloud.services.planningEvents,
    config: { ...(feedConfig as Config) },
    logger,
  });
});
afterAll(async () => {
  await cloud.stop();
  await fake.close();
});
beforeEach(() => {
  events = [];
  logLines = [];
});

/** An account on a pricing source and zone, in a time zone. */
async function account(timezone: string, rates: Record<string, unknown>) {
  const user = await signUp(api);
  expect((await api.patch('/auth/me', { timezone }, { token: user.token })).status).toBe(200);
  expect((await api.put('/api/v1/rates', rates, { token: user.token })).status).toBe(200);
  return user;
}

const eventsOf = (...userIds: string[]) => events.filter(([id]) => userIds.includes(id));
const nyToday = () => localDateOf(new Date(), NY);
const rates = async (token: string) => (await api.get('/api/v1/rates', { token })).body;

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The 48 slot rates of an account's local today when the n-th period (of `periodMs`) after local
 * midnight costs price(n), in cents/kWh before the adder.
 */
function expectedRates(timeZone: string, periodMs: number, centsPerKwh: (n: number) => number, adder: number): number[] {
  const today = localDateOf(new Date(), timeZone);
  const { start } = dayBoundsUtc(today, timeZone);
  return slotStartsUtc(today, timeZone).map((slot) => round4(centsPerKwh(Math.floor((slot.getTime() - start.getTime()) / periodMs)) + adder));
}

/** The same for a NY account whose hour n costs price(n) $/MWh. */
const expectedNyRates = (price: (hour: number) => number, adder: number) => expectedRates(NY, 3_600_000, (h) => price(h) / 10, adder);

describe('refreshing dynamic prices', () => {
  const price = (hour: number) => 20 + hour * 2.5;
  let a: Awaited<ReturnType<typeof account>>;
  let b: Awaited<ReturnType<typeof account>>;

  beforeAll(async () => {
    a = await account(NY, { pricing_source: 'dynamic', dynamic_zone: 'pjm-dom' });
    b = await account(NY, { pricing_source: 'dynamic', dynamic_zone: 'pjm-dom', pricing_adder_cents_per_kwh: 3 });
    for (const date of [nyToday(), addDays(nyToday(), 1)]) fake.serve('pjm-dom', date, { body: pjmDayBody(date, price) });
  });

  it("stores the market days its accounts' today and tomorrow need, serves them plus the adder, and tells only that zone's accounts", async () => {
    const onZonePlan = await account(NY, { pricing_source: 'zone', dynamic_zone: 'pjm-dom' });
    const otherZone = await account('Europe/London', { pricing_source: 'dynamic', dynamic_zone: 'octopus-agile-c' });
    events = [];
    const report = await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['pjm-dom', 'octopus-agile-c'] });

    expect(report.busy).toBe(false);
    const pjmDays = report.days.filter((d) => d.zone === 'pjm-dom');
    expect(pjmDays.map((d) => [d.date, d.status, d.changed])).toEqual([
      [nyToday(), 'fetched', true],
      [addDays(nyToday(), 1), 'fetched', true],
    ]);
    expect(pjmDays[0]?.points).toBe((dayBoundsUtc(nyToday(), NY).end.getTime() - dayBoundsUtc(nyToday(), NY).start.getTime()) / 3_600_000);
    // Nothing served for Octopus: the fake answers 404, the zone is recorded as failed, pjm carried on.
    expect(report.days.filter((d) => d.zone === 'octopus-agile-c').map((d) => [d.status, d.error])).toEqual([
      ['failed', 'HTTP 404'],
      ['failed', 'HTTP 404'],
    ]);

    expect(await rates(a.token)).toMatchObject({ source: 'dynamic', pricing_source: 'dynamic', rates_cents_per_kwh: expectedNyRates(price, 1.5) });
    expect(await rates(b.token)).toMatchObject({ source: 'dynamic', rates_cents_per_kwh: expectedNyRates(price, 3) });
    expect(await rates(otherZone.token)).toMatchObject({ source: 'zone', pricing_source: 'dynamic', dynamic_zone: 'octopus-agile-c' });
    expect(await rates(onZonePlan.token)).toMatchObject({ source: 'zone', pricing_source: 'zone' });

    expect(eventsOf(a.userId, b.userId, onZonePlan.userId, otherZone.userId).sort()).toEqual(
      [
        [a.userId, 'prices'],
        [b.userId, 'prices'],
      ].sort(),
    );
  });

  it('skips days already stored in full unless forced, and a re-fetch of the same prices publishes nothing', async () => {
    const hits = fake.hitsFor('pjm-dom', nyToday());
    const again = await logged.refresh({ now: new Date(), zones: ['pjm-dom'] });
    expect(again.days.map((d) => d.status)).toEqual(['skipped', 'skipped']);
    expect(fake.hitsFor('pjm-dom', nyToday())).toBe(hits);

    const forced = await logged.refresh({ now: new Date(), zones: ['PJM-DOM'], force: true });
    expect(forced.days.map((d) => [d.status, d.changed])).toEqual([
      ['fetched', false],
      ['fetched', false],
    ]);
    expect(fake.hitsFor('pjm-dom', nyToday())).toBe(hits + 1);
    expect(eventsOf(a.userId, b.userId)).toEqual([]);
    expect(logLines.filter((l) => l.level === 30).map((l) => l.msg)).toEqual([
      `prices refreshed zone=pjm-dom date=${nyToday()} points=${forced.days[0]?.points} changed=false`,
      `prices refreshed zone=pjm-dom date=${addDays(nyToday(), 1)} points=${forced.days[1]?.points} changed=false`,
    ]);
  });

  it("publishes a changed price to the zone's accounts and serves it", async () => {
    const changed = (hour: number) => (hour === 18 ? 250 : price(hour));
    fake.serve('pjm-dom', nyToday(), { body: pjmDayBody(nyToday(), changed) });
    const report = await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['pjm-dom'], force: true });
    expect(report.days.map((d) => d.changed)).toEqual([true, false]);
    expect(eventsOf(a.userId, b.userId).sort()).toEqual(
      [
        [a.userId, 'prices'],
        [b.userId, 'prices'],
      ].sort(),
    );
    expect((await rates(a.token)).rates_cents_per_kwh).toEqual(expectedNyRates(changed, 1.5));
  });

  describe('a failing feed keeps the stored prices and is logged and recorded', () => {
    const cases: [string, Parameters<FakePriceFeed['serve']>[2], string, number][] = [
      ['HTTP 500 (retried)', { status: 500, body: 'oops' }, 'HTTP 500 (after 2 attempts)', 2],
      ['a garbage body (not retried)', { body: '<html>maintenance</html>' }, 'pjm-dataminer-json: body is not valid JSON', 1],
      ['a JSON body without prices', { body: '{"items":[]}' }, 'pjm-dataminer-json: no prices for pnode 34964545 in the body', 1],
      ['a timeout (retried)', { body: pjmDayBody(nyToday(), () => 1), delayMs: 1_000 }, 'timeout after 300 ms (after 2 attempts)', 2],
      ['HTTP 403 (not retried)', { status: 403 }, 'HTTP 403', 1],
    ];

    it.each(cases)('%s', async (_name, reply, error, attempts) => {
      const before = await rates(a.token);
      expect(before.source).toBe('dynamic');
      fake.serve('pjm-dom', nyToday(), reply);
      const hits = fake.hitsFor('pjm-dom', nyToday());
      const report = await logged.refresh({ now: new Date(), zones: ['pjm-dom'], force: true });
      expect(report.days[0]).toEqual({ zone: 'pjm-dom', date: nyToday(), status: 'failed', points: 0, changed: false, error });
      expect(report.days[1]?.status).toBe('fetched');
      expect(fake.hitsFor('pjm-dom', nyToday())).toBe(hits + attempts);
      expect(await rates(a.token)).toEqual(before);
      expect(await cloud.store.prices.lastFetch('pjm-dom', nyToday())).toMatchObject({ points: 0, error });
      expect(logLines.filter((l) => l.level === 40)).toMatchObject([
        { zone: 'pjm-dom', date: nyToday(), msg: `prices refresh failed zone=pjm-dom date=${nyToday()} error=${error}` },
      ]);
      expect(eventsOf(a.userId, b.userId)).toEqual([]);
      // The failed day is no longer "fetched in full", so the next plain run tries it again.
      fake.serve('pjm-dom', nyToday(), { body: pjmDayBody(nyToday(), price) });
      const retry = await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['pjm-dom'] });
      expect(retry.days.map((d) => d.status)).toEqual(['fetched', 'skipped']);
    });
  });

  it('a failing zone does not stop the zones after it', async () => {
    // Catalog order: caiso-np15 is refreshed before pjm-dom.
    const caiso = await account('America/Los_Angeles', { pricing_source: 'dynamic', dynamic_zone: 'caiso-np15' });
    for (const date of [localDateOf(new Date(), 'America/Los_Angeles'), addDays(localDateOf(new Date(), 'America/Los_Angeles'), 1)]) {
      fake.serve('caiso-np15', date, { status: 503 });
    }
    const report = await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['caiso-np15', 'pjm-dom'], force: true });
    expect(report.days.map((d) => [d.zone, d.status])).toEqual([
      ['caiso-np15', 'failed'],
      ['caiso-np15', 'failed'],
      ['pjm-dom', 'fetched'],
      ['pjm-dom', 'fetched'],
    ]);
    expect(await rates(caiso.token)).toMatchObject({ source: 'zone', pricing_source: 'dynamic' });
  });

  it('falls back to the zone curve while a day is only partly published, and fetches it again', async () => {
    const user = await account('Europe/London', { pricing_source: 'dynamic', dynamic_zone: 'octopus-agile-c' });
    const today = localDateOf(new Date(), 'Europe/London');
    const full = JSON.parse(octopusDayBody(today, (slot) => 10 + slot / 4));
    fake.serve('octopus-agile-c', today, { body: JSON.stringify({ ...full, results: full.results.slice(0, 20) }) });
    const first = await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['octopus-agile-c'] });
    expect(first.days[0]).toMatchObject({ date: today, status: 'fetched', points: 20, changed: true });
    expect(await rates(user.token)).toMatchObject({ source: 'zone', pricing_source: 'dynamic' });

    fake.serve('octopus-agile-c', today, { body: JSON.stringify(full) });
    const second = await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['octopus-agile-c'] });
    expect(second.days[0]).toMatchObject({ date: today, status: 'fetched', changed: true });
    // Octopus prices are already retail pence/kWh; the global adder still applies (see the docs).
    expect(await rates(user.token)).toMatchObject({
      source: 'dynamic',
      rates_cents_per_kwh: expectedRates('Europe/London', 1_800_000, (slot) => 10 + slot / 4, 1.5),
    });
  });

  it('records a missing credential as the failure without sending a request', async () => {
    const keyless = createPriceFeedsService(cloud.store, {
      planningEvents: cloud.services.planningEvents,
      config: { ...(feedConfig as Config), priceFeedCredentials: {} },
    });
    const hits = fake.hitsFor('pjm-dom', nyToday());
    const report = await keyless.refresh({ now: new Date(), zones: ['pjm-dom'], force: true });
    expect(report.days.map((d) => d.error)).toEqual([
      'pjm-dataminer-json: credential "subscriptionKey" is required',
      'pjm-dataminer-json: credential "subscriptionKey" is required',
    ]);
    expect(fake.hitsFor('pjm-dom', nyToday())).toBe(hits);
    expect((await rates(a.token)).source).toBe('dynamic');
    await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['pjm-dom'] });
  });

  it('lets only one instance refresh at a time', async () => {
    fake.serve('pjm-dom', nyToday(), { body: pjmDayBody(nyToday(), price), delayMs: 150 });
    const [one, two] = await Promise.all([
      cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['pjm-dom'], force: true }),
      logged.refresh({ now: new Date(), zones: ['pjm-dom'], force: true }),
    ]);
    expect([one.busy, two.busy].sort()).toEqual([false, true]);
    expect((one.busy ? one : two).days).toEqual([]);
    fake.serve('pjm-dom', nyToday(), { body: pjmDayBody(nyToday(), price) });
  });
});

describe('recorded feed payloads', () => {
  it.each(RECORDED_DAYS)('$slug: stores the recorded $date as parsed', async ({ slug, file, date }) => {
    const adapter = adapterFor(slug)!;
    await account(adapter.marketTimeZone, { pricing_source: 'dynamic', dynamic_zone: slug });
    fake.serve(slug, date, { body: recordedBody(file) });
    const report = await cloud.services.priceFeeds.refresh({ now: zonedInstant(date, 12 * 60, adapter.marketTimeZone), zones: [slug] });
    const parsed = adapter.parse(recordedBody(file), findDynamicZone(slug)!, date);
    expect(report.days.map((d) => [d.date, d.status])).toEqual([
      [date, 'fetched'],
      [addDays(date, 1), 'failed'],
    ]);
    expect(report.days[0]).toMatchObject({ points: parsed.length, changed: true });
    const { start, end } = dayBoundsUtc(date, adapter.marketTimeZone);
    const stored = await cloud.store.prices.pointsBetween(slug, start, end);
    expect(stored).toEqual(parsed.filter((p) => p.endUtc > start && p.startUtc < end));
  });
});

describe('jobs', () => {
  it('schedules the refresh hourly at :05, runs it at start-up, and stops cleanly', async () => {
    await account('Europe/Berlin', { pricing_source: 'dynamic', dynamic_zone: 'entsoe-de-lu' });
    const today = localDateOf(new Date(), 'Europe/Berlin');
    const { prices } = cloud.store;
    const before = new Set(Object.keys(schedule.scheduledJobs));
    const stop = startScheduler(cloud.services);
    const added = Object.entries(schedule.scheduledJobs).filter(([name]) => !before.has(name));
    const next = added.map(([, job]) => job.nextInvocation()).map((d) => d?.toISOString().slice(11, 16));
    // Other jobs (the nightly run, the model refit) are registered too.
    const nextHour = new Date(Date.now() + 3_600_000 - 5 * 60_000).toISOString().slice(11, 13);
    expect(next).toEqual(expect.arrayContaining([`${nextHour}:05`]));

    // ENTSO-E is the last zone in catalog order: once its tomorrow is recorded, the run is over.
    for (let i = 0; i < 250 && !(await prices.lastFetch('entsoe-de-lu', addDays(today, 1))); i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(fake.hitsFor('entsoe-de-lu', today)).toBe(1);
    expect(await prices.lastFetch('entsoe-de-lu', today)).toMatchObject({ points: 0, error: 'HTTP 404' });
    expect(Object.keys(schedule.scheduledJobs).filter((name) => !before.has(name))).toEqual([]);
  });

  it('the refresh job never rejects, whatever the service does', async () => {
    const failing = { refresh: () => Promise.reject(new Error('database gone')) } as unknown as PriceFeedsService;
    await expect(refreshPrices({ priceFeeds: failing }, new Date())).resolves.toBeUndefined();
  });
});
