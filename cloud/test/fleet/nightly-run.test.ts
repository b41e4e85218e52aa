import { afterAll, describe, expect, it } from 'vitest';
import { latestNightlyAt } from '../../src/jobs/nightly-run.js';
import type { RunningCloud } from '../../src/server.js';
import { nightlyRunKey } from '../../src/services/nightly-run.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp } from '../support/http.js';
import { rows } from '../support/readings.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

const ACCOUNTS = 24;
const ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Berlin'];
const running: RunningCloud[] = [];
afterAll(() => Promise.all(running.map((c) => c.stop())));

describe('the nightly run with two instances running the jobs', () => {
  it('is enqueued by both at start-up and worked by their workers together, planning each account once', async () => {
    const databaseUrl = await createTestDatabase();
    // Accounts made beforehand through an instance that runs no jobs.
    const setup = await startTestCloud({ databaseUrl });
    const api = apiClient(setup.url);
    const accounts = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const user = await signUp(api);
      await api.patch('/auth/me', { timezone: ZONES[i % ZONES.length] }, { token: user.token });
      accounts.push({ ...user, ev: await createAppliance(setup, user, 'ev_charger') });
    }
    // Creating the appliances requested debounced recomputes; drop them, so that only the nightly
    // run plans (a debounced plan of the same day first would make the nightly one identical, and an
    // identical re-plan adds no history row).
    await setup.services.recomputeQueue.settled();
    await rows(setup, `DELETE FROM planning_jobs WHERE kind <> 'nightly'`);
    await setup.stop();

    // Both start with their scheduler (which enqueues today's run at start-up) and planning workers.
    // Small batches so that both instances' workers usually get a share (how the jobs split depends
    // on timing, so only "at most two workers' instances, each job once" is asserted); feeds are
    // unroutable loopback ports.
    const jobs = { jobsEnabled: true, planningBatchSize: 2, planningPollMs: 50, priceFeedBaseUrls: { '*': 'http://127.0.0.1:9' } };
    const [a, b] = await Promise.all([startTestCloud({ databaseUrl, ...jobs }), startTestCloud({ databaseUrl, ...jobs })]);
    running.push(a!, b!);

    const runKey = nightlyRunKey(latestNightlyAt(new Date()));
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { total, done } = await a!.services.nightlyRun.progress(runKey);
      if (total === ACCOUNTS && done === ACCOUNTS) break;
      if (Date.now() > deadline) throw new Error(`nightly run not finished: ${done}/${total}`);
      await new Promise((r) => setTimeout(r, 50));
    }

    const planned = await rows<{ appliance_id: string; n: number }>(
      a!,
      `SELECT appliance_id, count(*)::int AS n FROM schedules WHERE trigger = 'nightly' GROUP BY appliance_id ORDER BY appliance_id`,
    );
    expect(planned).toEqual(accounts.map((u) => ({ appliance_id: u.ev, n: 1 })).sort((x, y) => x.appliance_id.localeCompare(y.appliance_id)));
    const taken = await rows<{ attempts: number; worker: string }>(
      a!,
      `SELECT attempts, split_part(locked_by, '#', 1) AS worker FROM planning_jobs WHERE kind = 'nightly' AND run_key = $1`,
      [runKey],
    );
    expect(taken.map((j) => j.attempts)).toEqual(Array(ACCOUNTS).fill(1));
    expect(new Set(taken.map((j) => j.worker)).size).toBeLessThanOrEqual(2);
  });
});
