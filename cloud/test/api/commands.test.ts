import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { setTier } from '../../src/services/admin.js';
import { createAppliance } from '../support/appliances.js';
import { claimDevice, type ClaimedDevice } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const NO_ACTIONABLE = 'command must include at least one of power, mode, target_temp_f, fan';
const rangeDetail = (min: number, max: number) => `target_temp_f must be between ${min} and ${max} F (the setpoint range of this appliance)`;

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const command = (token: string, applianceId: string, body?: unknown) => api.post(`/api/v1/appliances/${applianceId}/command`, body, { token });
const poll = (device: ClaimedDevice, query = '') => api.get(`/api/v1/devices/commands${query}`, { token: device.deviceToken });
const storedCommands = (applianceId: string) =>
  rows<{ kind: string; payload: object; delivered: boolean; acked: boolean }>(
    cloud,
    `SELECT kind, payload, delivered_at IS NOT NULL AS delivered, acked_at IS NOT NULL AS acked FROM device_commands WHERE appliance_id = $1 ORDER BY id`,
    [applianceId],
  );

async function userWithDevice(claim: Record<string, unknown> = {}) {
  const user = await signUp(api);
  return { user, device: await claimDevice(api, user.token, claim) };
}

describe('POST /api/v1/appliances/{id}/command', () => {
  it('queues a control command (202 { command_id }) that the device receives with hold false by default', async () => {
    const { user, device } = await userWithDevice();
    const res = await command(user.token, device.applianceId, { target_temp_f: 70, extra: 'dropped' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ command_id: expect.any(Number) });
    expect(await poll(device)).toMatchObject({
      status: 200,
      body: [{ id: res.body.command_id, payload: { kind: 'control', target_temp_f: 70, hold: false }, created_at: expect.stringMatching(ISO) }],
    });
  });

  it('carries every actionable field and hold as sent', async () => {
    const { user, device } = await userWithDevice();
    await command(user.token, device.applianceId, { power: true, mode: 'HEAT', target_temp_f: 68.5, fan: 'low', hold: true });
    expect((await poll(device)).body[0].payload).toEqual({ kind: 'control', power: true, mode: 'HEAT', target_temp_f: 68.5, fan: 'low', hold: true });
  });

  it("answers 404 Appliance not found first: missing, malformed or another user's appliance, whatever the body", async () => {
    const { device } = await userWithDevice();
    const stranger = await signUp(api);
    for (const id of [MISSING_ID, 'not-a-uuid', device.applianceId]) {
      for (const body of [{ target_temp_f: 70 }, {}]) {
        expect(await command(stranger.token, id, body)).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
      }
    }
    expect(await storedCommands(device.applianceId)).toEqual([]);
  });

  it.each([
    [undefined, NO_ACTIONABLE],
    [{}, NO_ACTIONABLE],
    [{ hold: true }, NO_ACTIONABLE],
    [{ mode: null, fan: null }, NO_ACTIONABLE],
    [[{ target_temp_f: 70 }], 'request body must be a JSON object'],
    [{ mode: 'cool' }, 'mode must be one of COOL, HEAT, OFF'],
    [{ mode: 'AUTO' }, 'mode must be one of COOL, HEAT, OFF'],
    [{ fan: 'medium' }, 'fan must be one of low, high, auto'],
    [{ power: 'on' }, 'power must be true or false'],
    [{ target_temp_f: '70' }, 'target_temp_f must be a number'],
    [{ target_temp_f: 70, hold: 'yes' }, 'hold must be true or false'],
    [{ target_temp_f: 63.9 }, rangeDetail(64, 80)],
    [{ target_temp_f: 80.1, mode: 'COOL' }, rangeDetail(64, 80)],
  ])('answers 400 for %j against claimed bounds 64-80, storing nothing', async (body, detail) => {
    const { user, device } = await userWithDevice({ setpoint_min_f: 64, setpoint_max_f: 80 });
    expect(await command(user.token, device.applianceId, body)).toMatchObject({ status: 400, body: { detail } });
    expect(await storedCommands(device.applianceId)).toEqual([]);
  });

  it('accepts the bounds themselves', async () => {
    const { user, device } = await userWithDevice({ setpoint_min_f: 64, setpoint_max_f: 80 });
    expect((await command(user.token, device.applianceId, { target_temp_f: 64 })).status).toBe(202);
    expect((await command(user.token, device.applianceId, { target_temp_f: 80 })).status).toBe(202);
  });

  it('checks against 61-86 without claimed bounds (a lone bound falls back for the other)', async () => {
    const { user, device } = await userWithDevice();
    expect(await command(user.token, device.applianceId, { target_temp_f: 60.5 })).toMatchObject({ status: 400, body: { detail: rangeDetail(61, 86) } });
    expect(await command(user.token, device.applianceId, { target_temp_f: 86.5 })).toMatchObject({ status: 400, body: { detail: rangeDetail(61, 86) } });
    const lone = await userWithDevice({ setpoint_min_f: 66 });
    expect(await command(lone.user.token, lone.device.applianceId, { target_temp_f: 87 })).toMatchObject({
      status: 400,
      body: { detail: rangeDetail(66, 86) },
    });
  });

  it('answers 409 no device bound after the 400 checks, for an appliance without a satellite or after DELETE', async () => {
    const user = await signUp(api);
    const hvac = await createAppliance(cloud, user, 'hvac');
    expect(await command(user.token, hvac, { target_temp_f: 90 })).toMatchObject({ status: 400, body: { detail: rangeDetail(61, 86) } });
    expect(await command(user.token, hvac, { target_temp_f: 70 })).toMatchObject({ status: 409, body: { detail: 'no device bound' } });
    const ev = await createAppliance(cloud, user, 'ev_charger');
    expect(await command(user.token, ev, { power: true })).toMatchObject({ status: 409, body: { detail: 'no device bound' } });
  });

  it('answers 409 once the device is removed, and drops what it had not received', async () => {
    const { user, device } = await userWithDevice();
    await command(user.token, device.applianceId, { power: false });
    await api.delete(`/api/v1/devices/${device.deviceId}`, { token: user.token });
    expect(await command(user.token, device.applianceId, { power: true })).toMatchObject({ status: 409, body: { detail: 'no device bound' } });
    expect(await storedCommands(device.applianceId)).toEqual([]);
  });

  it('needs a user token: 401 without, 403 with a device token (its own appliance included)', async () => {
    const { device } = await userWithDevice();
    expect(await api.post(`/api/v1/appliances/${device.applianceId}/command`, { power: true })).toMatchObject({
      status: 401,
      body: { detail: 'Not authenticated' },
    });
    expect(await command(device.deviceToken, device.applianceId, { power: true })).toMatchObject({ status: 403 });
    expect(await storedCommands(device.applianceId)).toEqual([]);
  });
});

