import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { claimDevice } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

// Instance `viaProxy` reaches the database through a proxy that a test cuts, dropping its LISTEN
// connection; instance `direct` stays connected and posts commands meanwhile.
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let viaProxy: RunningCloud;
let direct: RunningCloud;
let api: ApiClient;
let directApi: ApiClient;

beforeAll(async () => {
  const url = new URL(await createTestDatabase());
  direct = await startTestCloud({ databaseUrl: url.toString() });
  proxy = await startTcpProxy(Number(url.port));
  url.port = String(proxy.port);
  viaProxy = await startTestCloud({ databaseUrl: url.toString() });
  [api, directApi] = [apiClient(viaProxy.url), apiClient(direct.url)];
});
afterAll(async () => {
  proxy.restore();
  await Promise.all([viaProxy.stop(), direct.stop()]);
  await proxy.close();
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the LISTEN connection', () => {
  it('is re-opened after the database connection drops; a command stored meanwhile still reaches the device, once', async () => {
    const user = await signUp(directApi);
    const device = await claimDevice(directApi, user.token);
    const waiters = viaProxy.services.commandWaiters;
    expect(waiters.isListening()).toBe(true);

    proxy.cut();
    await until(() => !waiters.isListening());
    const queued = await directApi.post(`/api/v1/appliances/${device.applianceId}/command`, { mode: 'COOL' }, { token: user.token });
    proxy.restore();
    await until(() => waiters.isListening());

    // The NOTIFY was missed, but the command is durable: the device's next poll gets it.
    const got: number[] = [];
    const deadline = Date.now() + 10_000;
    while (got.length === 0 && Date.now() < deadline) {
      const res = await api.get('/api/v1/devices/commands?wait=2', { token: device.deviceToken });
      if (res.status === 200) got.push(...res.body.map((c: { id: number }) => c.id));
    }
    expect(got).toEqual([queued.body.command_id]);
    expect((await directApi.get('/api/v1/devices/commands', { token: device.deviceToken })).body).toEqual([]);

    // And NOTIFY wakes parked polls on the reconnected instance again.
    const waiting = api.get('/api/v1/devices/commands?wait=20', { token: device.deviceToken });
    await until(() => waiters.parkedCount() === 1);
    const posted = Date.now();
    await directApi.post(`/api/v1/appliances/${device.applianceId}/command`, { fan: 'low' }, { token: user.token });
    expect((await waiting).body).toHaveLength(1);
    expect(Date.now() - posted).toBeLessThan(1_000);
  });

  it('wakes parked polls when it comes back, so a command whose NOTIFY was missed is handed over long before the wait ends', async () => {
    const user = await signUp(directApi);
    const device = await claimDevice(directApi, user.token);
    const waiters = viaProxy.services.commandWaiters;
    await until(() => waiters.isListening());
    const waiting = api.get('/api/v1/devices/commands?wait=20', { token: device.deviceToken });
    await until(() => waiters.parkedCount() === 1);
    const started = Date.now();
    proxy.cut(); // the parked HTTP request is untouched; the instance's database connections drop
    await until(() => !waiters.isListening());
    const queued = await directApi.post(`/api/v1/appliances/${device.applianceId}/command`, { power: false }, { token: user.token });
    proxy.restore();
    const res = await waiting;
    expect(res).toMatchObject({ status: 200, body: [{ id: queued.body.command_id }] });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('puts a handed-over command back even when the database is away at that moment (retried until stored, never lost)', async () => {
    const user = await signUp(directApi);
    const device = await claimDevice(directApi, user.token);
    const queued = await directApi.post(`/api/v1/appliances/${device.applianceId}/command`, { mode: 'HEAT' }, { token: user.token });
    // Handed over to an answer that never reached the device...
    const [handed] = await direct.store.commands.handOver(device.deviceId, device.applianceId, new Date(), 50);
    expect(handed!.id).toBe(queued.body.command_id);
    // ...and put back by an instance whose database connections are cut right then.
    proxy.cut();
    const putBack = viaProxy.services.deviceCommands.requeue([
      { id: handed!.id, payload: { kind: 'control', hold: false, mode: 'HEAT' }, created_at: new Date().toISOString() },
    ]);
    await new Promise((r) => setTimeout(r, 800));
    proxy.restore();
    await putBack;
    const res = await directApi.get('/api/v1/devices/commands', { token: device.deviceToken });
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([queued.body.command_id]);
  });
});
