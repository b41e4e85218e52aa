import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { setTier } from '../../src/services/admin.js';
import type { PlanningChange } from '../../src/services/planning-events.js';
import { addAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

const TYPE_DETAIL = "appliance_type must be one of ('hvac', 'ev_charger', 'home_battery', 'water_heater', 'solar', 'dehumidifier', 'robot')";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A full valid config per type, every documented field set. */
const FULL_CONFIGS = {
  hvac: { hvac_type: 'heat_pump', home_size_sqft: 1800, entity_id: 'climate.living_room', indoor_temp_entity_id: 'sensor.living_temp' },
  ev_charger: { battery_capacity_kwh: 75, max_charge_rate_kw: 11, efficiency: 0.9, entity_id: 'switch.ev', soc_entity_id: 'sensor.ev_soc' },
  home_battery: { capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5, entity_id: 'select.battery_mode', soc_entity_id: null },
  water_heater: { tank_size_gallons: 50, element_watts: 4500, insulation_factor: 0.02, entity_id: 'climate.tank', temp_entity_id: 'sensor.tank' },
  solar: { system_size_kw: 7.2, azimuth_degrees: 190, tilt_degrees: 25, production_sensor_entity_id: 'sensor.pv_power' },
  dehumidifier: {
    entity_id: 'humidifier.basement',
    indoor_temp_entity_id: 'sensor.basement_temp',
    indoor_humidity_entity_id: 'sensor.basement_rh',
    power_sensor_entity_id: null,
    capacity_pints_per_day: 50,
  },
  robot: { battery_capacity_kwh: 0.1, max_charge_rate_kw: 0.05, entity_id: 'lawn_mower.garden', soc_entity_id: 'sensor.mower_battery' },
} as const;

let cloud: RunningCloud;
let api: ApiClient;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
const events: [string, PlanningChange][] = [];

// The cloud reaches its database through a proxy so one test can cut it (DELETE during an outage).
beforeAll(async () => {
  const direct = new URL(await createTestDatabase());
  proxy = await startTcpProxy(Number(direct.port));
  direct.port = String(proxy.port);
  cloud = await startTestCloud({ databaseUrl: direct.toString() });
  api = apiClient(cloud.url);
  cloud.services.planningEvents.subscribe((userId, reason) => events.push([userId, reason]));
});
afterAll(async () => {
  proxy.restore();
  await cloud.stop();
  await proxy.close();
});

async function create(
  token: string,
  appliance_type: string,
  config: object = FULL_CONFIGS[appliance_type as keyof typeof FULL_CONFIGS],
  name = `my ${appliance_type}`,
) {
  return api.post('/api/v1/appliances', { appliance_type, name, config }, { token });
}

async function createId(token: string, appliance_type: keyof typeof FULL_CONFIGS, config?: object): Promise<string> {
  const res = await create(token, appliance_type, config);
  expect(res.status).toBe(201);
  return res.body.appliance_id;
}

const list = async (token: string) => (await api.get('/api/v1/appliances', { token })).body as Record<string, unknown>[];
const eventsOf = (userId: string) => events.filter(([u]) => u === userId).map(([, reason]) => reason);

describe('POST /api/v1/appliances', () => {
  it.each(Object.keys(FULL_CONFIGS))('creates a %s with its full config (201, appliance_id) and lists it', async (type) => {
    const { token, userId } = await signUp(api);
    const before = Date.now();
    const res = await create(token, type);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['appliance_id']);
    expect(res.body.appliance_id).toMatch(UUID);
    const [appliance] = await list(token);
    expect(appliance).toEqual({
      id: res.body.appliance_id,
      user_id: userId,
      appliance_type: type,
      name: `my ${type}`,
      config: FULL_CONFIGS[type as keyof typeof FULL_CONFIGS],
      is_active: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.parse(appliance!.created_at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(eventsOf(userId)).toEqual(['appliances']);
  });

  it('accepts the minimal config, trims the name and drops unknown config keys', async () => {
    const { token } = await signUp(api);
    await createId(token, 'ev_charger', { entity_id: 'switch.ev', colour: 'red', efficiency: 0.5 });
    const res = await create(token, 'robot', { entity_id: 'vacuum.kitchen' }, '  Robbie  ');
    expect(res.status).toBe(201);
    expect((await list(token)).map((a) => [a.name, a.config])).toEqual([
      ['my ev_charger', { entity_id: 'switch.ev', efficiency: 0.5 }],
      ['Robbie', { entity_id: 'vacuum.kitchen' }],
    ]);
  });

  it.each([
    [{ name: 'x', config: {} }, TYPE_DETAIL],
    [{ appliance_type: 'heater', name: 'x', config: {} }, TYPE_DETAIL],
    [{ appliance_type: 'HVAC', name: 'x', config: {} }, TYPE_DETAIL],
    [{ appliance_type: 7, name: 'x', config: {} }, TYPE_DETAIL],
    [{ appliance_type: 'solar', config: {} }, 'name is required'],
    [{ appliance_type: 'solar', name: '   ', config: {} }, 'name must not be empty'],
    [{ appliance_type: 'solar', name: 12, config: {} }, 'name must be a string'],
    [{ appliance_type: 'solar', name: 'x'.repeat(201), config: {} }, 'name must be at most 200 characters'],
    [{ appliance_type: 'solar', name: 'x' }, 'config is required'],
    [{ appliance_type: 'solar', name: 'x', config: null }, 'config is required'],
    [{ appliance_type: 'solar', name: 'x', config: [] }, 'config must be an object'],
    [{ appliance_type: 'solar', name: 'x', config: 'tilt=20' }, 'config must be an object'],
    [{ appliance_type: 'hvac', name: 'x', config: {} }, 'entity_id: is required'],
    [{ appliance_type: 'hvac', name: 'x', config: { entity_id: 'switch.ac' } }, 'entity_id: must be a climate.* entity id'],
    [
      { appliance_type: 'hvac', name: 'x', config: { entity_id: 'climate.a', hvac_type: 'boiler' } },
      "hvac_type: must be one of ('central_ac', 'window_ac', 'heat_pump', 'furnace', 'mini_split')",
    ],
    [
      { appliance_type: 'ev_charger', name: 'x', config: { entity_id: 'switch.ev', battery_capacity_kwh: 301 } },
      'battery_capacity_kwh: must be between 0 and 300',
    ],
    [{ appliance_type: 'ev_charger', name: 'x', config: { entity_id: 'switch.ev', efficiency: '0.9' } }, 'efficiency: must be a number'],
    [{ appliance_type: 'water_heater', name: 'x', config: { entity_id: 'sensor.tank' } }, 'entity_id: must be a switch.* or climate.* entity id'],
    [{ appliance_type: 'dehumidifier', name: 'x', config: { entity_id: 'humidifier.d' } }, 'indoor_temp_entity_id: is required'],
    [
      { appliance_type: 'robot', name: 'x', config: { entity_id: 'vacuum.k', battery_capacity_kwh: 0 } },
      'battery_capacity_kwh: must be greater than 0 and at most 10',
    ],
    [{ appliance_type: 'solar', name: 'x', config: { tilt_degrees: 91 } }, 'tilt_degrees: must be between 0 and 90'],
  ])('rejects %j with 400 %s and stores nothing', async (body, detail) => {
    const { token, userId } = await signUp(api);
    expect(await api.post('/api/v1/appliances', body, { token })).toMatchObject({ status: 400, body: { detail } });
    expect(await list(token)).toEqual([]);
    expect(eventsOf(userId)).toEqual([]);
  });

  it('rejects a body that is not an object', async () => {
    const { token } = await signUp(api);
    expect(await api.post('/api/v1/appliances', [{ appliance_type: 'solar' }], { token })).toMatchObject({
      status: 400,
      body: { detail: 'request body must be a JSON object' },
    });
  });

  it('rejects a non-finite number (1e999 parses to Infinity) naming the field', async () => {
    const { token } = await signUp(api);
    const rawBody = '{"appliance_type":"solar","name":"pv","config":{"system_size_kw":1e999}}';
    const res = await api.call('POST', '/api/v1/appliances', { token, rawBody, headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 400, body: { detail: 'system_size_kw: must be between 0 and 100' } });
  });

  it('requires a user token', async () => {
    expect(await create('', 'solar')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });

  describe('free-tier HVAC limit', () => {
    it('refuses a second HVAC with 403 Upgrade required, leaving the first alone', async () => {
      const { token } = await signUp(api);
      const first = await createId(token, 'hvac');
      expect(await create(token, 'hvac', { entity_id: 'climate.bedroom' })).toMatchObject({ status: 403, body: { detail: 'Upgrade required' } });
      expect((await list(token)).map((a) => a.id)).toEqual([first]);
    });

    it('counts an inactive HVAC too', async () => {
      const { token } = await signUp(api);
      const first = await createId(token, 'hvac');
      expect((await api.put(`/api/v1/appliances/${first}`, { is_active: false }, { token })).status).toBe(200);
      expect(await create(token, 'hvac')).toMatchObject({ status: 403, body: { detail: 'Upgrade required' } });
    });

    it('counts a satellite HVAC (no entity_id) too', async () => {
      const { token, userId } = await signUp(api);
      await addAppliance(cloud, userId, 'hvac');
      expect(await create(token, 'hvac')).toMatchObject({ status: 403, body: { detail: 'Upgrade required' } });
    });

    it('does not limit other types on the free tier', async () => {
      const { token } = await signUp(api);
      await createId(token, 'hvac');
      for (let i = 0; i < 3; i++) await createId(token, 'ev_charger');
      await createId(token, 'dehumidifier');
      expect(await list(token)).toHaveLength(5);
    });

    it('allows any number of HVACs on premium', async () => {
      const { token, email } = await signUp(api);
      await setTier(cloud.store, email, 'premium');
      for (let i = 0; i < 3; i++) await createId(token, 'hvac');
      expect(await list(token)).toHaveLength(3);
    });

    it('lets exactly one of several concurrent HVAC creates through', async () => {
      const { token, userId } = await signUp(api);
      // Warm the connection pool first, so the creates really overlap in the database.
      await Promise.all(Array.from({ length: 10 }, () => list(token)));
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => create(token, 'hvac', { entity_id: `climate.unit_${i}` })));
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 403)).toHaveLength(19);
      const [count] = await rows<{ n: number }>(cloud, `SELECT count(*)::int AS n FROM appliances WHERE user_id = $1`, [userId]);
      expect(count!.n).toBe(1);
    });
  });
});

