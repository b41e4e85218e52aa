import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
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
