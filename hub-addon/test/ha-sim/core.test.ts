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
});