describe('GET /api/v1/devices/commands (no wait)', () => {
  it('hands over pending commands oldest first, each exactly once, and only to their device', async () => {
    const user = await signUp(api);
    await setTier(cloud.store, user.email, 'premium');
    const [a, b] = [await claimDevice(api, user.token), await claimDevice(api, user.token)];
    const ids = [];
    for (const target of [70, 71, 72]) ids.push((await command(user.token, a.applianceId, { target_temp_f: target })).body.command_id);
    await command(user.token, b.applianceId, { fan: 'auto' });
    const first = await poll(a);
    expect(first.body.map((c: { id: number; payload: { target_temp_f: number } }) => [c.id, c.payload.target_temp_f])).toEqual([
      [ids[0], 70],
      [ids[1], 71],
      [ids[2], 72],
    ]);
    expect(await poll(a)).toMatchObject({ status: 200, body: [] });
    expect((await poll(b)).body.map((c: { payload: object }) => c.payload)).toEqual([{ kind: 'control', fan: 'auto', hold: false }]);
    expect((await storedCommands(a.applianceId)).map((c) => c.delivered)).toEqual([true, true, true]);
  });

  it('gives one command to exactly one of many concurrent polls', async () => {
    const { user, device } = await userWithDevice();
    await command(user.token, device.applianceId, { mode: 'OFF' });
    const results = await Promise.all(Array.from({ length: 8 }, () => poll(device)));
    expect(results.flatMap((r) => r.body)).toHaveLength(1);
  });

  it.each([['?wait=abc'], ['?wait=10s'], ['?wait=1&wait=2']])('answers 400 for %s', async (query) => {
    const { device } = await userWithDevice();
    expect(await poll(device, query)).toMatchObject({ status: 400, body: { detail: 'wait must be a number of seconds (it is clamped to 0-55)' } });
  });

  it('returns at once for a missing, empty, zero or negative wait', async () => {
    const { device } = await userWithDevice();
    for (const query of ['', '?wait=', '?wait=0', '?wait=-30']) {
      const started = Date.now();
      expect(await poll(device, query)).toMatchObject({ status: 200, body: [] });
      expect(Date.now() - started).toBeLessThan(500);
    }
  });
});

