import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { setTier } from '../../src/services/admin.js';
import { addAppliance } from '../support/appliances.js';
import { claimDevice, enrollToken, uniqueDeviceId } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HVAC_TYPE_DETAIL = 'hvac_type must be one of central_ac, window_ac, heat_pump, furnace, mini_split';
const CLAIMED_DETAIL = 'Device already claimed; its owner must remove it before it can be claimed again';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const claim = (body: unknown) => api.post('/api/v1/devices/claim', body);
const claimBody = (code: string, fields: Record<string, unknown> = {}) => ({
  enroll_token: code,
  device_id: uniqueDeviceId(),
  name: 'Bedroom AC',
  hvac_type: 'mini_split',
  ...fields,
});

/** What an account has stored on the device plane: appliances, devices, and its codes' state. */
async function stored(userId: string) {
  const [row] = await rows<{ appliances: number; devices: number; used_codes: number }>(
    cloud,
    `SELECT (SELECT count(*) FROM appliances WHERE user_id = $1)::int AS appliances,
            (SELECT count(*) FROM devices WHERE user_id = $1)::int AS devices,
            (SELECT count(*) FROM enroll_tokens WHERE user_id = $1 AND used_at IS NOT NULL)::int AS used_codes`,
    [userId],
  );
  return row!;
}

const appliancesOf = async (token: string) => (await api.get('/api/v1/appliances', { token })).body as Record<string, any>[];

