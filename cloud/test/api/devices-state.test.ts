import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { setTier } from '../../src/services/admin.js';
import { claimDevice, type ClaimedDevice } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { hvacReading, minutesAgo, rows } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

const SOURCE_MISSING = 'source is required: one of schedule, command, override, watchdog';
const SOURCE_INVALID = 'source must be one of schedule, command, override, watchdog';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const report = (device: ClaimedDevice, body: unknown) => api.post('/api/v1/devices/state', body, { token: device.deviceToken });

async function userWithDevice() {
  const user = await signUp(api);
  return { user, device: await claimDevice(api, user.token) };
}

/** Queues a command for the device and has it delivered; returns its id. */
async function deliveredCommand(userToken: string, device: ClaimedDevice): Promise<number> {
  const id = (await api.post(`/api/v1/appliances/${device.applianceId}/command`, { target_temp_f: 72 }, { token: userToken })).body.command_id;
  expect((await api.get('/api/v1/devices/commands', { token: device.deviceToken })).body.map((c: { id: number }) => c.id)).toEqual([id]);
  return id;
}

const deviceRow = async (deviceId: string) =>
  (
    await rows<{ firmware_version: string | null; rssi: number | null; last_seen_at: Date | null }>(
      cloud,
      `SELECT firmware_version, rssi, last_seen_at FROM devices WHERE device_id = $1`,
      [deviceId],
    )
  )[0]!;
const readingsOf = (applianceId: string) =>
  rows<Record<string, unknown>>(cloud, `SELECT * FROM hvac_readings WHERE appliance_id = $1 ORDER BY ts, id`, [applianceId]);

describe('POST /api/v1/devices/state', () => {
  it('answers { status, command_acked, reading_written } and records firmware, RSSI and the contact time', async () => {
    const { device } = await userWithDevice();
    const before = Date.now();
    const res = await report(device, { source: 'schedule', mode: 'COOL', target_temp_f: 74, firmware_version: '2.0.1', rssi: -70 });
    expect(res).toMatchObject({ status: 200, body: { status: 'ok', command_acked: false, reading_written: false } });
    expect(Object.keys(res.body).sort()).toEqual(['command_acked', 'reading_written', 'status']);
    const stored = await deviceRow(device.deviceId);
    expect(stored).toMatchObject({ firmware_version: '2.0.1', rssi: -70 });
    expect(new Date(stored.last_seen_at!).getTime()).toBeGreaterThanOrEqual(before - 5);
  });

  it('keeps the reported firmware and RSSI when a later report omits them', async () => {
    const { device } = await userWithDevice();
    await report(device, { source: 'schedule', firmware_version: '2.0.1', rssi: -70 });
    await report(device, { source: 'watchdog' });
    expect(await deviceRow(device.deviceId)).toMatchObject({ firmware_version: '2.0.1', rssi: -70 });
  });

  it.each([
    [{}, SOURCE_MISSING],
    [{ source: null }, SOURCE_MISSING],
    [[], SOURCE_MISSING],
    [{ source: 'manual' }, SOURCE_INVALID],
    [{ source: 'Schedule' }, SOURCE_INVALID],
    [{ source: 3, mode: 'bad' }, SOURCE_INVALID],
  ])('answers 422 for %j with a text detail and records nothing', async (body, detail) => {
    const { device } = await userWithDevice();
    const before = await deviceRow(device.deviceId);
    expect(await report(device, { ...body, firmware_version: '9.9.9' })).toMatchObject({ status: 422, body: { detail } });
    expect(await deviceRow(device.deviceId)).toEqual(before);
  });

  it.each([
    [{ mode: 'cool' }, 'mode must be one of COOL, HEAT, OFF'],
    [{ fan: 'turbo' }, 'fan must be one of low, high, auto'],
    [{ power: 'off' }, 'power must be true or false'],
    [{ target_temp_f: 'x' }, 'target_temp_f must be a number'],
    [{ target_temp_f: 150 }, 'target_temp_f must be between 30 and 120'],
    [{ command_id: 0 }, 'command_id must be a positive integer'],
    [{ command_id: '7' }, 'command_id must be a positive integer'],
    [{ command_id: 1.5 }, 'command_id must be a positive integer'],
    [{ firmware_version: 'v'.repeat(65) }, 'firmware_version must be at most 64 characters'],
    [{ rssi: 5 }, 'rssi must be an integer between -150 and 0 (dBm)'],
    [{ rssi: -60.5 }, 'rssi must be an integer between -150 and 0 (dBm)'],
  ])('answers 400 for %j and records nothing', async (fields, detail) => {
    const { user, device } = await userWithDevice();
    const commandId = await deliveredCommand(user.token, device);
    const before = await deviceRow(device.deviceId);
    const body = { source: 'command', command_id: commandId, ...fields };
    expect(await report(device, body)).toMatchObject({ status: 400, body: { detail } });
    expect(await deviceRow(device.deviceId)).toEqual(before);
    expect(await rows(cloud, `SELECT acked_at FROM device_commands WHERE id = $1`, [commandId])).toEqual([{ acked_at: null }]);
  });
});

