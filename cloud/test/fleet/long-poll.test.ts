import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { claimDevice, type ClaimedDevice } from '../support/devices.js';
import { parked } from '../support/fleet.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

// Two instances on one database behind a round-robin proxy: the satellite and the user only know
// the proxy's address, as in deploy/compose.yaml.
let a: RunningCloud;
let b: RunningCloud;
let proxy: RoundRobinProxy;
let api: ApiClient;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  [a, b] = await Promise.all([startTestCloud({ databaseUrl }), startTestCloud({ databaseUrl })]);
  proxy = await startRoundRobinProxy([a.url, b.url]);
  api = apiClient(proxy.url);
});
afterAll(async () => {
  await proxy.close();
  await Promise.all([a.stop(), b.stop()]);
});

const nameOf = (url: string) => (url === a.url ? 'a' : 'b');

describe('a satellite long-polling through the proxy', () => {
  it('is woken within a second by a command posted through the proxy to the other instance, in both directions', async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token);
    const seen: string[] = [];
    for (let round = 0; round < 2; round++) {
      const waiting = api.get('/api/v1/devices/commands?wait=20', { token: device.deviceToken });
      await Promise.race([parked(a), parked(b)]);
      const parkedOn = a.services.commandWaiters.parkedCount() === 1 ? 'a' : 'b';
      const posted = Date.now();
      const queued = await api.post(`/api/v1/appliances/${device.applianceId}/command`, { target_temp_f: 70 + round }, { token: user.token });
      expect(queued.status).toBe(202);
      const postedTo = nameOf(proxy.routed.findLast((r) => r.method === 'POST' && r.path.endsWith('/command'))!.upstream);
      const res = await waiting;
      expect(Date.now() - posted).toBeLessThan(1_000);
      expect(res).toMatchObject({ status: 200, body: [{ id: queued.body.command_id, payload: { kind: 'control', target_temp_f: 70 + round } }] });
      expect(postedTo).not.toBe(parkedOn);
      seen.push(`parked on ${parkedOn}, posted to ${postedTo}`);
      // One request more moves the round-robin by one, so the next round parks on the other instance.
      expect((await api.get('/healthz')).status).toBe(200);
    }
    expect(seen.sort()).toEqual(['parked on a, posted to b', 'parked on b, posted to a']);
  });

  it('gets every command once when many satellites park across both instances and commands arrive through the proxy', async () => {
    const users: Awaited<ReturnType<typeof signUp>>[] = [];
    const devices: ClaimedDevice[] = [];
    for (let i = 0; i < 10; i++) {
      users.push(await signUp(api));
      devices.push(await claimDevice(api, users[i]!.token));
    }
    const waiting = devices.map((d) => api.get('/api/v1/devices/commands?wait=20', { token: d.deviceToken }));
    await parked(a, 5);
    await parked(b, 5);
    const queued = await Promise.all(
      devices.map((d, i) => api.post(`/api/v1/appliances/${d.applianceId}/command`, { power: true }, { token: users[i]!.token })),
    );
    const answers = await Promise.all(waiting);
    expect(answers.map((r) => r.body.map((c: { id: number }) => c.id))).toEqual(queued.map((q) => [q.body.command_id]));
    expect(proxy.failures).toEqual([]);
  });
});
