// The simulator's first core, through the real home-assistant-js-websocket client: auth, states,
// config, thermostat and switch services, subscribe_entities and the REST state endpoints.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callService, getConfig, getStates, subscribeEntities, type Connection, type HassEntities } from 'home-assistant-js-websocket';
import type { HaSimHandle } from '../../src/ha-sim/index.js';
import { connectHaws, startFixtureSim, TOKEN, until } from './helpers.js';

let ha: HaSimHandle;
let conn: Connection | undefined;

beforeEach(async () => {
  ha = await startFixtureSim();
});

afterEach(async () => {
  conn?.close();
  conn = undefined;
  await ha.stop();
});

describe('ha-sim core with the real client', () => {
  it('authenticates and reports the fixture version', async () => {
    conn = await connectHaws(ha.url);
    expect(conn.haVersion).toBe('2026.8.0');
    expect(ha.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ha.wsUrl).toBe(`${ha.url.replace('http', 'ws')}/api/websocket`);
  });

  it('serves get_states and get_config from the fixture', async () => {
    conn = await connectHaws(ha.url);
    const states = await getStates(conn);
    const climate = states.find((s) => s.entity_id === 'climate.living_room')!;
    expect(climate.state).toBe('cool');
    expect(climate.attributes.temperature).toBe(74);
    expect(climate.last_changed).toMatch(/\+00:00$/);
    expect(climate.context).toEqual({ id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/), parent_id: null, user_id: null });
    const config = await getConfig(conn);
    expect(config.unit_system.temperature).toBe('°F');
    expect(config.state).toBe('RUNNING');
    expect(config.version).toBe('2026.8.0');
  });

  it('sets the thermostat and switches, and logs every call', async () => {
    conn = await connectHaws(ha.url);
    await callService(conn, 'climate', 'set_temperature', { temperature: 70 }, { entity_id: 'climate.living_room' });
    await callService(conn, 'climate', 'set_hvac_mode', { hvac_mode: 'heat' }, { entity_id: 'climate.living_room' });
    await callService(conn, 'switch', 'turn_on', undefined, { entity_id: 'switch.ev_charger' });
    expect(ha.getState('climate.living_room')).toMatchObject({ state: 'heat', attributes: { temperature: 70 } });
    expect(ha.getState('switch.ev_charger')!.state).toBe('on');
    await callService(conn, 'switch', 'turn_off', undefined, { entity_id: 'switch.ev_charger' });
    expect(ha.getState('switch.ev_charger')!.state).toBe('off');
    expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service}`)).toEqual([
      'climate.set_temperature',
      'climate.set_hvac_mode',
      'switch.turn_on',
      'switch.turn_off',
    ]);
    expect(ha.serviceCalls[0]).toMatchObject({ service_data: { temperature: 70 }, target: { entity_id: 'climate.living_room' }, error: null });
  });

  it('keeps a subscribeEntities map in step with changes made in the simulator', async () => {
    conn = await connectHaws(ha.url);
    let latest: HassEntities = {};
    subscribeEntities(conn, (entities) => (latest = entities));
    await until(() => latest['climate.living_room']);
    ha.setState('switch.ev_charger', 'on');
    await until(() => latest['switch.ev_charger']?.state === 'on');
    ha.setAttributes('climate.living_room', { current_temperature: 79 });
    await until(() => latest['climate.living_room']?.attributes.current_temperature === 79);
    expect(Date.parse(latest['climate.living_room']!.last_updated)).toBe(Date.parse(ha.getState('climate.living_room')!.last_updated));
  });

  it('serves REST states with bearer auth', async () => {
    const unauth = await fetch(`${ha.url}/api/states`);
    expect(unauth.status).toBe(401);
    const headers = { Authorization: `Bearer ${TOKEN}` };
    const all = (await (await fetch(`${ha.url}/api/states`, { headers })).json()) as { entity_id: string }[];
    expect(all.map((s) => s.entity_id)).toContain('switch.ev_charger');
    const one = await fetch(`${ha.url}/core/api/states/switch.ev_charger`, { headers });
    expect(one.status).toBe(200);
    expect(((await one.json()) as { state: string }).state).toBe('off');
    const missing = await fetch(`${ha.url}/api/states/switch.ghost`, { headers });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Entity not found.' });
  });

  it("POST /api/states: 201 then 200, last_changed only when the state changes, 400s in Core's words, and a restart forgets what only the REST API wrote", async () => {
    const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
    const post = (id: string, body: unknown) => fetch(`${ha.url}/core/api/states/${id}`, { method: 'POST', headers, body: JSON.stringify(body) });
    type State = { state: string; attributes: Record<string, unknown>; last_changed: string; last_updated: string };
    const created = await post('sensor.offpeak_car_plan', { state: 'idle', attributes: { friendly_name: 'Car plan', plan: [{ on: false }] } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/api/states/sensor.offpeak_car_plan');
    const first = (await created.json()) as State;
    ha.advance(1_000);
    const same = await post('sensor.offpeak_car_plan', { state: 'idle', attributes: { friendly_name: 'Car plan', plan: [{ on: false }] } });
    expect(same.status).toBe(200);
    expect(((await same.json()) as State).last_updated).toBe(first.last_updated);
    ha.advance(1_000);
    const attrs = (await (
      await post('sensor.offpeak_car_plan', { state: 'idle', attributes: { friendly_name: 'Car plan', plan: [{ on: true }] } })
    ).json()) as State;
    expect(attrs.last_changed).toBe(first.last_changed);
    expect(attrs.last_updated).not.toBe(first.last_updated);
    ha.advance(1_000);
    const changed = (await (await post('sensor.offpeak_car_plan', { state: 'charging' })).json()) as State;
    expect(changed.last_changed).not.toBe(first.last_changed);
    // Without attributes the entity has none.
    expect(changed.attributes).toEqual({});
    expect(await (await post('Sensor.bad id', { state: 'x' })).json()).toEqual({ message: 'Invalid entity ID specified.' });
    expect(await (await post('sensor.x', { attributes: {} })).json()).toEqual({ message: 'No state specified.' });
    expect(await (await post('sensor.x', { state: 'x', attributes: [1] })).json()).toEqual({ message: 'State attributes need to be a dictionary.' });

    await ha.restart({ downMs: 10 });
    expect((await fetch(`${ha.url}/api/states/sensor.offpeak_car_plan`, { headers })).status).toBe(404);
    expect((await fetch(`${ha.url}/api/states/switch.ev_charger`, { headers })).status).toBe(200);
  });
});
