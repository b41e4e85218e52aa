import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createDailyMetricsJob, metricsRunKey } from '../../src/services/daily-metrics-job.js';
import { addAppliance } from '../support/appliances.js';
import { rows } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';
import { backfill, chicagoSlotStart, hvacPlanBody, seedHome, seedHvacReadings, seedPlan } from './metrics-seed.js';

let cloud: RunningCloud;
const homes: { userId: string; hvacId: string }[] = [];
const DATES = ['2026-06-01', '2026-06-02', '2026-06-03'];

/** A logger that records progress lines and can act on them. */
function recordingLogger(onInfo: (fields: Record<string, unknown>) => void = () => {}) {
  const lines: string[] = [];
  const logger = {
    info: (fields: Record<string, unknown>, msg: string) => {
      lines.push(msg);
      onInfo(fields);
    },
    warn: (_fields: unknown, msg: string) => lines.push(msg),
  } as unknown as Logger;
  return { logger, lines };
}

/** A job over the test cloud's store with small batches (one account each). */
const smallBatchJob = (logger: Logger) =>
  createDailyMetricsJob(cloud.store, { defaultAdderCentsPerKwh: 0, batchDays: 3, leaseMs: 60_000, minCohortHomes: 10 }, { logger });

const storedDays = () =>
  rows<{ user_id: string; date: string; modeled_usd: number }>(
    cloud,
    `SELECT user_id, local_date::text AS date, modeled_usd FROM metrics_daily ORDER BY user_id, local_date`,
  );

beforeAll(async () => {
  cloud = await startTestCloud();
  // Four Chicago homes, each with an HVAC planned on three days (savings 10 c more per home).
  for (let i = 0; i < 4; i++) {
    const { userId } = await seedHome(cloud, { zip: '60614' });
    const hvacId = await addAppliance(cloud, userId, 'hvac');
    for (const date of DATES)
      await seedPlan(cloud, { userId, applianceId: hvacId, date, schedule: hvacPlanBody(70, 74, 73), baseline: 200, optimized: 190 - 10 * i });
    homes.push({ userId, hvacId });
  }
});
afterAll(() => cloud.stop());

