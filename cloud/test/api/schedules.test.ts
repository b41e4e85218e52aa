import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { addAppliance, createAppliance } from '../support/appliances.js';
import { claimDevice } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { hvacBody, insertRow, localToday, localYesterday, rowCount, servedWithoutReasons } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const SLOTS = Array.from({ length: 48 }, (_, i) => i);
const MULTIPLE = 'User has multiple HVAC appliances; pass appliance_id to disambiguate.';
const FOREIGN_DEVICE = 'This device may only read the schedule of its own appliance';
const FOREIGN_ID = '00000000-0000-4000-8000-000000000000';

/** A user (UTC: no ZIP) with one HVAC. */
async function userWithHvac() {
  const user = await signUp(api);
  const hvac = await createAppliance(cloud, user, 'hvac', { name: 'Living room' });
  return { ...user, hvac };
}

/** The band of the default preferences with an away window widened by `half` (savings level). */
const band = (base: number, awayHalf: number) => {
  const away = (i: number) => i >= 16 && i < 34; // 08:00-17:00
  return { high: SLOTS.map((i) => base + (away(i) ? awayHalf : 2)), low: SLOTS.map((i) => base - (away(i) ? awayHalf : 2)) };
};

describe('GET /api/v1/schedule', () => {
  it('answers 401 without a token', async () => {
    expect(await api.get('/api/v1/schedule')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });

  it('answers 404 Appliance not found on an account with no HVAC', async () => {
    const user = await signUp(api);
    await createAppliance(cloud, user, 'ev_charger');
    expect(await api.get('/api/v1/schedule', { token: user.token })).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
  });

  it('without any row answers a defaults body from the preferences, stores nothing, and has no stale field', async () => {
    const user = await userWithHvac();
    await api.put('/api/v1/preferences', { base_temperature: 70, savings_level: 2, optimization_mode: 'auto' }, { token: user.token });
    const res = await api.get('/api/v1/schedule', { token: user.token });
    const { high, low } = band(70, 6);
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      date: localToday(),
      schedule: {
        intervals: SLOTS,
        high_temps: high,
        low_temps: low,
        setpoint_temps: null,
        temp_trajectory: null,
        reasons_48: Array.from({ length: 48 }, () => ({ code: 'not_planned', price_cents: null })),
        summary: `Holds the middle of the comfort band (${Math.min(...low)}-${Math.max(...high)} F): no plan yet while Offpeak learns how the home responds.`,
      },
      mode: 'auto',
      estimated_savings_pct: 0,
      model_confidence: null,
      generated_at: expect.stringMatching(ISO),
      source: 'defaults',
    });
    expect(await rowCount(cloud, user.userId)).toBe(0);
  });

  it("answers today's newest row, without a stale field", async () => {
    const user = await userWithHvac();
    await insertRow(cloud, { user_id: user.userId, appliance_id: user.hvac, local_date: localToday(), schedule: hvacBody(73), mode: 'cool' });
    await insertRow(cloud, {
      user_id: user.userId,
      appliance_id: user.hvac,
      local_date: localToday(),
      schedule: hvacBody(74.5),
      mode: 'heat',
      estimated_savings_pct: 12.5,
      model_confidence: 0.8,
    });
    const res = await api.get('/api/v1/schedule', { token: user.token });
    expect(res.body).toEqual({
      date: localToday(),
      schedule: servedWithoutReasons(hvacBody(74.5)),
      mode: 'heat',
      estimated_savings_pct: 12.5,
      model_confidence: 0.8,
      generated_at: expect.stringMatching(ISO),
      source: 'optimization',
    });
  });

  it("without a row today answers the prior day's newest row with stale: true", async () => {
    const user = await userWithHvac();
    await insertRow(cloud, { user_id: user.userId, appliance_id: user.hvac, local_date: localYesterday(), schedule: hvacBody(72), mode: 'cool' });
    await insertRow(cloud, { user_id: user.userId, appliance_id: user.hvac, local_date: localYesterday(), schedule: hvacBody(71), mode: 'cool' });
    const res = await api.get('/api/v1/schedule', { token: user.token });
    expect(res.body).toMatchObject({ date: localYesterday(), schedule: hvacBody(71), stale: true, source: 'optimization' });
  });

  it('ignores rows older than the prior day (defaults instead)', async () => {
    const user = await userWithHvac();
    await insertRow(cloud, { user_id: user.userId, appliance_id: user.hvac, local_date: '2020-01-01', schedule: hvacBody(72) });
    const res = await api.get('/api/v1/schedule', { token: user.token });
    expect(res.body).toMatchObject({ source: 'defaults', date: localToday() });
    expect(res.body).not.toHaveProperty('stale');
  });

  it('with 2 HVACs needs appliance_id (400), and then answers the chosen one', async () => {
    const user = await userWithHvac();
    const second = await createAppliance(cloud, user, 'hvac', { name: 'Bedroom' });
    await insertRow(cloud, { user_id: user.userId, appliance_id: second, local_date: localToday(), schedule: hvacBody(76) });
    expect(await api.get('/api/v1/schedule', { token: user.token })).toMatchObject({ status: 400, body: { detail: MULTIPLE } });
    expect(await api.get('/api/v1/schedule?appliance_id=', { token: user.token })).toMatchObject({ status: 400, body: { detail: MULTIPLE } });
    expect((await api.get(`/api/v1/schedule?appliance_id=${second}`, { token: user.token })).body).toMatchObject({
      schedule: hvacBody(76),
      source: 'optimization',
    });
    expect((await api.get(`/api/v1/schedule?appliance_id=${user.hvac.toUpperCase()}`, { token: user.token })).body).toMatchObject({ source: 'defaults' });
  });

  it('counts inactive HVACs too: 2 HVACs need appliance_id whatever their state', async () => {
    const user = await userWithHvac();
    await addAppliance(cloud, user.userId, 'hvac', { isActive: false });
    expect(await api.get('/api/v1/schedule', { token: user.token })).toMatchObject({ status: 400, body: { detail: MULTIPLE } });
  });

  it.each([
    ['another user', async () => (await userWithHvac()).hvac],
    ['a malformed id', async () => 'not-a-uuid'],
    ['an unknown id', async () => FOREIGN_ID],
  ])('answers 404 Appliance not found for %s', async (_, idOf) => {
    const user = await userWithHvac();
    const id = await idOf();
    expect(await api.get(`/api/v1/schedule?appliance_id=${id}`, { token: user.token })).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
  });

  it('answers 404 for an appliance_id that is not an HVAC, and for a repeated appliance_id', async () => {
    const user = await userWithHvac();
    const ev = await createAppliance(cloud, user, 'ev_charger');
    expect(await api.get(`/api/v1/schedule?appliance_id=${ev}`, { token: user.token })).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
    expect(await api.get(`/api/v1/schedule?appliance_id=${user.hvac}&appliance_id=${user.hvac}`, { token: user.token })).toMatchObject({ status: 404 });
  });

  it("clamps setpoints into a satellite's claimed range on every pull (the stored row keeps its values)", async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token, { setpoint_min_f: 66, setpoint_max_f: 78 });
    const body = { ...hvacBody(70), setpoint_temps: [60, 90, ...Array(46).fill(70)] };
    await insertRow(cloud, { user_id: user.userId, appliance_id: device.applianceId, local_date: localToday(), schedule: body });
    const res = await api.get('/api/v1/schedule', { token: user.token });
    expect(res.body.schedule.setpoint_temps.slice(0, 3)).toEqual([66, 78, 70]);
    expect(res.body.schedule.temp_trajectory).toEqual(body.temp_trajectory);
  });

  it('keeps the setpoint a bounded satellite applies on a defaults row within its bounds (66-74, base 84, level 3)', async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token, { setpoint_min_f: 66, setpoint_max_f: 74 });
    expect((await api.put('/api/v1/preferences', { base_temperature: 84, savings_level: 3 }, { token: user.token })).status).toBe(200);
    const applied = (schedule: { setpoint_temps: number[] | null; high_temps: number[]; low_temps: number[] }) =>
      schedule.high_temps.map((h, i) => schedule.setpoint_temps?.[i] ?? (h + schedule.low_temps[i]!) / 2);
    // No row yet: the computed defaults body.
    const computed = await api.get('/api/v1/schedule', { token: device.deviceToken });
    expect(computed.body).toMatchObject({ source: 'defaults', schedule: { setpoint_temps: null } });
    for (const t of applied(computed.body.schedule)) expect(t >= 66 && t <= 74, `applies ${t}`).toBe(true);
    // Warm-up: the recompute stores a defaults row; every pull of it is bounded too.
    expect((await api.post('/api/v1/schedule/recompute', undefined, { token: user.token })).body.results[0].status).toBe('calibrating');
    for (const path of ['/api/v1/schedule', `/api/v1/appliances/${device.applianceId}/schedule`]) {
      const res = await api.get(path, { token: device.deviceToken });
      expect(res.body).toMatchObject({ source: 'defaults', schedule: { setpoint_temps: null } });
      for (const t of applied(res.body.schedule)) expect(t >= 66 && t <= 74, `${path} applies ${t}`).toBe(true);
    }
  });

  it("a device token reads its own appliance's schedule, and 403 for another appliance_id", async () => {
    const user = await userWithHvac();
    const device = await claimDevice(api, user.token);
    await insertRow(cloud, { user_id: user.userId, appliance_id: device.applianceId, local_date: localToday(), schedule: hvacBody(73) });
    // Two HVACs on the account (createAppliance made it premium): the device needs no appliance_id.
    expect((await api.get('/api/v1/schedule', { token: device.deviceToken })).body).toMatchObject({ schedule: hvacBody(73) });
    expect((await api.get(`/api/v1/schedule?appliance_id=${device.applianceId}`, { token: device.deviceToken })).status).toBe(200);
    expect(await api.get(`/api/v1/schedule?appliance_id=${user.hvac}`, { token: device.deviceToken })).toMatchObject({
      status: 403,
      body: { detail: FOREIGN_DEVICE },
    });
  });
});

