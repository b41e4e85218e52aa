import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { PlanningEvents } from '../../src/services/planning-events.js';
import { createRecomputeQueue, MAX_ATTEMPTS, spreadOffsetMs } from '../../src/services/recompute-queue.js';
import { createAppliance } from '../support/appliances.js';
import { FAKE_CREDENTIALS, pjmDayBody, startFakePriceFeed, type FakePriceFeed } from '../../src/testing/fake-price-feed.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { storedRows } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;
let fake: FakePriceFeed;

beforeAll(async () => {
  fake = await startFakePriceFeed();
  cloud = await startTestCloud({ priceFeedBaseUrls: { '*': fake.url }, priceFeedCredentials: FAKE_CREDENTIALS, priceFeedRetries: 0 });
  api = apiClient(cloud.url);
});
afterAll(async () => {
  await cloud.stop();
  await fake.close();
});

const DEBOUNCE_MS = 3_000;
const later = (ms: number, from = Date.now()) => new Date(from + ms);
const queue = () => cloud.services.recomputeQueue;

interface JobRow {
  id: number;
  kind: string;
  reasons: string[];
  run_after: Date;
  locked_by: string | null;
  finished_at: Date | null;
  attempts: number;
  outcome: string | null;
}
const jobsOf = (userId: string) =>
  rows<JobRow>(cloud, 'SELECT id, kind, reasons, run_after, locked_by, finished_at, attempts, outcome FROM planning_jobs WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);

/** A user with an EV and a water heater whose setup recompute has already run. */
async function settledUser() {
  const user = await signUp(api);
  const ev = await createAppliance(cloud, user, 'ev_charger');
  const heater = await createAppliance(cloud, user, 'water_heater');
  await queue().settled();
  await queue().runDue(later(10 * DEBOUNCE_MS));
  return { ...user, ev, heater };
}

describe('the debounced recompute', () => {
  it('a burst of 5 saves within the debounce gives one recompute: one new row per appliance', async () => {
    const user = await settledUser();
    const before = [(await storedRows(cloud, user.ev)).length, (await storedRows(cloud, user.heater)).length];
    await api.put('/api/v1/preferences', { base_temperature: 70 }, { token: user.token });
    await api.post(`/api/v1/appliances/${user.ev}/constraints`, { target_charge_pct: 80 }, { token: user.token });
    await api.put('/api/v1/preferences', { savings_level: 2 }, { token: user.token });
    await api.post(`/api/v1/appliances/${user.heater}/constraints`, { min_temp_f: 115, max_temp_f: 140 }, { token: user.token });
    await api.post(`/api/v1/appliances/${user.ev}/constraints`, { target_charge_pct: 85 }, { token: user.token });
    await queue().settled();
    const waiting = (await jobsOf(user.userId)).filter((j) => !j.finished_at);
    expect(waiting).toEqual([expect.objectContaining({ kind: 'recompute', reasons: ['preferences', 'constraints'], locked_by: null, attempts: 0 })]);
    // Not due before the debounce has passed since the last save.
    expect(await queue().runDue(later(0))).toBe(0);
    expect(await queue().runDue(later(DEBOUNCE_MS + 1_000))).toBe(1);
    expect(await queue().runDue(later(DEBOUNCE_MS + 2_000))).toBe(0);
    const after = [await storedRows(cloud, user.ev), await storedRows(cloud, user.heater)];
    expect(after.map((r) => r.length)).toEqual(before.map((n) => n + 1));
    expect(after.map((r) => r.at(-1)!.trigger)).toEqual(['debounced', 'debounced']);
    expect(after[0]!.at(-1)!.schedule).toMatchObject({ unit: 'percent' });
    expect((await jobsOf(user.userId)).at(-1)).toMatchObject({ finished_at: expect.any(Date), outcome: 'planned 2 rows' });
  });

  it('each change moves the run to a debounce after it, but never more than 10 debounces after the first', async () => {
    const user = await settledUser();
    const t0 = Date.now();
    await queue().request(user.userId, 'preferences', new Date(t0));
    await queue().request(user.userId, 'constraints', new Date(t0 + 2_000));
    expect((await jobsOf(user.userId)).at(-1)!.run_after).toEqual(new Date(t0 + 2_000 + DEBOUNCE_MS));
    for (let t = 4_000; t <= 40_000; t += 2_000) await queue().request(user.userId, 'preferences', new Date(t0 + t));
    expect((await jobsOf(user.userId)).at(-1)!.run_after).toEqual(new Date(t0 + 10 * DEBOUNCE_MS));
  });

  it("a refinement (a day of whole-home readings completed) waits its account's offset into the 30-minute spread", async () => {
    const SPREAD_MS = 30 * 60_000;
    const users = await Promise.all(Array.from({ length: 20 }, () => signUp(api)));
    const t0 = Date.now();
    for (const u of users) await queue().request(u.userId, 'household_readings', new Date(t0));
    const delays = await Promise.all(users.map(async (u) => (await jobsOf(u.userId)).at(-1)!.run_after.getTime() - t0));
    for (const [i, u] of users.entries()) expect(delays[i]).toBe(DEBOUNCE_MS + spreadOffsetMs(u.userId, SPREAD_MS));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(DEBOUNCE_MS);
    expect(Math.max(...delays)).toBeLessThan(DEBOUNCE_MS + SPREAD_MS);
    // Spread, not one instant: a fleet crossing midnight together re-plans over the half hour.
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(SPREAD_MS / 3);

    // A save while the refinement waits is planned after its own debounce, not at once and not with the refinement.
    const latest = users[delays.indexOf(Math.max(...delays))]!;
    await queue().request(latest.userId, 'preferences', new Date(t0 + 60_000));
    expect((await jobsOf(latest.userId)).at(-1)).toMatchObject({
      reasons: ['household_readings', 'preferences'],
      run_after: new Date(t0 + 60_000 + DEBOUNCE_MS),
    });
    // A refinement never delays a recompute already waiting.
    const other = await signUp(api);
    await queue().request(other.userId, 'constraints', new Date(t0));
    await queue().request(other.userId, 'household_readings', new Date(t0 + 1_000));
    expect(await jobsOf(other.userId)).toEqual([
      expect.objectContaining({ reasons: ['constraints', 'household_readings'], run_after: new Date(t0 + DEBOUNCE_MS) }),
    ]);
    // The other tests run the queue on their own clock: leave them nothing due.
    await rows(cloud, 'DELETE FROM planning_jobs WHERE user_id = ANY($1)', [[...users, other].map((u) => u.userId)]);
  });

  it('a change while a recompute runs asks for another one after it', async () => {
    const user = await settledUser();
    await queue().request(user.userId, 'preferences', new Date());
    const [taken] = await cloud.store.jobs.take('worker-x', later(DEBOUNCE_MS + 1_000), 60_000, 10, MAX_ATTEMPTS);
    expect(taken).toMatchObject({ userId: user.userId, kind: 'recompute' });
    await queue().request(user.userId, 'constraints', new Date());
    const open = (await jobsOf(user.userId)).filter((j) => !j.finished_at);
    expect(open.map((j) => [j.locked_by, j.reasons])).toEqual([
      ['worker-x', ['preferences']],
      [null, ['constraints']],
    ]);
  });

  it('newsletter_opt_in alone asks for nothing', async () => {
    const user = await settledUser();
    await api.put('/api/v1/preferences', { newsletter_opt_in: false }, { token: user.token });
    await queue().settled();
    expect((await jobsOf(user.userId)).filter((j) => !j.finished_at)).toEqual([]);
  });

  it("re-plans the accounts of a dynamic zone when the zone's day-ahead prices arrive (the live price event)", async () => {
    const user = await signUp(api);
    await api.patch('/auth/me', { timezone: 'America/New_York' }, { token: user.token });
    await api.put('/api/v1/rates', { pricing_source: 'dynamic', dynamic_zone: 'pjm-dom' }, { token: user.token });
    const ev = await createAppliance(cloud, user, 'ev_charger');
    await queue().settled();
    await queue().runDue(later(10 * DEBOUNCE_MS));
    const before = await storedRows(cloud, ev);
    expect(before.at(-1)!.trigger).toBe('debounced');
    const today = localDateOf(new Date(), 'America/New_York');
    for (const date of [addDays(today, -1), today, addDays(today, 1)])
      fake.serve('pjm-dom', date, { body: pjmDayBody(date, (h) => (h >= 16 && h < 21 ? 300 : 25)) });
    const report = await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['pjm-dom'] });
    expect(report.days.some((d) => d.changed)).toBe(true);
    await queue().settled();
    expect((await jobsOf(user.userId)).filter((j) => !j.finished_at)).toEqual([expect.objectContaining({ reasons: ['prices'] })]);
    expect(await queue().runDue(later(10 * DEBOUNCE_MS))).toBeGreaterThanOrEqual(1);
    const after = await storedRows(cloud, ev);
    expect(after).toHaveLength(before.length + 1);
    const history = (await api.get('/api/v1/schedules/history', { token: user.token })).body.appliances[0].history;
    expect(history.at(-1).constraints_used).toMatchObject({ pricing_source: 'dynamic' });
    // The same prices again change nothing and re-plan nothing.
    await cloud.services.priceFeeds.refresh({ now: new Date(), zones: ['pjm-dom'], force: true });
    await queue().settled();
    expect((await jobsOf(user.userId)).filter((j) => !j.finished_at)).toEqual([]);
  });
});

