import schedule from 'node-schedule';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNightly } from '../../src/jobs/nightly-run.js';
import { startScheduler } from '../../src/jobs/scheduler.js';
import type { RunningCloud } from '../../src/server.js';
import { PlanningEvents } from '../../src/services/planning-events.js';
import { createRecomputeQueue, MAX_ATTEMPTS } from '../../src/services/recompute-queue.js';
import { addAppliance, createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { storedRows } from '../support/schedules.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
/** A second instance on the same database. */
let other: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  cloud = await startTestCloud({ databaseUrl });
  other = await startTestCloud({ databaseUrl });
  api = apiClient(cloud.url);
});
afterAll(async () => {
  await other.stop();
  await cloud.stop();
});

const RUN = new Date('2026-07-15T04:00:00Z');
const LEASE_MS = 120_000;

/** A user in a time zone with an EV (and whatever `extra` types), nothing planned yet. */
async function userIn(timezone: string) {
  const user = await signUp(api);
  await api.patch('/auth/me', { timezone }, { token: user.token });
  const ev = await createAppliance(cloud, user, 'ev_charger');
  return { ...user, ev };
}

const nightlyJobs = (runKey: string, userIds: string[]) =>
  rows<{ user_id: string; finished_at: Date | null; attempts: number }>(
    cloud,
    `SELECT user_id, finished_at, attempts FROM planning_jobs WHERE kind = 'nightly' AND run_key = $1 AND user_id = ANY($2::uuid[]) ORDER BY user_id`,
    [runKey, userIds],
  );

/** Every open job is due by `at`; work them all on this instance's queue. */
const workAll = (at: Date) => cloud.services.recomputeQueue.runDue(at);

