import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { setTier } from '../../src/services/admin.js';
import { claimDevice } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { hvacReading, rows } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INVALID_DEVICE_TOKEN = { detail: 'Invalid device token' };
const NOT_BOUND = { detail: 'Device is not bound to an appliance; claim it again' };
const REFUSED = { detail: 'Device tokens cannot call this endpoint; use a user access token' };

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const listDevices = async (token: string) => (await api.get('/api/v1/devices', { token })).body as Record<string, unknown>[];
const pushReadings = (token: string, readings: object[]) => api.post('/api/v1/readings', { readings }, { token });

describe('GET /api/v1/devices', () => {
  it('is an empty array for an account without devices', async () => {
    const user = await signUp(api);
    expect(await api.get('/api/v1/devices', { token: user.token })).toMatchObject({ status: 200, body: [] });
  });

  it("lists the caller's claimed devices with the 2.13 fields, mode standalone, and no one else's", async () => {
    const user = await signUp(api);
    await setTier(cloud.store, user.email, 'premium');
    const before = Date.now();
    const a = await claimDevice(api, user.token, { name: 'Office' });
    const b = await claimDevice(api, user.token, { name: 'Den' });
    await claimDevice(api, (await signUp(api)).token);
    const devices = await listDevices(user.token);
    expect(devices).toEqual([
      {
        device_id: a.deviceId,
        appliance_id: a.applianceId,
        appliance_name: 'Office',
        mode: 'standalone',
        firmware_version: null,
        last_seen_at: expect.stringMatching(ISO),
        rssi: null,
        claimed_at: expect.stringMatching(ISO),
      },
      {
        device_id: b.deviceId,
        appliance_id: b.applianceId,
        appliance_name: 'Den',
        mode: 'standalone',
        firmware_version: null,
        last_seen_at: expect.stringMatching(ISO),
        rssi: null,
        claimed_at: expect.stringMatching(ISO),
      },
    ]);
    expect(Date.parse(devices[0]!.claimed_at as string)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("shows what the device reported and the appliance's current name", async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token);
    await api.post('/api/v1/devices/state', { source: 'schedule', firmware_version: '1.4.2', rssi: -61 }, { token: device.deviceToken });
    await api.put(`/api/v1/appliances/${device.applianceId}`, { name: 'Guest room' }, { token: user.token });
    expect(await listDevices(user.token)).toEqual([expect.objectContaining({ firmware_version: '1.4.2', rssi: -61, appliance_name: 'Guest room' })]);
  });

  it('keeps listing a device whose appliance was deleted, with a null binding, so it can be removed', async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token);
    await api.delete(`/api/v1/appliances/${device.applianceId}`, { token: user.token });
    expect(await listDevices(user.token)).toEqual([expect.objectContaining({ device_id: device.deviceId, appliance_id: null, appliance_name: null })]);
    expect((await api.delete(`/api/v1/devices/${device.deviceId}`, { token: user.token })).status).toBe(204);
    expect(await listDevices(user.token)).toEqual([]);
  });

  it('needs a user token: 401 without, 403 with a device token', async () => {
    expect(await api.get('/api/v1/devices')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
    const device = await claimDevice(api, (await signUp(api)).token);
    expect(await api.get('/api/v1/devices', { token: device.deviceToken })).toMatchObject({ status: 403, body: REFUSED });
  });
});