describe('the planning job worker', () => {
  it("takes a crashed worker's job again once its lease runs out, and stores its work exactly once", async () => {
    const user = await settledUser();
    // A real change, so the re-plan stores a row (an unchanged one stores none).
    await api.post(`/api/v1/appliances/${user.ev}/constraints`, { target_charge_pct: 95 }, { token: user.token });
    await queue().settled();
    await queue().request(user.userId, 'constraints', new Date());
    const due = later(DEBOUNCE_MS + 1_000);
    const lease = 60_000;
    // Worker A takes the job, then "crashes": it never finishes it.
    const [job] = await cloud.store.jobs.take('worker-a', due, lease, 10, MAX_ATTEMPTS);
    expect(job).toBeDefined();
    const before = (await storedRows(cloud, user.ev)).length;
    const mine = async () => (await jobsOf(user.userId)).find((j) => j.id === job!.id)!;
    // While the lease holds, nobody else takes it (other tests' jobs may be due meanwhile).
    await queue().runDue(new Date(due.getTime() + lease - 1_000));
    expect(await mine()).toMatchObject({ locked_by: 'worker-a', attempts: 1, finished_at: null });
    expect(await storedRows(cloud, user.ev)).toHaveLength(before);
    // Once it ran out, another worker does and completes it.
    await queue().runDue(new Date(due.getTime() + lease + 1_000));
    expect(await storedRows(cloud, user.ev)).toHaveLength(before + 1);
    // The water heater's plan is the same as before unless a slot began meanwhile: no row for it then.
    expect(await mine()).toMatchObject({ attempts: 2, finished_at: expect.any(Date), outcome: expect.stringMatching(/^planned 2 rows(, 1 unchanged)?$/) });
    expect((await mine()).locked_by).not.toBe('worker-a');
    // Worker A wakes up and tries to store its work: it is told it was superseded and stores nothing.
    const [late] = await cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'debounced', job: { job: job!, workerId: 'worker-a' } }], due);
    expect(late).toMatchObject({ status: 'fulfilled', value: { exit: 'superseded', written: [] } });
    await queue().runDue(new Date(due.getTime() + 3 * lease));
    expect(await storedRows(cloud, user.ev)).toHaveLength(before + 1);
  });

  it('gives a failing job back with a growing delay, and abandons it after 5 attempts', async () => {
    const user = await settledUser();
    const lines: { msg: string }[] = [];
    const failing = createRecomputeQueue(cloud.store, {
      recompute: { planAccounts: async () => Promise.reject(new Error('database on fire')) },
      planningEvents: new PlanningEvents(),
      config: { debounceMs: DEBOUNCE_MS, refinementSpreadMs: 0, pacedMinIntervalMs: 0, leaseMs: 60_000, pollMs: 1_000, concurrency: 2, batchSize: 5 },
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
    });
    const t0 = Date.now();
    await failing.request(user.userId, 'preferences', new Date(t0));
    let at = t0 + DEBOUNCE_MS;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await failing.runDue(new Date(at))).toBe(1);
      const job = (await jobsOf(user.userId)).at(-1)!;
      expect(job).toMatchObject({ attempts: attempt, finished_at: null, outcome: 'database on fire' });
      // Due again after attempts x 30 s, not before.
      expect(await failing.runDue(new Date(at + attempt * 30_000 - 1))).toBe(0);
      at += attempt * 30_000;
    }
    expect(await failing.runDue(new Date(at))).toBe(0);
    expect((await jobsOf(user.userId)).at(-1)).toMatchObject({ attempts: MAX_ATTEMPTS, finished_at: expect.any(Date), outcome: 'abandoned: database on fire' });
    expect(lines.filter((l) => l.msg.startsWith('planning job failed'))).toHaveLength(MAX_ATTEMPTS);
  });
});

describe('the worker of a running instance', () => {
  it('runs the debounced recompute by itself when jobs are enabled, once for a burst', async () => {
    const live = await startTestCloud({ jobsEnabled: true, recomputeDebounceMs: 300, planningPollMs: 50 });
    try {
      const liveApi = apiClient(live.url);
      const user = await signUp(liveApi);
      const ev = await createAppliance(live, user, 'ev_charger');
      await new Promise((r) => setTimeout(r, 1_000));
      const before = (await storedRows(live, ev)).length;
      expect(before).toBe(1);
      for (const target of [80, 81, 82, 83, 84])
        await liveApi.post(`/api/v1/appliances/${ev}/constraints`, { target_charge_pct: target }, { token: user.token });
      await new Promise((r) => setTimeout(r, 1_200));
      expect(await storedRows(live, ev)).toHaveLength(before + 1);
    } finally {
      await live.stop();
    }
  });
});