describe('GET /api/v1/appliances/{id}/schedule', () => {
  it('without a row answers the defaults entry: schedule {}, savings_pct 0, entities and HVAC link health', async () => {
    const user = await userWithHvac();
    const res = await api.get(`/api/v1/appliances/${user.hvac}/schedule`, { token: user.token });
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      appliance_id: user.hvac,
      appliance_type: 'hvac',
      name: 'Living room',
      date: localToday(),
      schedule: {},
      savings_pct: 0,
      source: 'defaults',
      entities: { entity_id: 'climate.living_room' },
      integration_health: expect.objectContaining({ appliance_id: user.hvac, name: 'Living room', status: 'no_data', lookback_hours: 6, sample_count: 0 }),
    });
  });

  it('has no entities block for solar and no link health for non-HVAC types', async () => {
    const user = await signUp(api);
    const solar = await createAppliance(cloud, user, 'solar', { name: 'Roof' });
    const ev = await createAppliance(cloud, user, 'ev_charger', { name: 'Car' });
    const solarBody = (await api.get(`/api/v1/appliances/${solar}/schedule`, { token: user.token })).body;
    expect(solarBody).toEqual({
      appliance_id: solar,
      appliance_type: 'solar',
      name: 'Roof',
      date: localToday(),
      schedule: {},
      savings_pct: 0,
      source: 'defaults',
    });
    const evBody = (await api.get(`/api/v1/appliances/${ev}/schedule`, { token: user.token })).body;
    expect(evBody).toMatchObject({ entities: { entity_id: 'switch.ev_charger' } });
    expect(evBody).not.toHaveProperty('integration_health');
  });

  it("answers today's newest row with its savings_pct", async () => {
    const user = await signUp(api);
    const ev = await createAppliance(cloud, user, 'ev_charger', { name: 'Car' });
    const schedule = { intervals: Array(48).fill(false), value_trajectory: Array(48).fill(50), unit: 'percent' };
    await insertRow(cloud, { user_id: user.userId, appliance_id: ev, local_date: localYesterday(), schedule: { ...schedule, unit: 'old' } });
    await insertRow(cloud, { user_id: user.userId, appliance_id: ev, local_date: localToday(), schedule, savings_pct: 21.4 });
    const res = await api.get(`/api/v1/appliances/${ev}/schedule`, { token: user.token });
    expect(res.body).toEqual({
      appliance_id: ev,
      appliance_type: 'ev_charger',
      name: 'Car',
      date: localToday(),
      schedule: servedWithoutReasons(schedule),
      savings_pct: 21.4,
      source: 'optimization',
      entities: { entity_id: 'switch.ev_charger' },
    });
  });

  it.each([
    ['another user', async () => (await userWithHvac()).hvac],
    ['a malformed id', async () => 'nope'],
    ['an unknown id', async () => FOREIGN_ID],
  ])('answers 404 Appliance not found for %s', async (_, idOf) => {
    const user = await userWithHvac();
    expect(await api.get(`/api/v1/appliances/${await idOf()}/schedule`, { token: user.token })).toMatchObject({
      status: 404,
      body: { detail: 'Appliance not found' },
    });
  });

  it('a device token reads only its own appliance (403 otherwise), clamped to its claimed range', async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token, { setpoint_min_f: 68, setpoint_max_f: 76 });
    const ev = await createAppliance(cloud, user, 'ev_charger');
    await insertRow(cloud, { user_id: user.userId, appliance_id: device.applianceId, local_date: localToday(), schedule: hvacBody(80) });
    const own = await api.get(`/api/v1/appliances/${device.applianceId}/schedule`, { token: device.deviceToken });
    expect(own).toMatchObject({ status: 200, body: { appliance_id: device.applianceId, source: 'optimization' } });
    expect(own.body.schedule.setpoint_temps).toEqual(Array(48).fill(76));
    expect(own.body).not.toHaveProperty('entities.entity_id');
    expect(await api.get(`/api/v1/appliances/${ev}/schedule`, { token: device.deviceToken })).toMatchObject({ status: 403, body: { detail: FOREIGN_DEVICE } });
    expect(await api.get(`/api/v1/appliances/${FOREIGN_ID}/schedule`, { token: device.deviceToken })).toMatchObject({ status: 403 });
    expect((await api.get(`/api/v1/appliances/${ev}/schedule`, { token: user.token })).status).toBe(200);
  });
});