describe('acknowledging commands', () => {
  it("acknowledges the device's own delivered command, and says so again on a retried report", async () => {
    const { user, device } = await userWithDevice();
    const id = await deliveredCommand(user.token, device);
    expect((await report(device, { source: 'command', command_id: id })).body).toMatchObject({ command_acked: true });
    const [first] = await rows<{ acked_at: Date }>(cloud, `SELECT acked_at FROM device_commands WHERE id = $1`, [id]);
    expect(first!.acked_at).not.toBeNull();
    expect((await report(device, { source: 'command', command_id: id })).body).toMatchObject({ command_acked: true });
    expect(await rows(cloud, `SELECT acked_at FROM device_commands WHERE id = $1`, [id])).toEqual([first]);
  });

  it("does not acknowledge another device's command, even of the same account, nor an unknown id", async () => {
    const user = await signUp(api);
    await setTier(cloud.store, user.email, 'premium');
    const [mine, theirs] = [await claimDevice(api, user.token), await claimDevice(api, user.token)];
    const foreign = await deliveredCommand(user.token, theirs);
    expect((await report(mine, { source: 'command', command_id: foreign })).body).toMatchObject({ command_acked: false });
    expect((await report(mine, { source: 'command', command_id: 999_999_999 })).body).toMatchObject({ command_acked: false });
    expect(await rows(cloud, `SELECT acked_at FROM device_commands WHERE id = $1`, [foreign])).toEqual([{ acked_at: null }]);
  });

  it('acknowledges a pending command the device names (it is then not handed over again)', async () => {
    const { user, device } = await userWithDevice();
    const id = (await api.post(`/api/v1/appliances/${device.applianceId}/command`, { power: true }, { token: user.token })).body.command_id;
    expect((await report(device, { source: 'command', command_id: id })).body).toMatchObject({ command_acked: true });
    expect((await api.get('/api/v1/devices/commands', { token: device.deviceToken })).body).toEqual([]);
  });
});

describe('the reading a state report writes', () => {
  it('is not written without a prior reading to anchor to', async () => {
    const { device } = await userWithDevice();
    expect((await report(device, { source: 'schedule', mode: 'COOL', target_temp_f: 74 })).body.reading_written).toBe(false);
    expect(await readingsOf(device.applianceId)).toEqual([]);
  });

  it('copies the measured values of the latest reading and applies the reported mode, target and fan, stamped now', async () => {
    const { device } = await userWithDevice();
    const older = hvacReading({ timestamp: minutesAgo(20), indoor_temp: 70, outdoor_temp: 80 });
    const latest = hvacReading({
      timestamp: minutesAgo(5),
      indoor_temp: 76.4,
      indoor_humidity: 52,
      outdoor_temp: 93,
      hvac_state: 'COOL',
      target_temp: 75,
      fan_mode: 'auto',
    });
    await api.post('/api/v1/readings', { readings: [latest, older] }, { token: device.deviceToken });
    const before = Date.now();
    expect((await report(device, { source: 'command', mode: 'HEAT', target_temp_f: 68, fan: 'high' })).body.reading_written).toBe(true);
    const written = (await readingsOf(device.applianceId)).at(-1)!;
    expect(written).toMatchObject({
      indoor_temp: 76.4,
      indoor_humidity: 52,
      outdoor_temp: 93,
      hvac_state: 'HEAT',
      target_temp: 68,
      fan_mode: 'high',
      commanded_hvac_mode: 'HEAT',
      commanded_setpoint: 68,
      commanded_fan_mode: 'high',
      override_active: false,
      source: 'device',
    });
    expect(new Date(written.ts as Date).getTime()).toBeGreaterThanOrEqual(before - 5);
  });

  it('records OFF for power false whatever the mode, and flags an override', async () => {
    const { device } = await userWithDevice();
    await api.post('/api/v1/readings', { readings: [hvacReading({ hvac_state: 'COOL' })] }, { token: device.deviceToken });
    await report(device, { source: 'override', mode: 'COOL', power: false });
    expect((await readingsOf(device.applianceId)).at(-1)).toMatchObject({
      hvac_state: 'OFF',
      commanded_hvac_mode: 'OFF',
      override_active: true,
      indoor_temp: 72.5,
    });
  });

  it('keeps the latest state when the report names no mode', async () => {
    const { device } = await userWithDevice();
    await api.post('/api/v1/readings', { readings: [hvacReading({ hvac_state: 'dehumidify' })] }, { token: device.deviceToken });
    await report(device, { source: 'watchdog', target_temp_f: 73 });
    expect((await readingsOf(device.applianceId)).at(-1)).toMatchObject({ hvac_state: 'DRY', target_temp: 73, commanded_hvac_mode: null });
  });

  it('is not written over the daily reading ceiling, but the command is still acknowledged', async () => {
    const other = await startTestCloud({ readingsDailyLimitPerAppliance: 1 });
    try {
      const otherApi = apiClient(other.url);
      const user = await signUp(otherApi);
      const device = await claimDevice(otherApi, user.token);
      await otherApi.post('/api/v1/readings', { readings: [hvacReading()] }, { token: device.deviceToken });
      const id = (await otherApi.post(`/api/v1/appliances/${device.applianceId}/command`, { power: true }, { token: user.token })).body.command_id;
      const res = await otherApi.post('/api/v1/devices/state', { source: 'command', command_id: id, power: true }, { token: device.deviceToken });
      expect(res).toMatchObject({ status: 200, body: { status: 'ok', command_acked: true, reading_written: false } });
    } finally {
      await other.stop();
    }
  });
});