describe('GET /api/v1/appliances', () => {
  it("lists only the caller's appliances, oldest first, without constraints", async () => {
    const a = await signUp(api);
    const b = await signUp(api);
    const ids = [await createId(a.token, 'solar'), await createId(a.token, 'hvac'), await createId(a.token, 'robot')];
    await createId(b.token, 'solar');
    await api.post(`/api/v1/appliances/${ids[2]}/constraints`, { target_charge_pct: 80 }, { token: a.token });
    const mine = await list(a.token);
    expect(mine.map((x) => x.id)).toEqual(ids);
    expect(mine.every((x) => x.user_id === a.userId && !('constraints' in x))).toBe(true);
    expect(await list(b.token)).toHaveLength(1);
  });

  it('is empty for a new account', async () => {
    const { token } = await signUp(api);
    expect(await api.get('/api/v1/appliances', { token })).toMatchObject({ status: 200, body: [] });
  });
});

describe('PUT /api/v1/appliances/{id}', () => {
  it('renames (trimmed) and returns the Appliance', async () => {
    const { token, userId } = await signUp(api);
    const id = await createId(token, 'solar');
    events.length = 0;
    const res = await api.put(`/api/v1/appliances/${id}`, { name: ' Roof PV ' }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...(await list(token))[0], name: 'Roof PV' });
    expect(res.body).toMatchObject({ id, user_id: userId, appliance_type: 'solar', config: FULL_CONFIGS.solar, is_active: true });
    expect(eventsOf(userId)).toEqual(['appliances']);
  });

  it('replaces the whole config: fields not sent are gone', async () => {
    const { token } = await signUp(api);
    const id = await createId(token, 'ev_charger');
    const res = await api.put(`/api/v1/appliances/${id}`, { config: { entity_id: 'switch.ev2', max_charge_rate_kw: 7.4 } }, { token });
    expect(res.status).toBe(200);
    expect(res.body.config).toEqual({ entity_id: 'switch.ev2', max_charge_rate_kw: 7.4 });
    expect((await list(token))[0]!.config).toEqual({ entity_id: 'switch.ev2', max_charge_rate_kw: 7.4 });
  });

  it('deactivates and reactivates with is_active', async () => {
    const { token } = await signUp(api);
    const id = await createId(token, 'hvac');
    expect((await api.put(`/api/v1/appliances/${id}`, { is_active: false }, { token })).body.is_active).toBe(false);
    expect((await list(token))[0]!.is_active).toBe(false);
    expect((await api.put(`/api/v1/appliances/${id}`, { is_active: true }, { token })).body.is_active).toBe(true);
  });

  it('answers the unchanged Appliance to an empty body and to its own appliance_type', async () => {
    const { token, userId } = await signUp(api);
    const id = await createId(token, 'robot');
    const [before] = await list(token);
    events.length = 0;
    expect(await api.put(`/api/v1/appliances/${id}`, {}, { token })).toMatchObject({ status: 200, body: before });
    expect(await api.put(`/api/v1/appliances/${id}`, { appliance_type: 'robot' }, { token })).toMatchObject({ status: 200, body: before });
    expect(eventsOf(userId)).toEqual([]);
  });

  it.each([
    [{ name: '' }, 'name must not be empty'],
    [{ name: 5 }, 'name must be a string'],
    [{ config: null }, 'config must be an object'],
    [{ config: [1] }, 'config must be an object'],
    [{ config: {} }, 'entity_id: is required'],
    [{ config: { entity_id: 'switch.ev', soc_entity_id: 'switch.soc' } }, 'soc_entity_id: must be a sensor.* entity id or null'],
    [{ config: { entity_id: 'switch.ev', max_charge_rate_kw: 50.5 } }, 'max_charge_rate_kw: must be between 0 and 50'],
    [{ is_active: 'no' }, 'is_active must be a boolean'],
    [{ is_active: null }, 'is_active must be a boolean'],
    [{ appliance_type: 'home_battery' }, 'appliance_type cannot be changed; delete the appliance and create a new one'],
    [{ name: 'ok', config: { entity_id: 'bad' } }, 'entity_id: must be a switch.* entity id'],
    [['name'], 'request body must be a JSON object'],
  ])('rejects %j with 400 %s and changes nothing', async (body, detail) => {
    const { token } = await signUp(api);
    const id = await createId(token, 'ev_charger');
    const before = await list(token);
    expect(await api.put(`/api/v1/appliances/${id}`, body, { token })).toMatchObject({ status: 400, body: { detail } });
    expect(await list(token)).toEqual(before);
  });

  it("answers 404 Appliance not found for another user's, an unknown and a malformed id", async () => {
    const owner = await signUp(api);
    const other = await signUp(api);
    const id = await createId(owner.token, 'solar');
    for (const target of [id, MISSING_ID, 'not-a-uuid']) {
      expect(await api.put(`/api/v1/appliances/${target}`, { name: 'mine now' }, { token: other.token })).toMatchObject({
        status: 404,
        body: { detail: 'Appliance not found' },
      });
    }
    expect((await list(owner.token))[0]!.name).toBe('my solar');
  });

  describe('an HVAC claimed by a satellite', () => {
    async function claimedHvac(config: Record<string, unknown>) {
      const { token, userId } = await signUp(api);
      const row = await cloud.store.appliances.insert({ userId, type: 'hvac', name: 'Bedroom AC', config });
      return { token, id: row.id };
    }

    it('takes a config without entity_id and keeps the satellite fields it omits', async () => {
      const { token, id } = await claimedHvac({ hvac_type: 'mini_split', ir_protocol: 'daikin', setpoint_min_f: 61, setpoint_max_f: 86 });
      const res = await api.put(`/api/v1/appliances/${id}`, { config: { hvac_type: 'window_ac', home_size_sqft: 400 } }, { token });
      expect(res.status).toBe(200);
      expect(res.body.config).toEqual({ hvac_type: 'window_ac', home_size_sqft: 400, ir_protocol: 'daikin', setpoint_min_f: 61, setpoint_max_f: 86 });
    });

    it('lets the PUT change the setpoint range, still checked', async () => {
      const { token, id } = await claimedHvac({ ir_protocol: 'daikin', setpoint_min_f: 61, setpoint_max_f: 86 });
      expect((await api.put(`/api/v1/appliances/${id}`, { config: { setpoint_min_f: 64 } }, { token })).body.config).toEqual({
        ir_protocol: 'daikin',
        setpoint_min_f: 64,
        setpoint_max_f: 86,
      });
      expect(await api.put(`/api/v1/appliances/${id}`, { config: { setpoint_min_f: 90 } }, { token })).toMatchObject({
        status: 400,
        body: { detail: 'setpoint_max_f: must be at least setpoint_min_f' },
      });
      // Whole degrees, as the claim takes them and GET /devices/config returns them.
      expect(await api.put(`/api/v1/appliances/${id}`, { config: { setpoint_min_f: 64.5 } }, { token })).toMatchObject({
        status: 400,
        body: { detail: 'setpoint_min_f: must be an integer' },
      });
      expect((await list(token)).find((a) => a.id === id)?.config).toMatchObject({ setpoint_min_f: 64 });
    });

    it('needs no entity_id even when the claim stored no satellite field', async () => {
      const { token, id } = await claimedHvac({});
      expect(await api.put(`/api/v1/appliances/${id}`, { config: { hvac_type: 'furnace' } }, { token })).toMatchObject({
        status: 200,
        body: { config: { hvac_type: 'furnace' } },
      });
    });

    it('a user-created HVAC still needs its entity_id on PUT', async () => {
      const { token } = await signUp(api);
      const id = await createId(token, 'hvac');
      expect(await api.put(`/api/v1/appliances/${id}`, { config: { hvac_type: 'furnace' } }, { token })).toMatchObject({
        status: 400,
        body: { detail: 'entity_id: is required' },
      });
    });
  });
});