describe('POST /api/v1/devices/enroll-token', () => {
  it('returns a claim code once, valid 15 minutes, stored only as a hash', async () => {
    const user = await signUp(api);
    const before = Date.now();
    const res = await api.post('/api/v1/devices/enroll-token', undefined, { token: user.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['enroll_token', 'expires_at']);
    expect(res.body.enroll_token).toMatch(/^opk_claim_[\w-]{43}$/);
    const expiresMs = Date.parse(res.body.expires_at);
    expect(expiresMs - before).toBeGreaterThanOrEqual(15 * 60_000);
    expect(expiresMs - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const [code] = await rows<Record<string, unknown>>(cloud, `SELECT * FROM enroll_tokens WHERE user_id = $1`, [user.userId]);
    expect(code).toMatchObject({ token_hash: sha256(res.body.enroll_token), used_at: null });
    expect(JSON.stringify(code)).not.toContain(res.body.enroll_token);
  });

  it('mints a different code on every call', async () => {
    const user = await signUp(api);
    expect(await enrollToken(api, user.token)).not.toBe(await enrollToken(api, user.token));
  });

  it('needs a user token: 401 without one, 403 with a device token', async () => {
    expect(await api.post('/api/v1/devices/enroll-token')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
    const user = await signUp(api);
    const device = await claimDevice(api, user.token);
    expect(await api.post('/api/v1/devices/enroll-token', undefined, { token: device.deviceToken })).toMatchObject({
      status: 403,
      body: { detail: 'Device tokens cannot call this endpoint; use a user access token' },
    });
  });
});

describe('POST /api/v1/devices/claim', () => {
  it('creates the HVAC with ir_protocol and the bounds, binds the device and returns the token once', async () => {
    const user = await signUp(api);
    const body = claimBody(await enrollToken(api, user.token), {
      name: '  Office split  ',
      hvac_type: 'heat_pump',
      ir_protocol: 'daikin_arc452',
      setpoint_min_f: 64,
      setpoint_max_f: 80,
    });
    const res = await claim(body);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['appliance_id', 'device_id', 'device_token']);
    expect(res.body).toMatchObject({
      device_id: body.device_id,
      appliance_id: expect.stringMatching(UUID),
      device_token: expect.stringMatching(/^opk_dev_[\w-]{43}$/),
    });
    expect(await appliancesOf(user.token)).toEqual([
      expect.objectContaining({
        id: res.body.appliance_id,
        appliance_type: 'hvac',
        name: 'Office split',
        config: { hvac_type: 'heat_pump', ir_protocol: 'daikin_arc452', setpoint_min_f: 64, setpoint_max_f: 80 },
        is_active: true,
      }),
    ]);
    const [device] = await rows<Record<string, unknown>>(cloud, `SELECT * FROM devices WHERE device_id = $1`, [body.device_id]);
    expect(device).toMatchObject({ user_id: user.userId, appliance_id: res.body.appliance_id, token_hash: sha256(res.body.device_token) });
    expect(JSON.stringify(device)).not.toContain(res.body.device_token);
    expect(await stored(user.userId)).toEqual({ appliances: 1, devices: 1, used_codes: 1 });
  });

  it('stores only the bounds that were sent', async () => {
    const user = await signUp(api);
    const { applianceId } = await claimDevice(api, user.token, { hvac_type: 'window_ac', setpoint_max_f: 82 });
    expect((await appliancesOf(user.token)).find((a) => a.id === applianceId)!.config).toEqual({ hvac_type: 'window_ac', setpoint_max_f: 82 });
  });

  it.each([
    [[], 'request body must be a JSON object'],
    [{ enroll_token: undefined }, 'enroll_token is required'],
    [{ enroll_token: 42 }, 'enroll_token must be a string'],
    [{ device_id: undefined }, 'device_id is required'],
    [{ device_id: 'ab' }, 'device_id must be 3-128 characters'],
    [{ device_id: 'x'.repeat(129) }, 'device_id must be 3-128 characters'],
    [{ device_id: 12345 }, 'device_id must be a string'],
    [{ name: '' }, 'name is required'],
    [{ name: '   ' }, 'name must be 1-200 characters'],
    [{ name: 'n'.repeat(201) }, 'name must be 1-200 characters'],
    [{ hvac_type: undefined }, 'hvac_type is required'],
    [{ ir_protocol: 'p'.repeat(101) }, 'ir_protocol must be at most 100 characters'],
    [{ setpoint_min_f: 39 }, 'setpoint_min_f must be an integer between 40 and 99'],
    [{ setpoint_min_f: 70.5 }, 'setpoint_min_f must be an integer between 40 and 99'],
    [{ setpoint_min_f: '70' }, 'setpoint_min_f must be an integer between 40 and 99'],
    [{ setpoint_max_f: 100 }, 'setpoint_max_f must be an integer between 40 and 99'],
  ])('answers 400 for %j and stores nothing, leaving the code unused', async (fields, detail) => {
    const user = await signUp(api);
    const code = await enrollToken(api, user.token);
    const body = Array.isArray(fields) ? fields : { ...claimBody(code), ...fields };
    expect(await claim(body)).toMatchObject({ status: 400, body: { detail } });
    expect(await stored(user.userId)).toEqual({ appliances: 0, devices: 0, used_codes: 0 });
    expect((await claim(claimBody(code))).status).toBe(200);
  });

  it.each([
    [{ hvac_type: 'boiler' }, HVAC_TYPE_DETAIL],
    [{ hvac_type: 'Mini_Split' }, HVAC_TYPE_DETAIL],
    [{ setpoint_min_f: 80, setpoint_max_f: 70 }, 'setpoint_min_f (80) must not be above setpoint_max_f (70)'],
    [{ setpoint_min_f: 90 }, 'setpoint_min_f (90) must not be above setpoint_max_f (86, the default)'],
    [{ setpoint_max_f: 55 }, 'setpoint_min_f (61, the default) must not be above setpoint_max_f (55)'],
  ])('answers 422 for %j and stores nothing', async (fields, detail) => {
    const user = await signUp(api);
    const code = await enrollToken(api, user.token);
    expect(await claim(claimBody(code, fields))).toMatchObject({ status: 422, body: { detail } });
    expect(await stored(user.userId)).toEqual({ appliances: 0, devices: 0, used_codes: 0 });
  });

  it('accepts equal bounds and every hvac_type including mini_split', async () => {
    const user = await signUp(api, {});
    await setTier(cloud.store, user.email, 'premium');
    for (const hvac_type of ['central_ac', 'window_ac', 'heat_pump', 'furnace', 'mini_split']) {
      expect((await claim(claimBody(await enrollToken(api, user.token), { hvac_type, setpoint_min_f: 70, setpoint_max_f: 70 }))).status).toBe(200);
    }
    expect(await stored(user.userId)).toEqual({ appliances: 5, devices: 5, used_codes: 5 });
  });

  it('refuses an unknown code: 400 Invalid enrollment token', async () => {
    expect(await claim(claimBody('opk_claim_not-a-code'))).toMatchObject({ status: 400, body: { detail: 'Invalid enrollment token' } });
  });

  it('is single use: 400 Enrollment token already used, nothing more stored', async () => {
    const user = await signUp(api);
    const code = await enrollToken(api, user.token);
    expect((await claim(claimBody(code))).status).toBe(200);
    expect(await claim(claimBody(code))).toMatchObject({ status: 400, body: { detail: 'Enrollment token already used' } });
    expect(await stored(user.userId)).toEqual({ appliances: 1, devices: 1, used_codes: 1 });
  });

  it('expires after 15 minutes: 400 Enrollment token expired', async () => {
    const user = await signUp(api);
    const code = await enrollToken(api, user.token);
    await cloud.db.query(`UPDATE enroll_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, { bind: [sha256(code)] });
    expect(await claim(claimBody(code))).toMatchObject({ status: 400, body: { detail: 'Enrollment token expired' } });
    expect(await stored(user.userId)).toEqual({ appliances: 0, devices: 0, used_codes: 0 });
  });

  it('checks the code before the device: a used code on a claimed device_id is 400, not 409', async () => {
    const user = await signUp(api);
    await setTier(cloud.store, user.email, 'premium');
    const code = await enrollToken(api, user.token);
    const { deviceId } = await claimDevice(api, user.token);
    expect((await claim(claimBody(code))).status).toBe(200);
    expect(await claim(claimBody(code, { device_id: deviceId }))).toMatchObject({ status: 400, body: { detail: 'Enrollment token already used' } });
  });

  it('answers 409 for a claimed device_id, to its owner and to anyone else, and leaves the code unused', async () => {
    const owner = await signUp(api);
    const other = await signUp(api);
    await setTier(cloud.store, owner.email, 'premium');
    const { deviceId } = await claimDevice(api, owner.token);
    for (const user of [owner, other]) {
      const code = await enrollToken(api, user.token);
      expect(await claim(claimBody(code, { device_id: deviceId }))).toMatchObject({ status: 409, body: { detail: CLAIMED_DETAIL } });
      expect((await claim(claimBody(code))).status).toBe(200);
    }
    expect(await stored(other.userId)).toEqual({ appliances: 1, devices: 1, used_codes: 1 });
  });

  it('on a free account with an HVAC: 403 Upgrade required, the code stays unused and works after an upgrade', async () => {
    const user = await signUp(api);
    await addAppliance(cloud, user.userId, 'hvac');
    const code = await enrollToken(api, user.token);
    const body = claimBody(code);
    expect(await claim(body)).toMatchObject({ status: 403, body: { detail: 'Upgrade required' } });
    expect(await stored(user.userId)).toEqual({ appliances: 1, devices: 0, used_codes: 0 });
    await setTier(cloud.store, user.email, 'premium');
    expect((await claim(body)).status).toBe(200);
  });

  it('lets one of two concurrent claims with one code win; the other is told the code is used', async () => {
    const user = await signUp(api);
    const code = await enrollToken(api, user.token);
    const results = await Promise.all([claim(claimBody(code)), claim(claimBody(code))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body).toEqual({ detail: 'Enrollment token already used' });
    expect(await stored(user.userId)).toEqual({ appliances: 1, devices: 1, used_codes: 1 });
  });

  it('lets one of two concurrent claims of one new device_id win; the other gets 409 and keeps its code', async () => {
    const [a, b] = [await signUp(api), await signUp(api)];
    const deviceId = uniqueDeviceId();
    const results = await Promise.all([a, b].map(async (u) => claim(claimBody(await enrollToken(api, u.token), { device_id: deviceId }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const counts = [await stored(a.userId), await stored(b.userId)];
    expect(counts).toEqual(
      expect.arrayContaining([
        { appliances: 1, devices: 1, used_codes: 1 },
        { appliances: 0, devices: 0, used_codes: 0 },
      ]),
    );
  });

  it('needs no token (the code is the proof) and ignores a user token', async () => {
    const user = await signUp(api);
    const res = await api.post('/api/v1/devices/claim', claimBody(await enrollToken(api, user.token)), { token: user.token });
    expect(res.status).toBe(200);
  });
});

describe('claiming again after DELETE', () => {
  it('by the same account rebinds the former appliance (no second HVAC, even on the free tier) with the new satellite facts', async () => {
    const user = await signUp(api);
    const first = await claimDevice(api, user.token, { hvac_type: 'window_ac', ir_protocol: 'nec', setpoint_min_f: 62, setpoint_max_f: 84 });
    await api.put(`/api/v1/appliances/${first.applianceId}`, { name: 'Renamed by the user' }, { token: user.token });
    expect((await api.delete(`/api/v1/devices/${first.deviceId}`, { token: user.token })).status).toBe(204);
    const again = await claim(
      claimBody(await enrollToken(api, user.token), { device_id: first.deviceId, name: 'Fresh name', hvac_type: 'mini_split', setpoint_min_f: 65 }),
    );
    expect(again.status).toBe(200);
    expect(again.body.appliance_id).toBe(first.applianceId);
    expect(again.body.device_token).not.toBe(first.deviceToken);
    expect(await appliancesOf(user.token)).toEqual([
      expect.objectContaining({ id: first.applianceId, name: 'Renamed by the user', config: { hvac_type: 'mini_split', setpoint_min_f: 65 } }),
    ]);
    expect((await api.get('/api/v1/devices/config', { token: again.body.device_token })).status).toBe(200);
    expect((await api.get('/api/v1/devices/config', { token: first.deviceToken })).status).toBe(401);
  });

  it('by the same account creates a new HVAC when the former appliance was deleted', async () => {
    const user = await signUp(api);
    const first = await claimDevice(api, user.token);
    await api.delete(`/api/v1/devices/${first.deviceId}`, { token: user.token });
    await api.delete(`/api/v1/appliances/${first.applianceId}`, { token: user.token });
    const again = await claim(claimBody(await enrollToken(api, user.token), { device_id: first.deviceId }));
    expect(again.status).toBe(200);
    expect(again.body.appliance_id).not.toBe(first.applianceId);
    expect((await appliancesOf(user.token)).map((a) => a.id)).toEqual([again.body.appliance_id]);
  });

  it('by another account creates a new HVAC for that account; the former owner keeps theirs', async () => {
    const [a, b] = [await signUp(api), await signUp(api)];
    const first = await claimDevice(api, a.token);
    await api.delete(`/api/v1/devices/${first.deviceId}`, { token: a.token });
    const again = await claim(claimBody(await enrollToken(api, b.token), { device_id: first.deviceId }));
    expect(again.status).toBe(200);
    expect(again.body.appliance_id).not.toBe(first.applianceId);
    expect((await appliancesOf(b.token)).map((x) => x.id)).toEqual([again.body.appliance_id]);
    expect((await appliancesOf(a.token)).map((x) => x.id)).toEqual([first.applianceId]);
    expect((await api.get('/api/v1/devices', { token: a.token })).body).toEqual([]);
  });
});