describe('GET /api/v1/schedules', () => {
  it('lists the active appliances with their entries, effective switches and the health block', async () => {
    const user = await userWithHvac();
    const ev = await createAppliance(cloud, user, 'ev_charger', { name: 'Car' });
    const solar = await createAppliance(cloud, user, 'solar', { name: 'Roof' });
    await createAppliance(cloud, user, 'robot', { isActive: false });
    await api.put(`/api/v1/appliances/${user.hvac}/preferences`, { optimization_enabled: false }, { token: user.token });
    await insertRow(cloud, { user_id: user.userId, appliance_id: ev, local_date: localToday(), schedule: { intervals: [], unit: 'percent' }, savings_pct: 5 });
    const res = await api.get('/api/v1/schedules', { token: user.token });
    const health = (await api.get('/api/v1/integration/health', { token: user.token })).body;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: localToday(),
      appliances: [
        expect.objectContaining({
          appliance_id: user.hvac,
          appliance_type: 'hvac',
          schedule: {},
          source: 'defaults',
          savings_pct: 0,
          optimization_enabled: false,
          entities: { entity_id: 'climate.living_room' },
          integration_health: health.appliances[0],
        }),
        {
          appliance_id: ev,
          appliance_type: 'ev_charger',
          name: 'Car',
          schedule: servedWithoutReasons({ intervals: [], unit: 'percent' }),
          savings_pct: 5,
          source: 'optimization',
          optimization_enabled: true,
          entities: { entity_id: 'switch.ev_charger' },
        },
        { appliance_id: solar, appliance_type: 'solar', name: 'Roof', schedule: {}, savings_pct: 0, source: 'defaults', optimization_enabled: true },
      ],
      optimization_enabled: true,
      integration_health: { ...health, appliances: [expect.objectContaining({ appliance_id: user.hvac })] },
      // No plan of the home yet (rows inserted by hand): the home block is null.
      home: null,
      // Only the car has a row today: when and why it was made.
      made: [{ appliance_id: ev, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), trigger: 'recompute', changes: [] }],
    });
  });

  it('with the master switch off, every entry and the top level say false', async () => {
    const user = await userWithHvac();
    await createAppliance(cloud, user, 'ev_charger');
    await api.put('/api/v1/preferences', { optimization_enabled: false }, { token: user.token });
    const res = await api.get('/api/v1/schedules', { token: user.token });
    expect(res.body.optimization_enabled).toBe(false);
    expect(res.body.appliances.map((a: { optimization_enabled: boolean }) => a.optimization_enabled)).toEqual([false, false]);
  });

  it('answers an empty list and the no_data health block for an account without appliances', async () => {
    const user = await signUp(api);
    const res = await api.get('/api/v1/schedules', { token: user.token });
    expect(res.body).toMatchObject({
      date: localToday(),
      appliances: [],
      optimization_enabled: true,
      integration_health: { status: 'no_data', appliances: [] },
    });
  });

  it('answers 401 without a token', async () => {
    expect(await api.get('/api/v1/schedules')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });
});