describe('DELETE /api/v1/devices/{device_id}', () => {
  it('unclaims (204, no body): the token stops working at once; appliance and readings remain', async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token);
    expect((await pushReadings(device.deviceToken, [hvacReading()])).status).toBe(201);
    const res = await api.delete(`/api/v1/devices/${device.deviceId}`, { token: user.token });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(await api.get('/api/v1/devices/config', { token: device.deviceToken })).toMatchObject({ status: 401, body: INVALID_DEVICE_TOKEN });
    expect(await pushReadings(device.deviceToken, [hvacReading()])).toMatchObject({ status: 401, body: INVALID_DEVICE_TOKEN });
    expect(await listDevices(user.token)).toEqual([]);
    expect((await api.get('/api/v1/appliances', { token: user.token })).body.map((a: { id: string }) => a.id)).toEqual([device.applianceId]);
    expect(await rows(cloud, `SELECT appliance_id FROM hvac_readings WHERE user_id = $1`, [user.userId])).toEqual([{ appliance_id: device.applianceId }]);
  });

  it("answers 404 Device not found for an unknown, already removed or another user's device, and leaves that one claimed", async () => {
    const [owner, stranger] = [await signUp(api), await signUp(api)];
    const device = await claimDevice(api, owner.token);
    for (const id of ['NO-SUCH-DEVICE', 'x'])
      expect(await api.delete(`/api/v1/devices/${id}`, { token: owner.token })).toMatchObject({ status: 404, body: { detail: 'Device not found' } });
    expect(await api.delete(`/api/v1/devices/${device.deviceId}`, { token: stranger.token })).toMatchObject({
      status: 404,
      body: { detail: 'Device not found' },
    });
    expect((await api.get('/api/v1/devices/config', { token: device.deviceToken })).status).toBe(200);
    expect((await api.delete(`/api/v1/devices/${device.deviceId}`, { token: owner.token })).status).toBe(204);
    expect(await api.delete(`/api/v1/devices/${device.deviceId}`, { token: owner.token })).toMatchObject({ status: 404, body: { detail: 'Device not found' } });
  });

  it("needs a user token: 401 without, 403 with the device's own token (nothing changes)", async () => {
    const device = await claimDevice(api, (await signUp(api)).token);
    expect(await api.delete(`/api/v1/devices/${device.deviceId}`)).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
    expect(await api.delete(`/api/v1/devices/${device.deviceId}`, { token: device.deviceToken })).toMatchObject({ status: 403, body: REFUSED });
    expect((await api.get('/api/v1/devices/config', { token: device.deviceToken })).status).toBe(200);
  });
});

describe('user routes of the device plane', () => {
  it.each([
    ['POST', '/api/v1/devices/enroll-token'],
    ['GET', '/api/v1/devices'],
    ['DELETE', '/api/v1/devices/SAT-ANY'],
  ])('%s %s: 401 Not authenticated without a token, Invalid token for a malformed one', async (method, path) => {
    expect(await api.call(method, path)).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
    expect(await api.call(method, path, { token: 'not-a-jwt' })).toMatchObject({ status: 401, body: { detail: 'Invalid token' } });
  });
});

describe('device token authentication', () => {
  const DEVICE_ROUTES: [string, string, object?][] = [
    ['GET', '/api/v1/devices/config'],
    ['GET', '/api/v1/devices/commands'],
    ['POST', '/api/v1/devices/state', { source: 'schedule' }],
    ['POST', '/api/v1/readings', { readings: [hvacReading()] }],
  ];

  it.each(DEVICE_ROUTES)(
    '%s %s: 401 Not authenticated without a token, Invalid device token for an unknown one or a user token',
    async (method, path, body) => {
      const user = await signUp(api);
      expect(await api.call(method, path, { body })).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
      expect(await api.call(method, path, { body, token: 'opk_dev_unknown-token' })).toMatchObject({ status: 401, body: INVALID_DEVICE_TOKEN });
      if (path !== '/api/v1/readings')
        expect(await api.call(method, path, { body, token: user.token })).toMatchObject({ status: 401, body: INVALID_DEVICE_TOKEN });
    },
  );

  it.each(DEVICE_ROUTES)('%s %s: 403 once the bound appliance is deleted (the device is claimed but unbound)', async (method, path, body) => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token);
    await api.delete(`/api/v1/appliances/${device.applianceId}`, { token: user.token });
    expect(await api.call(method, path, { body, token: device.deviceToken })).toMatchObject({ status: 403, body: NOT_BOUND });
  });

  it.each([
    ['GET', '/auth/me'],
    ['GET', '/api/v1/appliances'],
    ['POST', '/api/v1/appliances', { appliance_type: 'hvac', name: 'x', config: { entity_id: 'climate.x' } }],
    ['GET', '/api/v1/preferences'],
    ['GET', '/api/v1/rates'],
    ['GET', '/api/v1/integration/health'],
    ['POST', '/api/v1/weather', { forecast: { hourly_temps_f: Array(24).fill(70) } }],
  ])('is refused with 403 on the user route %s %s', async (method, path, body?: object) => {
    const device = await claimDevice(api, (await signUp(api)).token);
    expect(await api.call(method, path, { body, token: device.deviceToken })).toMatchObject({ status: 403, body: REFUSED });
  });

  it('is refused with 403 on the user routes of its own appliance', async () => {
    const device = await claimDevice(api, (await signUp(api)).token);
    for (const [method, path, body] of [
      ['PUT', `/api/v1/appliances/${device.applianceId}`, { name: 'x' }],
      ['GET', `/api/v1/appliances/${device.applianceId}/preferences`],
      ['POST', `/api/v1/appliances/${device.applianceId}/readings`, { readings: [] }],
      ['POST', `/api/v1/appliances/${device.applianceId}/command`, { target_temp_f: 70 }],
    ] as [string, string, object?][]) {
      expect(await api.call(method, path, { body, token: device.deviceToken })).toMatchObject({ status: 403, body: REFUSED });
    }
  });
});