describe('DELETE /api/v1/appliances/{id}', () => {
  it('deletes (204, no body) with its constraints, preferences and readings', async () => {
    const { token, userId } = await signUp(api);
    const ev = await createId(token, 'ev_charger');
    const hvac = await createId(token, 'hvac');
    expect((await api.post(`/api/v1/appliances/${ev}/constraints`, { target_charge_pct: 80 }, { token })).status).toBe(200);
    expect((await api.put(`/api/v1/appliances/${hvac}/preferences`, { base_temperature: 70 }, { token })).status).toBe(200);
    expect(
      (await api.post(`/api/v1/appliances/${ev}/readings`, { readings: [{ timestamp: new Date().toISOString(), state: 'IDLE', value: 40 }] }, { token }))
        .status,
    ).toBe(201);
    events.length = 0;

    for (const id of [ev, hvac]) {
      const res = await api.delete(`/api/v1/appliances/${id}`, { token });
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
    }
    expect(await list(token)).toEqual([]);
    const [left] = await rows<{ c: number; p: number; r: number }>(
      cloud,
      `SELECT (SELECT count(*) FROM appliance_constraints WHERE appliance_id = ANY($1::uuid[]))::int AS c,
              (SELECT count(*) FROM appliance_preferences WHERE appliance_id = ANY($1::uuid[]))::int AS p,
              (SELECT count(*) FROM appliance_readings WHERE appliance_id = ANY($1::uuid[]))::int AS r`,
      [[ev, hvac]],
    );
    expect(left).toEqual({ c: 0, p: 0, r: 0 });
    expect(eventsOf(userId)).toEqual(['appliances', 'appliances']);
  });

  it('frees the free-tier HVAC slot', async () => {
    const { token } = await signUp(api);
    const id = await createId(token, 'hvac');
    expect((await api.delete(`/api/v1/appliances/${id}`, { token })).status).toBe(204);
    await createId(token, 'hvac');
  });

  it("answers 404 Appliance not found for a deleted, another user's, an unknown and a malformed id", async () => {
    const owner = await signUp(api);
    const other = await signUp(api);
    const kept = await createId(owner.token, 'solar');
    const gone = await createId(other.token, 'solar');
    expect((await api.delete(`/api/v1/appliances/${gone}`, { token: other.token })).status).toBe(204);
    for (const target of [gone, kept, MISSING_ID, 'nope']) {
      expect(await api.delete(`/api/v1/appliances/${target}`, { token: other.token })).toMatchObject({
        status: 404,
        body: { detail: 'Appliance not found' },
      });
    }
    expect(await list(owner.token)).toHaveLength(1);
  });

  it('answers 503 Failed to delete appliance while the database is unreachable, and keeps the appliance', async () => {
    const { token } = await signUp(api);
    const id = await createId(token, 'solar');
    proxy.cut();
    try {
      expect(await api.delete(`/api/v1/appliances/${id}`, { token })).toMatchObject({ status: 503, body: { detail: 'Failed to delete appliance' } });
    } finally {
      proxy.restore();
    }
    let listed: Record<string, unknown>[] = [];
    for (let i = 0; i < 20 && listed.length === 0; i++) {
      const res = await api.get('/api/v1/appliances', { token });
      if (res.status === 200) listed = res.body;
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(listed.map((a) => a.id)).toEqual([id]);
    expect((await api.delete(`/api/v1/appliances/${id}`, { token })).status).toBe(204);
  });
});