describe('the daily metrics job', () => {
  it("computes each account's local yesterday by default, once per scheduled run", async () => {
    // 05:30 UTC on June 3 is 00:30 CDT: Chicago's yesterday is June 2.
    const now = new Date('2026-06-03T05:30:00Z');
    const first = await cloud.services.dailyMetrics.run({ now });
    expect(first).toMatchObject({ runKey: 'daily:2026-06-03T05:30:00.000Z', status: 'done', accounts: 4, days: 4 });
    expect((await storedDays()).map((d) => d.date)).toEqual(Array(4).fill('2026-06-02'));
    expect(await cloud.services.dailyMetrics.run({ now })).toMatchObject({ status: 'finished', accounts: 0 });
  });

  it('backfills a date range and replaces the stored days when run again', async () => {
    expect(await backfill(cloud, '2026-06-01', '2026-06-03')).toMatchObject({ status: 'done', accounts: 4, days: 12 });
    const first = await storedDays();
    expect(first).toHaveLength(12);
    expect(first.filter((d) => d.user_id === homes[3]!.userId).map((d) => d.modeled_usd)).toEqual([0.4, 0.4, 0.4]);

    // A newer plan of one day: a re-run replaces that day's row, and only that row changes.
    await seedPlan(cloud, {
      userId: homes[0]!.userId,
      applianceId: homes[0]!.hvacId,
      date: '2026-06-02',
      schedule: hvacPlanBody(70, 74, 73),
      baseline: 300,
      optimized: 100,
    });
    expect(await backfill(cloud, '2026-06-01', '2026-06-03')).toMatchObject({ status: 'done', days: 12 });
    const second = await storedDays();
    expect(second).toEqual(first.map((d) => (d.user_id === homes[0]!.userId && d.date === '2026-06-02' ? { ...d, modeled_usd: 2 } : d)));
    expect(await rows(cloud, `SELECT count(*)::int AS n FROM metrics_machine_daily`)).toEqual([{ n: 12 }]);
  });

  it('removes the stored day of an account-day that has no data any more', async () => {
    await cloud.db.query(`DELETE FROM schedules WHERE appliance_id = $1 AND local_date = '2026-06-03'`, { bind: [homes[1]!.hvacId] });
    await backfill(cloud, '2026-06-03', '2026-06-03');
    const days = await storedDays();
    expect(
      days
        .filter((d) => d.date === '2026-06-03')
        .map((d) => d.user_id)
        .sort(),
    ).toEqual([homes[0], homes[2], homes[3]].map((h) => h!.userId).sort());
  });

  it('logs progress and resumes a stopped run after its last committed batch', async () => {
    const stop = new AbortController();
    const first = recordingLogger((f) => f.done === 1 && stop.abort());
    const range = { start: '2026-06-01', end: '2026-06-03' };
    const now = new Date('2026-06-04T12:00:00Z');
    const stopped = await smallBatchJob(first.logger).run({ now, range, signal: stop.signal });
    expect(stopped.status).toBe('stopped');
    expect(stopped.accounts).toBeGreaterThanOrEqual(1);
    expect(stopped.accounts).toBeLessThan(4);
    const key = metricsRunKey({ now, range });
    expect(first.lines[0]).toBe(`metrics run ${key}: 4 homes`);
    expect(first.lines).toContainEqual(expect.stringMatching(new RegExp(`^metrics run ${key}: 1/4 homes \\(\\d+ homes/s\\)$`)));
    expect(first.lines.at(-1)).toMatch(/stopped at \d\/4 homes, will resume$/);

    const second = recordingLogger();
    const resumed = await smallBatchJob(second.logger).run({ now, range });
    expect(resumed).toMatchObject({ status: 'done' });
    expect(stopped.accounts + resumed.accounts).toBe(4);
    expect(second.lines[0]).toMatch(new RegExp(`4 homes, resuming after ${stopped.accounts}$`));
    expect(second.lines.at(-1)).toMatch(/done, \d homes, \d+ days, 4 ranked in [\d.]+ s$/);
  });

  it('leaves a run alone while another worker holds it', async () => {
    const now = new Date('2026-06-05T05:30:00Z');
    const claim = await cloud.store.metricsRuns.claim(metricsRunKey({ now }), 'another-instance', 60_000, false);
    expect(claim).toEqual({ status: 'claimed', cursor: null, done: 0 });
    expect(await cloud.services.dailyMetrics.run({ now })).toMatchObject({ status: 'busy', accounts: 0 });
  });

  it('refuses a backfill whose start is after its end', async () => {
    await expect(backfill(cloud, '2026-06-03', '2026-06-01')).rejects.toThrow('backfill start 2026-06-03 is after end 2026-06-01');
  });

  it('buckets readings into local slots (a reading before local midnight belongs to the day before)', async () => {
    const { userId, hvacId } = homes[2]!;
    // 04:50Z on June 2 is 23:50 CDT on June 1: slot 47 of June 1.
    await seedHvacReadings(cloud, userId, hvacId, [{ ts: new Date(chicagoSlotStart('2026-06-02', 0).getTime() - 10 * 60_000), indoor_temp: 75.5 }]);
    const res = await cloud.services.metrics.day(userId, '2026-06-01', undefined);
    expect(res.indoor_temps[47]).toBe(75.5);
    expect(res.indoor_temps.filter((t) => t !== null)).toHaveLength(1);
  });

  it('integrates over the real length of a DST day and buckets its readings on the grid', async () => {
    // Chicago springs forward on 2026-03-08: 02:00-03:00 never happens, the day lasts 23 hours and
    // slots 4-5 last 0 h. Local midnight is 06:00Z; 08:10Z is 03:10 CDT, in slot 6.
    const { userId } = await seedHome(cloud, { zip: '60614' });
    const hvacId = await addAppliance(cloud, userId, 'hvac');
    await seedPlan(cloud, { userId, applianceId: hvacId, date: '2026-03-08', schedule: hvacPlanBody(70, 74, 72), baseline: 100, optimized: 90 });
    await seedHvacReadings(cloud, userId, hvacId, [
      { ts: new Date('2026-03-08T07:50:00Z'), indoor_temp: 71 },
      { ts: new Date('2026-03-08T08:10:00Z'), indoor_temp: 73 },
    ]);
    await backfill(cloud, '2026-03-08', '2026-03-08');
    const [day] = await rows<{ degree_hours: number; in_band_home_pct: number }>(
      cloud,
      `SELECT degree_hours, in_band_home_pct FROM metrics_daily WHERE user_id = $1`,
      [userId],
    );
    expect(day).toEqual({ degree_hours: 92, in_band_home_pct: 100 });
    const view = await cloud.services.metrics.day(userId, '2026-03-08', undefined);
    expect(view.indoor_temps.slice(2, 8)).toEqual([null, 71, null, null, 73, null]);
  });
});
