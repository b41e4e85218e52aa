import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { claimDevice, type ClaimedDevice } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

// Two instances on one database: a command posted to either must wake a device parked on the other.
let databaseUrl: string;
let a: RunningCloud;
let b: RunningCloud;
let apiA: ApiClient;
let apiB: ApiClient;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  [a, b] = await Promise.all([startTestCloud({ databaseUrl }), startTestCloud({ databaseUrl })]);
  [apiA, apiB] = [apiClient(a.url), apiClient(b.url)];
});
afterAll(() => Promise.all([a.stop(), b.stop()]));

const poll = (api: ApiClient, device: ClaimedDevice, waitS: number) => api.get(`/api/v1/devices/commands?wait=${waitS}`, { token: device.deviceToken });
const sendCommand = (api: ApiClient, token: string, device: ClaimedDevice, body: object = { target_temp_f: 71 }) =>
  api.post(`/api/v1/appliances/${device.applianceId}/command`, body, { token });

/** Resolves once `cloud` has `n` parked polls (the poll reached its wait). */
async function parked(cloud: RunningCloud, n = 1): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (cloud.services.commandWaiters.parkedCount() < n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} parked polls, have ${cloud.services.commandWaiters.parkedCount()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Each command of an appliance and whether it was handed over (read through instance B). */
const deliveries = (applianceId: string) =>
  rows<{ id: number; delivered: boolean }>(b, `SELECT id, delivered_at IS NOT NULL AS delivered FROM device_commands WHERE appliance_id = $1 ORDER BY id`, [
    applianceId,
  ]);

async function setup(api: ApiClient) {
  const user = await signUp(api);
  return { user, device: await claimDevice(api, user.token) };
}

describe('a parked long-poll', () => {
  it('is woken by a command posted to the same instance, and hands it over at once', async () => {
    const { user, device } = await setup(apiA);
    const waiting = poll(apiA, device, 20);
    await parked(a);
    const posted = Date.now();
    const queued = await sendCommand(apiA, user.token, device);
    const res = await waiting;
    expect(Date.now() - posted).toBeLessThan(1_000);
    expect(res).toMatchObject({ status: 200, body: [{ id: queued.body.command_id, payload: { kind: 'control', target_temp_f: 71, hold: false } }] });
  });

  it('is woken across instances: parked on B, posted to A, answered within 1 s (and the other way round)', async () => {
    for (const [parkOn, parkApi, postApi] of [
      [b, apiB, apiA],
      [a, apiA, apiB],
    ] as const) {
      const { user, device } = await setup(postApi);
      const waiting = poll(parkApi, device, 20);
      await parked(parkOn);
      const posted = Date.now();
      const queued = await sendCommand(postApi, user.token, device);
      const res = await waiting;
      expect(Date.now() - posted).toBeLessThan(1_000);
      expect(res.body.map((c: { id: number }) => c.id)).toEqual([queued.body.command_id]);
    }
  });

  it('is woken by a schedule_updated nudge queued on the other instance', async () => {
    const { device } = await setup(apiA);
    const waiting = poll(apiB, device, 20);
    await parked(b);
    await a.services.deviceCommands.enqueueScheduleUpdated(device.applianceId);
    expect((await waiting).body.map((c: { payload: object }) => c.payload)).toEqual([{ kind: 'schedule_updated' }]);
  });

  it('answers [] when the wait elapses; a fractional wait is rounded down', async () => {
    const { device } = await setup(apiA);
    for (const [query, seconds] of [
      ['1', 1],
      ['1.9', 1],
    ] as const) {
      const started = Date.now();
      expect(await apiA.get(`/api/v1/devices/commands?wait=${query}`, { token: device.deviceToken })).toMatchObject({ status: 200, body: [] });
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(seconds * 1000 - 20);
      expect(elapsed).toBeLessThan(seconds * 1000 + 1000);
    }
  });

  it('accepts a wait above 55 (clamped) and still wakes on a command', async () => {
    const { user, device } = await setup(apiA);
    const waiting = poll(apiA, device, 3600);
    await parked(a);
    await sendCommand(apiA, user.token, device);
    expect((await waiting).body).toHaveLength(1);
  });

  it("is not woken by another device's command", async () => {
    const { device } = await setup(apiA);
    const other = await setup(apiA);
    const waiting = poll(apiA, device, 1);
    await parked(a);
    await sendCommand(apiA, other.user.token, other.device);
    expect((await waiting).body).toEqual([]);
    expect((await poll(apiA, other.device, 0)).body).toHaveLength(1);
  });
});

describe('nothing is lost or delivered twice', () => {
  it('when the client disconnects while parked: the command waits for its next poll', async () => {
    const { user, device } = await setup(apiA);
    const url = new URL(`${a.url}/api/v1/devices/commands?wait=20`);
    const req = http.get(url, { headers: { authorization: `Bearer ${device.deviceToken}` }, agent: false });
    req.on('error', () => {});
    await parked(a);
    req.destroy();
    const deadline = Date.now() + 5_000;
    while (a.services.commandWaiters.parkedCount() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(a.services.commandWaiters.parkedCount()).toBe(0);
    const queued = await sendCommand(apiA, user.token, device);
    expect(await deliveries(device.applianceId)).toEqual([{ id: queued.body.command_id, delivered: false }]);
    expect((await poll(apiA, device, 0)).body.map((c: { id: number }) => c.id)).toEqual([queued.body.command_id]);
  });

  it('when the connection is gone at hand-over time: nothing is marked delivered', async () => {
    const { user, device } = await setup(apiA);
    const queued = await sendCommand(apiA, user.token, device);
    const bound = { deviceId: device.deviceId, userId: user.userId, applianceId: device.applianceId };
    const result = await a.services.deviceCommands.poll(bound, 5, { isLive: () => false, signal: new AbortController().signal });
    expect(result).toBeNull();
    expect(await deliveries(device.applianceId)).toEqual([{ id: queued.body.command_id, delivered: false }]);
  });

  it('when the answer cannot be written: the commands are put back and a parked poll is woken for them', async () => {
    const { user, device } = await setup(apiA);
    await sendCommand(apiA, user.token, device, { power: true });
    await a.services.deviceCommands.enqueueScheduleUpdated(device.applianceId);
    const bound = { deviceId: device.deviceId, userId: user.userId, applianceId: device.applianceId };
    const lost = (await a.services.deviceCommands.handOver(bound, () => true, new Date()))!;
    expect(lost.commands).toHaveLength(2);
    const waiting = poll(apiB, device, 20);
    await parked(b);
    await lost.abandoned();
    expect((await waiting).body.map((c: { id: number }) => c.id)).toEqual(lost.commands.map((c) => c.id));
  });

  it('when the answer to a lone nudge cannot be written: a parked poll on the other instance is woken for it', async () => {
    const { user, device } = await setup(apiA);
    await a.services.deviceCommands.enqueueScheduleUpdated(device.applianceId);
    const bound = { deviceId: device.deviceId, userId: user.userId, applianceId: device.applianceId };
    const lost = (await a.services.deviceCommands.handOver(bound, () => true, new Date()))!;
    const waiting = poll(apiB, device, 20);
    await parked(b);
    await new Promise((r) => setTimeout(r, 500)); // past its own look (which skips the locked nudge): parked
    const started = Date.now();
    await lost.abandoned();
    expect((await waiting).body.map((c: { payload: object }) => c.payload)).toEqual([{ kind: 'schedule_updated' }]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('when the instance dies between the hand-over and its answer: the commands go to the next poll', async () => {
    const { user, device } = await setup(apiA);
    const queued = await sendCommand(apiA, user.token, device);
    const bound = { deviceId: device.deviceId, userId: user.userId, applianceId: device.applianceId };
    // A poll on A takes the command; A is SIGKILLed before writing the answer: it never runs again,
    // and the kernel closes its database connections (here: the one its hand-over is on).
    const handed = (await a.services.deviceCommands.poll(bound, 0, { isLive: () => true, signal: new AbortController().signal }))!;
    expect(handed.commands.map((c) => c.id)).toEqual([queued.body.command_id]);
    await rows(
      b,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND pid <> pg_backend_pid()`,
      [],
    );
    // The device polls again, on the other instance: the command was never handed over.
    expect((await poll(apiB, device, 0)).body.map((c: { id: number }) => c.id)).toEqual([queued.body.command_id]);
    expect(await deliveries(device.applianceId)).toEqual([{ id: queued.body.command_id, delivered: true }]);
    await handed.written(); // A's leftover (in this process): its commit fails, nothing changes
    expect(await deliveries(device.applianceId)).toEqual([{ id: queued.body.command_id, delivered: true }]);
  });

  it('a command is marked delivered once its answer is written, and acknowledged after', async () => {
    const { user, device } = await setup(apiA);
    const queued = await sendCommand(apiA, user.token, device);
    const res = await poll(apiA, device, 0);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([queued.body.command_id]);
    const ack = await apiA.post(
      '/api/v1/devices/state',
      { source: 'command', command_id: queued.body.command_id, power: true, mode: 'COOL', target_temp_f: 71, fan: 'auto' },
      { token: device.deviceToken },
    );
    expect(ack.body).toMatchObject({ command_acked: true });
    expect(await deliveries(device.applianceId)).toEqual([{ id: queued.body.command_id, delivered: true }]);
    expect((await poll(apiB, device, 0)).body).toEqual([]);
  });

  it('a re-queued nudge is dropped when a newer one is already pending', async () => {
    const { user, device } = await setup(apiA);
    await a.services.deviceCommands.enqueueScheduleUpdated(device.applianceId);
    const bound = { deviceId: device.deviceId, userId: user.userId, applianceId: device.applianceId };
    const lost = (await a.services.deviceCommands.handOver(bound, () => true, new Date()))!;
    await lost.written();
    await a.services.deviceCommands.enqueueScheduleUpdated(device.applianceId);
    await a.services.deviceCommands.requeue(lost.commands);
    expect((await poll(apiA, device, 0)).body.map((c: { payload: object }) => c.payload)).toEqual([{ kind: 'schedule_updated' }]);
  });

  it('when an instance restarts while devices are parked on it and on the other', async () => {
    const c = await startTestCloud({ databaseUrl });
    const apiC = apiClient(c.url);
    const first = await setup(apiC);
    const second = await setup(apiC);
    const onC = poll(apiC, first.device, 30);
    const onB = poll(apiB, second.device, 30);
    await parked(c);
    await parked(b);
    const stopping = Date.now();
    await c.stop();
    // The instance going down answers its parked poll at once, with nothing handed over.
    expect(await onC).toMatchObject({ status: 200, body: [] });
    expect(Date.now() - stopping).toBeLessThan(2_000);
    const q1 = await sendCommand(apiA, first.user.token, first.device);
    const q2 = await sendCommand(apiA, second.user.token, second.device);
    // The device parked on the surviving instance is woken; the other re-polls the survivor.
    expect((await onB).body.map((x: { id: number }) => x.id)).toEqual([q2.body.command_id]);
    expect((await poll(apiB, first.device, 20)).body.map((x: { id: number }) => x.id)).toEqual([q1.body.command_id]);
    // The restarted instance has nothing left to hand over twice.
    const restarted = await startTestCloud({ databaseUrl });
    try {
      const apiR = apiClient(restarted.url);
      expect((await poll(apiR, first.device, 0)).body).toEqual([]);
      expect((await poll(apiR, second.device, 0)).body).toEqual([]);
      expect(await deliveries(first.device.applianceId)).toEqual([{ id: q1.body.command_id, delivered: true }]);
      expect(await deliveries(second.device.applianceId)).toEqual([{ id: q2.body.command_id, delivered: true }]);
    } finally {
      await restarted.stop();
    }
  });

  it('stops at once after a satellite aborted its poll, although fetch then left a connection open that never sent a request', async () => {
    const c = await startTestCloud({ databaseUrl, shutdownGraceMs: 5_000 });
    const { device } = await setup(apiClient(c.url));
    const aborted = new AbortController();
    const poll = fetch(`${c.url}/api/v1/devices/commands?wait=30`, {
      headers: { authorization: `Bearer ${device.deviceToken}` },
      signal: aborted.signal,
    }).catch(() => null);
    await parked(c);
    aborted.abort();
    await poll;
    // What undici does after the abort, made certain: a connection that has sent nothing.
    const target = new URL(c.url);
    const quiet = net.connect(Number(target.port), target.hostname);
    await new Promise((resolve) => quiet.once('connect', resolve));
    const closed = new Promise((resolve) => quiet.once('close', resolve));
    const stopping = Date.now();
    await c.stop();
    await closed;
    expect(Date.now() - stopping).toBeLessThan(2_500);
  });

  it('with many devices parked on both instances and commands posted to either', async () => {
    const devices = await Promise.all(Array.from({ length: 20 }, () => setup(apiA)));
    const waiting = devices.map(({ device }, i) => poll(i % 2 ? apiA : apiB, device, 20));
    await parked(a, 10);
    await parked(b, 10);
    const queued = await Promise.all(devices.map(({ user, device }, i) => sendCommand(i % 3 ? apiA : apiB, user.token, device)));
    const answers = await Promise.all(waiting);
    expect(answers.map((r) => r.body.map((c: { id: number }) => c.id))).toEqual(queued.map((q) => [q.body.command_id]));
  });
});