describe('GET /api/v1/schedules/updated-at', () => {
  it('is null with nothing scheduled today (rows of other days do not count)', async () => {
    const user = await userWithHvac();
    await insertRow(cloud, { user_id: user.userId, appliance_id: user.hvac, local_date: localYesterday(), schedule: hvacBody(72) });
    expect(await api.get('/api/v1/schedules/updated-at', { token: user.token })).toMatchObject({ status: 200, body: { updated_at: null } });
  });

  it("is the newest write time of today's rows", async () => {
    const user = await userWithHvac();
    await insertRow(cloud, { user_id: user.userId, appliance_id: user.hvac, local_date: localToday(), schedule: hvacBody(72) });
    const first = (await api.get('/api/v1/schedules/updated-at', { token: user.token })).body.updated_at;
    expect(first).toMatch(ISO);
    await insertRow(cloud, { user_id: user.userId, appliance_id: user.hvac, local_date: localToday(), schedule: hvacBody(73) });
    const second = (await api.get('/api/v1/schedules/updated-at', { token: user.token })).body.updated_at;
    expect(new Date(second).getTime()).toBeGreaterThan(new Date(first).getTime());
    // Only the caller's rows count.
    const other = await userWithHvac();
    expect((await api.get('/api/v1/schedules/updated-at', { token: other.token })).body).toEqual({ updated_at: null });
  });

  it('answers 401 without a token', async () => {
    expect(await api.get('/api/v1/schedules/updated-at')).toMatchObject({ status: 401 });
  });
});
