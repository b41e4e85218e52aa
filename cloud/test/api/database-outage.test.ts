import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { PlanningEvents } from '../../src/services/planning-events.js';
import { createRecomputeQueue } from '../../src/services/recompute-queue.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;

beforeAll(async () => {
  const direct = new URL(await createTestDatabase());
  proxy = await startTcpProxy(Number(direct.port));
  direct.port = String(proxy.port);
  cloud = await startTestCloud({ databaseUrl: direct.toString() });
  api = apiClient(cloud.url);
});
afterAll(async () => {
  proxy.restore();
  await cloud.stop();
  await proxy.close();
});

it('answers 503 Database unavailable during an outage and recovers by itself', async () => {
  const { token } = await signUp(api);
  expect((await api.get('/auth/me', { token })).status).toBe(200);

  proxy.cut();
  expect(await api.get('/auth/me', { token })).toMatchObject({ status: 503, body: { detail: 'Database unavailable' } });
  expect(await api.post('/auth/login', { email: 'x@example.com', password: 'whatever' })).toMatchObject({
    status: 503,
    body: { detail: 'Database unavailable' },
  });
  expect(await api.get('/readyz')).toMatchObject({ status: 503 });
  expect((await api.get('/healthz')).status).toBe(200);

  proxy.restore();
  let recovered = 0;
  for (let i = 0; i < 20 && recovered !== 200; i++) {
    recovered = (await api.get('/auth/me', { token })).status;
    if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
  }
  expect(recovered).toBe(200);
  expect((await api.get('/readyz')).status).toBe(200);
});

it('the planning worker says once that the database is away and once that it is back, not at every poll', async () => {
  const lines: { level: number; msg: string }[] = [];
  const worker = createRecomputeQueue(cloud.store, {
    recompute: { planAccounts: async () => [] },
    planningEvents: new PlanningEvents(),
    config: { debounceMs: 1_000, refinementSpreadMs: 0, pacedMinIntervalMs: 0, leaseMs: 60_000, pollMs: 20, concurrency: 1, batchSize: 5 },
    logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
  });
  worker.start();
  try {
    proxy.cut();
    await new Promise((r) => setTimeout(r, 1_000)); // dozens of polls
    proxy.restore();
    await expect.poll(() => lines.map((l) => l.msg), { timeout: 10_000 }).toContain('planning worker resumed: database reachable again');
  } finally {
    proxy.restore();
    await worker.stop();
  }
  expect(lines.filter((l) => !l.msg.startsWith('planning worker started')).map((l) => [l.level, l.msg])).toEqual([
    [40, 'planning worker paused: database unavailable'],
    [30, 'planning worker resumed: database reachable again'],
  ]);
});
