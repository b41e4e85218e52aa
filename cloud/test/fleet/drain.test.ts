import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { claimDevice, type ClaimedDevice } from '../support/devices.js';
import { parked, startCloudProcess, until, type CloudProcess } from '../support/fleet.js';
import { apiClient, signUp } from '../support/http.js';
import { startRoundRobinProxy } from '../support/round-robin-proxy.js';
import { createTestDatabase, startTestCloud, testConfig } from '../support/test-cloud.js';

let databaseUrl: string;
/** The instance that keeps serving. */
let b: RunningCloud;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  b = await startTestCloud({ databaseUrl });
});
afterAll(() => b.stop());

/** Sends a JSON POST whose body arrives in two parts: the request is in flight until `finish()`. */
function slowPost(baseUrl: string, path: string, token: string, body: object) {
  const text = JSON.stringify(body);
  const req = http.request(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), authorization: `Bearer ${token}` },
  });
  const answered = new Promise<{ status: number; connection: string | undefined; body: any }>((resolve, reject) => {
    req.once('response', (res) => {
      let data = '';
      res.on('data', (c: Buffer) => (data += c.toString()));
      res.once('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(data) }));
    });
    req.once('error', reject);
  });
  req.write(text.slice(0, 5));
  const reached = new Promise<void>((resolve) => req.once('socket', (socket) => socket.once('connect', () => setTimeout(resolve, 100))));
  return { answered, reached, finish: () => req.end(text.slice(5)) };
}

describe('draining one instance', () => {
  it('answers /readyz 503 at once, releases parked long-polls with [], answers new ones at once, and finishes in-flight requests', async () => {
    const a = await startTestCloud({ databaseUrl, shutdownDrainDelayMs: 1_000 });
    const apiA = apiClient(a.url);
    const user = await signUp(apiA);
    const device = await claimDevice(apiA, user.token);
    const parkedPoll = apiA.get('/api/v1/devices/commands?wait=30', { token: device.deviceToken });
    await parked(a);
    const inFlight = slowPost(a.url, `/api/v1/appliances/${device.applianceId}/command`, user.token, { target_temp_f: 72 });
    await inFlight.reached;

    const started = Date.now();
    const draining = a.drain();
    expect(await apiA.get('/readyz')).toMatchObject({ status: 503, body: { detail: 'Shutting down' } });
    expect(await parkedPoll).toMatchObject({ status: 200, body: [] });
    const released = Date.now() - started;
    // A new long-poll does not park: it answers at once, with the commands pending (none yet).
    const again = await apiA.get('/api/v1/devices/commands?wait=30', { token: device.deviceToken });
    expect(again).toMatchObject({ status: 200, body: [] });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(released).toBeLessThan(500);
    expect(again.headers.get('connection')).toBe('close');

    // The request in flight when the drain began is served, and closes its connection.
    inFlight.finish();
    const answer = await inFlight.answered;
    expect(answer).toMatchObject({ status: 202, connection: 'close' });
    // The other instance is ready and hands the command over.
    expect(await apiClient(b.url).get('/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await apiClient(b.url).get('/api/v1/devices/commands?wait=5', { token: device.deviceToken })).body.map((c: { id: number }) => c.id)).toEqual([
      answer.body.command_id,
    ]);

    await draining;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    await a.stop();
  });
});

// Without `Connection: close` on the draining instance's responses this fails: the proxy reuses a
// keep-alive connection the stopping server has just closed, and a POST sent on it is lost (502).
describe('a rolling restart behind the proxy', () => {
  it('SIGTERM to one instance under load loses no request: every answer is a success, every command is delivered once', async () => {
    const a: CloudProcess = await startCloudProcess({
      DATABASE_URL: databaseUrl,
      JWT_SECRET: testConfig().jwtSecret!,
      SHUTDOWN_DRAIN_DELAY_MS: '500',
      SHUTDOWN_GRACE_MS: '5000',
    });
    const proxy = await startRoundRobinProxy([a.url, b.url], { healthIntervalMs: 100 });
    const api = apiClient(proxy.url);
    try {
      const users = await Promise.all(Array.from({ length: 4 }, () => signUp(api)));
      const devices: ClaimedDevice[] = [];
      for (const user of users) devices.push(await claimDevice(api, user.token));

      const statuses: string[] = [];
      const posted = devices.map(() => [] as number[]);
      const delivered = devices.map(() => [] as number[]);
      let running = true;
      const satellite = async (i: number) => {
        while (running) {
          const res = await api.get('/api/v1/devices/commands?wait=2', { token: devices[i]!.deviceToken });
          statuses.push(`poll ${res.status}`);
          if (res.status === 200) delivered[i]!.push(...res.body.map((c: { id: number }) => c.id));
        }
      };
      const person = async (i: number) => {
        while (running) {
          const sent = await api.post(
            `/api/v1/appliances/${devices[i]!.applianceId}/command`,
            { target_temp_f: 68 + (posted[i]!.length % 8) },
            { token: users[i]!.token },
          );
          statuses.push(`command ${sent.status}`);
          if (sent.status === 202) posted[i]!.push(sent.body.command_id);
          const listed = await api.get('/api/v1/appliances', { token: users[i]!.token });
          statuses.push(`appliances ${listed.status}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      const load = [...devices.map((_, i) => satellite(i)), ...users.map((_, i) => person(i))];

      await until(() => proxy.stats.get(a.url)!.answered > 20 && proxy.stats.get(b.url)!.answered > 20, 'both instances serving', 10_000);
      const termAt = Date.now();
      a.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      const exitMs = Date.now() - termAt;
      const bBefore = proxy.stats.get(b.url)!.answered;
      await until(() => proxy.stats.get(b.url)!.answered > bBefore + 20, 'the survivor serving', 10_000);
      running = false;
      await Promise.all(load);
      // Whatever was posted last is still queued: one more poll per device collects it.
      for (const [i, device] of devices.entries())
        delivered[i]!.push(...(await api.get('/api/v1/devices/commands', { token: device.deviceToken })).body.map((c: { id: number }) => c.id));

      expect(proxy.failures).toEqual([]);
      expect(statuses.filter((s) => !/^(poll 200|command 202|appliances 200)$/.test(s))).toEqual([]);
      expect(delivered.map((ids) => [...ids].sort((x, y) => x - y))).toEqual(posted.map((ids) => [...ids].sort((x, y) => x - y)));
      expect(posted.every((ids) => ids.length > 0)).toBe(true);
      // The drain delay, then in-flight requests: well under the grace period.
      expect(exitMs).toBeGreaterThanOrEqual(500);
      expect(exitMs).toBeLessThan(4_000);
    } finally {
      if (a.child.exitCode === null) a.child.kill('SIGKILL');
      await proxy.close();
    }
  });
});