describe('POST /api/v1/readings with a device token', () => {
  it('stores the batch under the bound appliance with source device, without appliance_id even when the account has several HVACs', async () => {
    const user = await signUp(api);
    await setTier(cloud.store, user.email, 'premium');
    const device = await claimDevice(api, user.token);
    await claimDevice(api, user.token);
    expect(await pushReadings(device.deviceToken, [hvacReading(), hvacReading({ appliance_id: device.applianceId })])).toMatchObject({
      status: 201,
      body: { accepted: 2 },
    });
    expect(await rows(cloud, `SELECT appliance_id, source FROM hvac_readings WHERE user_id = $1`, [user.userId])).toEqual([
      { appliance_id: device.applianceId, source: 'device' },
      { appliance_id: device.applianceId, source: 'device' },
    ]);
  });

  it('refuses a reading tagged with another appliance (400) and stores nothing', async () => {
    const user = await signUp(api);
    await setTier(cloud.store, user.email, 'premium');
    const device = await claimDevice(api, user.token);
    const sibling = await claimDevice(api, user.token);
    expect(await pushReadings(device.deviceToken, [hvacReading({ appliance_id: sibling.applianceId })])).toMatchObject({
      status: 400,
      body: { detail: `appliance_id ${sibling.applianceId} is not the appliance this device is bound to` },
    });
    expect(await rows(cloud, `SELECT id FROM hvac_readings WHERE user_id = $1`, [user.userId])).toEqual([]);
  });
});

describe('link health of a satellite-driven HVAC', () => {
  const healthOf = async (token: string) => (await api.get('/api/v1/integration/health', { token })).body.appliances[0];

  it("is judged by the device's contact and its push interval, not the 30-minute rule for hubs", async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token);
    const captured = [55, 50, 45].map((m) => hvacReading({ timestamp: new Date(Date.now() - m * 60_000).toISOString(), indoor_temp: 70 + m / 10 }));
    expect((await pushReadings(device.deviceToken, captured)).status).toBe(201);
    expect(await healthOf(user.token)).toMatchObject({ appliance_id: device.applianceId, status: 'healthy' });
    await cloud.db.query(`UPDATE devices SET last_seen_at = now() - interval '40 minutes' WHERE device_id = $1`, { bind: [device.deviceId] });
    expect(await healthOf(user.token)).toMatchObject({
      status: 'stale_data',
      message: 'The satellite device last contacted the service 40 minutes ago; it normally calls every minute. Check that it has power and WiFi.',
    });
  });

  it('falls back to the hub rule once the device is removed', async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token);
    await pushReadings(device.deviceToken, [hvacReading({ timestamp: new Date(Date.now() - 45 * 60_000).toISOString() })]);
    await api.delete(`/api/v1/devices/${device.deviceId}`, { token: user.token });
    expect(await healthOf(user.token)).toMatchObject({ status: 'stale_data' });
  });
});
