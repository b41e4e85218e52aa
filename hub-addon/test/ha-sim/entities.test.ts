// States, config and services shapes; subscribe_entities snapshot and diffs; subscribe_events;
// the REST state endpoints the fidelity suite uses to add, alter and remove probe entities.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callService, getConfig, getServices, getStates, subscribeEntities, type Connection, type HassEntities } from 'home-assistant-js-websocket';
import type { HaSimHandle } from '../../src/ha-sim/index.js';
import { connectHaws, fixture, RawClient, sleep, startFixtureSim, TOKEN, until } from './helpers.js';

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

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

async function post(entityId: string, body: unknown): Promise<Response> {
  return fetch(`${ha.url}/api/states/${entityId}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
}

describe('get_states, get_config, get_services', () => {
  it('returns every fixture entity as given, with Core timestamps and a context', async () => {
    conn = await connectHaws(ha.url);
    const states = await getStates(conn);
    const fx = fixture();
    expect(states.map((s) => s.entity_id)).toEqual(fx.entities.map((e) => e.entity_id));
    for (const [i, s] of states.entries()) {
      expect(s.state).toBe(fx.entities[i]!.state);
      expect(s.attributes).toEqual(fx.entities[i]!.attributes);
      expect(Object.keys(s)).toEqual(['entity_id', 'state', 'attributes', 'last_changed', 'last_reported', 'last_updated', 'context']);
      for (const t of [s.last_changed, s.last_updated, (s as unknown as { last_reported: string }).last_reported]) expect(t).toMatch(ISO);
      expect(s.context).toEqual({ id: expect.stringMatching(ULID), parent_id: null, user_id: null });
    }
    expect(states.find((s) => s.entity_id === 'water_heater.tank')!.attributes.target_temp_high).toBeNull();
  });

  it('returns the config with the us_customary unit dict and every fixture domain', async () => {
    conn = await connectHaws(ha.url);
    const config = await getConfig(conn);
    expect(config).toMatchObject({
      location_name: 'Offpeak Fidelity Home',
      latitude: 37.3382,
      longitude: -121.8863,
      elevation: 25,
      radius: 100,
      time_zone: 'America/Los_Angeles',
      currency: 'USD',
      country: 'US',
      language: 'en',
      state: 'RUNNING',
      version: '2026.8.0',
      unit_system: {
        length: 'mi',
        accumulated_precipitation: 'in',
        area: 'ft²',
        mass: 'lb',
        pressure: 'psi',
        temperature: '°F',
        volume: 'gal',
        wind_speed: 'mph',
      },
    });
    expect([...config.components].sort()).toEqual([
      'button',
      'climate',
      'humidifier',
      'lawn_mower',
      'select',
      'sensor',
      'switch',
      'vacuum',
      'water_heater',
      'weather',
    ]);
  });

  it('lists services with their fields, and a mandatory response only for weather.get_forecasts', async () => {
    conn = await connectHaws(ha.url);
    const services = (await getServices(conn)) as unknown as Record<string, Record<string, { fields: object; response?: object }>>;
    expect(Object.keys(services.climate!.set_temperature!.fields)).toEqual(
      expect.arrayContaining(['temperature', 'target_temp_low', 'target_temp_high', 'hvac_mode']),
    );
    expect(Object.keys(services.climate!.set_hvac_mode!.fields)).toEqual(['hvac_mode']);
    expect(services.switch).toHaveProperty('turn_on');
    expect(services.weather!.get_forecasts!.response).toEqual({ optional: false });
    const withResponse = Object.entries(services).flatMap(([d, s]) =>
      Object.entries(s)
        .filter(([, v]) => v.response)
        .map(([n]) => `${d}.${n}`),
    );
    expect(withResponse).toEqual(['weather.get_forecasts']);
    for (const name of [
      'vacuum.return_to_base',
      'lawn_mower.dock',
      'humidifier.set_humidity',
      'water_heater.set_operation_mode',
      'select.select_option',
      'button.press',
    ]) {
      const [d, s] = name.split('.');
      expect(services[d!]).toHaveProperty(s!);
    }
  });
});

describe('subscribe_entities', () => {
  it('sends result null, then one snapshot with s, a, c, lc (no lu while it equals lc)', async () => {
    const c = await RawClient.authed(ha.wsUrl);
    c.send({ id: 1, type: 'subscribe_entities' });
    await c.waitFor(() => c.messages().length >= 4);
    const [result, snapshot] = c.messages().slice(2);
    expect(result).toEqual({ id: 1, type: 'result', success: true, result: null });
    const a = (snapshot as { event: { a: Record<string, Record<string, unknown>> } }).event.a;
    expect(snapshot).toMatchObject({ id: 1, type: 'event' });
    expect(Object.keys(a)).toHaveLength(11);
    const sw = a['switch.ev_charger']!;
    expect(Object.keys(sw)).toEqual(['s', 'a', 'c', 'lc']);
    expect(sw).toEqual({ s: 'off', a: { device_class: 'outlet', friendly_name: 'EV Charger' }, c: expect.stringMatching(ULID), lc: expect.any(Number) });
    expect(Math.abs((sw.lc as number) * 1000 - Date.now())).toBeLessThan(5000);
    c.close();
  });

  it('sends Core diffs: attribute change, state change, removed attribute, added and removed entity', async () => {
    const c = await RawClient.authed(ha.wsUrl);
    c.send({ id: 1, type: 'subscribe_entities' });
    await c.waitFor(() => c.messages().length >= 4);
    const events = () =>
      c
        .messages()
        .slice(4)
        .map((m) => (m as { event: unknown }).event) as Record<string, Record<string, Record<string, unknown>>>[];

    expect((await post('sensor.fidelity_probe_1', { state: '1', attributes: { unit_of_measurement: 'W', note: 'x' } })).status).toBe(201);
    await until(() => events().length === 1);
    // A REST write runs as the token's user, so its context is the object form.
    expect(events()[0]).toEqual({
      a: {
        'sensor.fidelity_probe_1': {
          s: '1',
          a: { unit_of_measurement: 'W', note: 'x' },
          c: { id: expect.stringMatching(ULID), parent_id: null, user_id: ha.userId },
          lc: expect.any(Number),
        },
      },
    });

    await post('sensor.fidelity_probe_1', { state: '1', attributes: { unit_of_measurement: 'kW', note: 'x' } });
    await until(() => events().length === 2);
    const attrDiff = events()[1]!.c!['sensor.fidelity_probe_1']!;
    expect(Object.keys(attrDiff)).toEqual(['+']);
    expect(attrDiff['+']).toEqual({ lu: expect.any(Number), c: expect.any(String), a: { unit_of_measurement: 'kW' } });

    await post('sensor.fidelity_probe_1', { state: '2', attributes: { unit_of_measurement: 'kW', note: 'x' } });
    await until(() => events().length === 3);
    const stateDiff = events()[2]!.c!['sensor.fidelity_probe_1']!['+'] as Record<string, unknown>;
    expect(stateDiff).toEqual({ s: '2', lc: expect.any(Number), c: expect.any(String) });

    await post('sensor.fidelity_probe_1', { state: '2', attributes: { unit_of_measurement: 'kW' } });
    await until(() => events().length === 4);
    expect(events()[3]!.c!['sensor.fidelity_probe_1']).toEqual({ '+': { lu: expect.any(Number), c: expect.any(String) }, '-': { a: ['note'] } });

    const del = await fetch(`${ha.url}/api/states/sensor.fidelity_probe_1`, { method: 'DELETE', headers: auth });
    expect(await del.json()).toEqual({ message: 'Entity removed.' });
    await until(() => events().length === 5);
    expect(events()[4]).toEqual({ r: ['sensor.fidelity_probe_1'] });
    c.close();
  });

  it('keeps the haws map equal to get_states after every step', async () => {
    conn = await connectHaws(ha.url);
    let map: HassEntities = {};
    let calls = 0;
    subscribeEntities(conn, (m) => {
      map = m;
      calls++;
    });
    await until(() => calls > 0);
    const same = async () => {
      const states = await getStates(conn!);
      expect(Object.keys(map).sort()).toEqual(states.map((s) => s.entity_id).sort());
      for (const s of states) {
        const m = map[s.entity_id]!;
        expect({ state: m.state, attributes: m.attributes, context: m.context }).toEqual({ state: s.state, attributes: s.attributes, context: s.context });
        expect(Date.parse(m.last_changed)).toBe(Date.parse(s.last_changed));
        expect(Date.parse(m.last_updated)).toBe(Date.parse(s.last_updated));
      }
    };
    await same();
    const steps: (() => Promise<unknown>)[] = [
      () => post('sensor.fidelity_probe_2', { state: '5', attributes: { a: 1, b: [1, 2] } }),
      () => post('sensor.fidelity_probe_2', { state: '5', attributes: { a: 2 } }),
      () => callService(conn!, 'climate', 'set_temperature', { temperature: 72 }, { entity_id: 'climate.living_room' }),
      () => callService(conn!, 'climate', 'set_hvac_mode', { hvac_mode: 'heat' }, { entity_id: 'climate.living_room' }),
      () => fetch(`${ha.url}/api/states/sensor.fidelity_probe_2`, { method: 'DELETE', headers: auth }),
    ];
    for (const step of steps) {
      const before = calls;
      await step();
      await until(() => calls > before);
      await same();
    }
  });

  it('carries the call context: bare id for a device update, object form for a user call', async () => {
    const c = await RawClient.authed(ha.wsUrl);
    c.send({ id: 1, type: 'subscribe_entities' });
    c.send({ id: 2, type: 'subscribe_events', event_type: 'state_changed' });
    c.send({ id: 3, type: 'call_service', domain: 'switch', service: 'turn_on', target: { entity_id: 'switch.ev_charger' } });
    const result = (await c.reply(3)) as { result: { context: { id: string; user_id: string; parent_id: null } } };
    expect(Object.keys(result.result)).toEqual(['context']);
    const ctx = result.result.context;
    expect(ctx).toEqual({ id: expect.stringMatching(ULID), parent_id: null, user_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const diff = c.messages().find((m) => m.id === 1 && (m as { event?: { c?: unknown } }).event?.c) as {
      event: { c: Record<string, { '+': Record<string, unknown> }> };
    };
    expect(diff.event.c['switch.ev_charger']!['+']).toEqual({ s: 'on', lc: expect.any(Number), c: { user_id: ctx.user_id, id: ctx.id } });
    const changed = c.messages().find((m) => m.id === 2 && m.type === 'event') as { event: Record<string, unknown> };
    expect(changed.event).toEqual({
      event_type: 'state_changed',
      data: {
        entity_id: 'switch.ev_charger',
        old_state: expect.objectContaining({ state: 'off' }),
        new_state: expect.objectContaining({ state: 'on', context: ctx }),
      },
      origin: 'LOCAL',
      time_fired: expect.stringMatching(ISO),
      context: ctx,
    });
    c.close();
  });
});

describe('subscribe_events', () => {
  it('delivers state_changed until unsubscribed', async () => {
    conn = await connectHaws(ha.url);
    const seen: { data: { entity_id: string; old_state: unknown; new_state: unknown } }[] = [];
    const unsub = await conn.subscribeEvents((e: (typeof seen)[number]) => seen.push(e), 'state_changed');
    await post('sensor.fidelity_probe_3', { state: 'a' });
    await until(() => seen.length === 1);
    expect(seen[0]!.data.old_state).toBeNull();
    await unsub();
    await post('sensor.fidelity_probe_3', { state: 'b' });
    await sleep(100);
    expect(seen).toHaveLength(1);
  });

  it('fires nothing for a write that changes nothing, and 200 for a replace', async () => {
    conn = await connectHaws(ha.url);
    const seen: unknown[] = [];
    await conn.subscribeEvents((e) => seen.push(e), 'state_changed');
    const first = await post('sensor.fidelity_probe_4', { state: '1', attributes: { x: 1 } });
    expect(first.status).toBe(201);
    expect(first.headers.get('location')).toBe('/api/states/sensor.fidelity_probe_4');
    const body = (await first.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ entity_id: 'sensor.fidelity_probe_4', state: '1', attributes: { x: 1 } });
    const again = await post('sensor.fidelity_probe_4', { state: '1', attributes: { x: 1 } });
    expect(again.status).toBe(200);
    await sleep(100);
    expect(seen).toHaveLength(1);
    expect(((await again.json()) as { last_updated: string }).last_updated).toBe(body.last_updated);
    const missing = await fetch(`${ha.url}/api/states/sensor.nope`, { method: 'DELETE', headers: auth });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Entity not found.' });
    const bad = await post('sensor.fidelity_probe_4', { attributes: {} });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'No state specified.' });
    const wrongToken = await fetch(`${ha.url}/api/states`, { headers: { Authorization: 'Bearer nope' } });
    expect(wrongToken.status).toBe(401);
  });
});