describe('the nightly run', () => {
  it("plans each account's next local day, whole, and finishes its job", async () => {
    const la = await userIn('America/Los_Angeles');
    const tokyo = await userIn('Asia/Tokyo');
    const { runKey } = await cloud.services.nightlyRun.enqueue(RUN);
    expect(runKey).toBe('nightly:2026-07-15');
    await workAll(new Date(RUN.getTime() + 60_000));
    expect((await storedRows(cloud, la.ev)).map((r) => [r.local_date, r.from_slot, r.trigger])).toEqual([['2026-07-15', 0, 'nightly']]);
    expect((await storedRows(cloud, tokyo.ev)).map((r) => [r.local_date, r.from_slot, r.trigger])).toEqual([['2026-07-16', 0, 'nightly']]);
    expect((await nightlyJobs(runKey, [la.userId, tokyo.userId])).map((j) => j.finished_at !== null)).toEqual([true, true]);
  });

  it('enqueues one job per account with an active appliance, and a second enqueue of the run (another instance) adds nothing', async () => {
    const run = new Date('2026-07-16T04:00:00Z');
    const a = await userIn('UTC');
    const b = await userIn('Europe/Berlin');
    const idle = await signUp(api);
    await addAppliance(cloud, idle.userId, 'robot', { isActive: false });
    const empty = await signUp(api);
    const first = await cloud.services.nightlyRun.enqueue(run);
    const second = await other.services.nightlyRun.enqueue(run);
    expect(second).toEqual({ runKey: 'nightly:2026-07-16', added: 0, total: first.total });
    const jobs = await nightlyJobs('nightly:2026-07-16', [a.userId, b.userId, idle.userId, empty.userId]);
    expect(jobs.map((j) => j.user_id).sort()).toEqual([a.userId, b.userId].sort());
    // The scheduled job does the same at 04:00 UTC (and at start-up after it): still nothing new.
    await runNightly(cloud.services, new Date('2026-07-16T09:30:00Z'));
    expect((await cloud.services.nightlyRun.progress('nightly:2026-07-16')).total).toBe(first.total);
  });

  it('lets the workers of two instances share the run, planning each account exactly once', async () => {
    const run = new Date('2026-07-17T04:00:00Z');
    const users = await Promise.all(['UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/London', 'Australia/Sydney', 'America/Denver'].map(userIn));
    await cloud.services.nightlyRun.enqueue(run);
    const at = new Date(run.getTime() + 60_000);
    await Promise.all([cloud.services.recomputeQueue.runDue(at), other.services.recomputeQueue.runDue(at)]);
    for (const user of users) {
      const planned = (await storedRows(cloud, user.ev)).filter((r) => r.trigger === 'nightly');
      expect(planned).toHaveLength(1);
    }
    const jobs = await nightlyJobs(
      'nightly:2026-07-17',
      users.map((u) => u.userId),
    );
    expect(jobs.every((j) => j.finished_at !== null && j.attempts === 1)).toBe(true);
  });

  it("resumes a crashed worker's jobs when their lease runs out: not lost, not doubled", async () => {
    const run = new Date('2026-07-18T04:00:00Z');
    const users = await Promise.all(['UTC', 'Asia/Tokyo', 'America/Chicago'].map(userIn));
    const { runKey } = await cloud.services.nightlyRun.enqueue(run);
    const at = new Date(run.getTime() + 60_000);
    // A worker takes every job of the run, then dies without finishing any.
    const taken = await cloud.store.jobs.take('crashed-worker', at, LEASE_MS, 1_000, MAX_ATTEMPTS);
    expect(taken.filter((j) => users.some((u) => u.userId === j.userId))).toHaveLength(3);
    await other.services.recomputeQueue.runDue(new Date(at.getTime() + LEASE_MS - 1));
    for (const user of users) expect(await storedRows(cloud, user.ev)).toEqual([]);
    await other.services.recomputeQueue.runDue(new Date(at.getTime() + LEASE_MS + 1));
    for (const user of users) expect(await storedRows(cloud, user.ev)).toHaveLength(1);
    expect(
      (
        await nightlyJobs(
          runKey,
          users.map((u) => u.userId),
        )
      ).map((j) => [j.attempts, j.finished_at !== null]),
    ).toEqual([
      [2, true],
      [2, true],
      [2, true],
    ]);
  });

  it('a job worked after its planned day has begun re-plans the rest of that day', async () => {
    const run = new Date('2026-07-19T04:00:00Z');
    const user = await userIn('America/Los_Angeles');
    await cloud.services.nightlyRun.enqueue(run);
    // The run plans 2026-07-19 for Los Angeles; it is 10:10 PDT there when the job is finally worked.
    await workAll(new Date('2026-07-19T17:10:00Z'));
    expect((await storedRows(cloud, user.ev)).map((r) => [r.local_date, r.from_slot])).toEqual([['2026-07-19', 20]]);
  });

  it('logs its progress: accounts done of the run and the rate', async () => {
    const run = new Date('2026-07-20T04:00:00Z');
    await Promise.all(['UTC', 'UTC', 'UTC'].map(userIn));
    const { total } = await cloud.services.nightlyRun.enqueue(run);
    const lines: { msg: string; done?: number; total?: number }[] = [];
    const queue = createRecomputeQueue(cloud.store, {
      recompute: cloud.services.recompute,
      planningEvents: new PlanningEvents(),
      config: { debounceMs: 3_000, refinementSpreadMs: 0, pacedMinIntervalMs: 0, leaseMs: LEASE_MS, pollMs: 1_000, concurrency: 1, batchSize: 2 },
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
    });
    await queue.runDue(new Date());
    const progress = lines.filter((l) => l.msg.startsWith('nightly run: '));
    expect(progress.at(-1)!.msg).toMatch(new RegExp(`^nightly run: ${total}/${total} accounts, \\d+\\.\\d accounts/s$`));
    expect(progress.at(-1)).toMatchObject({ done: total, total });
  });
});

describe('the scheduler', () => {
  it('registers the nightly run at 04:00 UTC and the model refit on Sundays at 03:00 UTC, and stops cleanly', async () => {
    const before = new Set(Object.keys(schedule.scheduledJobs));
    const stop = startScheduler(cloud.services);
    const added = Object.entries(schedule.scheduledJobs).filter(([name]) => !before.has(name));
    const next = added.map(([, job]) => job.nextInvocation()!);
    // Among the others' jobs (price refresh, metrics...).
    expect(next.map((d) => d.toISOString().slice(11, 16))).toEqual(expect.arrayContaining(['03:00', '04:00']));
    expect(next.find((d) => d.toISOString().slice(11, 16) === '03:00')!.getUTCDay()).toBe(0);
    await stop();
    expect(Object.keys(schedule.scheduledJobs).filter((name) => !before.has(name))).toEqual([]);
  });
});