describe('schedule_updated nudges', () => {
  it('queues one per bound device and coalesces while one is pending', async () => {
    const { device } = await userWithDevice();
    expect(await cloud.services.deviceCommands.enqueueScheduleUpdated(device.applianceId)).toBe(1);
    expect(await cloud.services.deviceCommands.enqueueScheduleUpdated(device.applianceId)).toBe(0);
    expect((await poll(device)).body).toEqual([{ id: expect.any(Number), payload: { kind: 'schedule_updated' }, created_at: expect.stringMatching(ISO) }]);
    expect(await cloud.services.deviceCommands.enqueueScheduleUpdated(device.applianceId)).toBe(1);
    expect((await poll(device)).body).toHaveLength(1);
  });

  it("is queued when new schedule rows are published for the satellite's appliance", async () => {
    const { user, device } = await userWithDevice();
    const plain = await createAppliance(cloud, user, 'hvac');
    cloud.services.scheduleEvents.schedulesWritten(user.userId, [plain, device.applianceId]);
    expect((await poll(device, '?wait=5')).body.map((c: { payload: object }) => c.payload)).toEqual([{ kind: 'schedule_updated' }]);
    expect(await rows(cloud, `SELECT kind FROM device_commands WHERE appliance_id = $1`, [plain])).toEqual([]);
  });

  it('asks the database once per schedule write, not once per appliance (a nightly run writes every appliance of every home)', async () => {
    const { user, device } = await userWithDevice();
    const others = [
      await createAppliance(cloud, user, 'hvac'),
      await createAppliance(cloud, user, 'ev_charger'),
      await createAppliance(cloud, user, 'water_heater'),
    ];
    const statements: string[] = [];
    const count = (_options: unknown, query: { sql?: string }) => {
      if (query.sql?.includes('device_commands')) statements.push(query.sql);
    };
    cloud.db.addHook('afterQuery', 'count-nudges', count as never);
    try {
      await cloud.services.deviceCommands.nudgeForNewSchedules([...others, device.applianceId]);
    } finally {
      cloud.db.removeHook('afterQuery', 'count-nudges');
    }
    expect(statements).toHaveLength(1);
    expect((await poll(device)).body.map((c: { payload: object }) => c.payload)).toEqual([{ kind: 'schedule_updated' }]);
  });

  it('keeps its place among control commands', async () => {
    const { user, device } = await userWithDevice();
    await command(user.token, device.applianceId, { power: true });
    await cloud.services.deviceCommands.enqueueScheduleUpdated(device.applianceId);
    await command(user.token, device.applianceId, { power: false });
    expect((await poll(device)).body.map((c: { payload: { kind: string } }) => c.payload.kind)).toEqual(['control', 'schedule_updated', 'control']);
  });

  it('queues nothing for an appliance without a claimed device', async () => {
    const user = await signUp(api);
    const hvac = await createAppliance(cloud, user, 'hvac');
    expect(await cloud.services.deviceCommands.enqueueScheduleUpdated(hvac)).toBe(0);
    const { user: owner, device } = await userWithDevice();
    await api.delete(`/api/v1/devices/${device.deviceId}`, { token: owner.token });
    expect(await cloud.services.deviceCommands.enqueueScheduleUpdated(device.applianceId)).toBe(0);
  });
});
