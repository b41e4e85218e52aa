import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltCloud, type BuiltCloud } from '../../dist/testing/built-cloud.js';
import { apiClient, signUp } from '../support/http.js';

// The built cloud with its jobs on (what `npm start` runs): the scheduler and the planning worker
// live on the jobs thread (src/jobs-thread.ts), at a lower priority than the request thread.

/** The nice value of each thread of a process, by thread id (Linux /proc; field 19 of stat). */
function threadNiceness(pid: number): Map<number, number> {
  return new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return [Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    }),
  );
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let cloud: BuiltCloud;
beforeAll(async () => {
  cloud = await startBuiltCloud({ logLevel: 'info', env: { JOBS_ENABLED: 'true', PLANNING_POLL_MS: '100' } });
});
afterAll(() => cloud?.stop());

describe('the jobs thread of the built cloud', () => {
  it('runs at a lower priority than the requests, and plans a changed account', async () => {
    await until('the jobs thread to start', async () => (cloud.output().includes('jobs thread started') ? true : undefined));
    const pid = cloud.child.pid!;
    const niceness = threadNiceness(pid);
    expect([...niceness.values()]).toContain(10);
    // The main (request) thread's id is the process id (thread ids wrap, so not the first listed).
    expect(niceness.get(pid)).toBe(0);

    const api = apiClient(cloud.url);
    const user = await signUp(api);
    const created = await api.post(
      '/api/v1/appliances',
      { appliance_type: 'ev_charger', name: 'EV', config: { entity_id: 'switch.ev' } },
      { token: user.token },
    );
    expect(created.status).toBe(201);
    // The request thread only stored the debounced request; the jobs thread's worker planned it.
    const entry = await until('the debounced plan', async () => {
      const view = await api.get('/api/v1/schedules', { token: user.token });
      const ev = (view.body.appliances as { appliance_id: string; schedule: { intervals?: unknown } }[]).find(
        (a) => a.appliance_id === created.body.appliance_id,
      );
      return ev?.schedule.intervals ? ev : undefined;
    });
    expect(entry.schedule.intervals).toEqual(expect.any(Array));
  });

  it('stops with the instance: SIGTERM exits 0', async () => {
    expect(await cloud.stop()).toBe(0);
  });
});
