import { describe, expect, it } from 'vitest';
import { signUp } from '../support/http.js';
import { useTestCloud } from '../support/test-cloud.js';

const t = useTestCloud();

const thermostat = { entity_id: 'climate.living_room', friendly_name: 'Living Room', unit_of_measurement: null, device_class: null };
const charger = { entity_id: 'switch.ev_charger', friendly_name: 'EV Charger' };
const soc = { entity_id: 'sensor.ev_battery', friendly_name: 'EV battery', unit_of_measurement: '%', device_class: 'battery' };

describe('PUT and GET /api/v1/hub-entities', () => {
  it('need a session', async () => {
    expect(await t.api.get('/api/v1/hub-entities')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
    expect(await t.api.put('/api/v1/hub-entities', { entities: [] })).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });

  it('lists nothing before the first report', async () => {
    const { token } = await signUp(t.api);
    expect(await t.api.get('/api/v1/hub-entities', { token })).toMatchObject({ status: 200, body: { entities: [], reported_at: null } });
  });

  it('stores a report sorted by id, with each domain, and lists it back', async () => {
    const { token } = await signUp(t.api);
    const before = Date.now();
    const res = await t.api.put('/api/v1/hub-entities', { entities: [thermostat, soc, charger] }, { token });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(3);
    expect(new Date(res.body.reported_at).getTime()).toBeGreaterThanOrEqual(before);

    expect((await t.api.get('/api/v1/hub-entities', { token })).body).toEqual({
      reported_at: res.body.reported_at,
      entities: [
        { entity_id: 'climate.living_room', domain: 'climate', friendly_name: 'Living Room', unit_of_measurement: null, device_class: null },
        { entity_id: 'sensor.ev_battery', domain: 'sensor', friendly_name: 'EV battery', unit_of_measurement: '%', device_class: 'battery' },
        { entity_id: 'switch.ev_charger', domain: 'switch', friendly_name: 'EV Charger', unit_of_measurement: null, device_class: null },
      ],
    });
  });

  it('replaces the whole list on each report (an empty one clears it)', async () => {
    const { token } = await signUp(t.api);
    await t.api.put('/api/v1/hub-entities', { entities: [thermostat, charger] }, { token });
    const renamed = { entity_id: 'climate.living_room', friendly_name: 'Lounge' };
    expect((await t.api.put('/api/v1/hub-entities', { entities: [renamed] }, { token })).status).toBe(200);
    expect((await t.api.get('/api/v1/hub-entities', { token })).body.entities).toEqual([
      { entity_id: 'climate.living_room', domain: 'climate', friendly_name: 'Lounge', unit_of_measurement: null, device_class: null },
    ]);

    const cleared = await t.api.put('/api/v1/hub-entities', { entities: [] }, { token });
    expect(cleared.body.accepted).toBe(0);
    expect((await t.api.get('/api/v1/hub-entities', { token })).body).toEqual({ entities: [], reported_at: cleared.body.reported_at });
  });

  it("never shows another account's list", async () => {
    const mine = await signUp(t.api);
    const theirs = await signUp(t.api);
    await t.api.put('/api/v1/hub-entities', { entities: [thermostat] }, { token: theirs.token });
    await t.api.put('/api/v1/hub-entities', { entities: [charger] }, { token: mine.token });
    expect((await t.api.get('/api/v1/hub-entities', { token: mine.token })).body.entities.map((e: { entity_id: string }) => e.entity_id)).toEqual([
      'switch.ev_charger',
    ]);
    expect((await t.api.get('/api/v1/hub-entities', { token: theirs.token })).body.entities.map((e: { entity_id: string }) => e.entity_id)).toEqual([
      'climate.living_room',
    ]);
  });

  it('accepts 1000 entities and refuses 1001', async () => {
    const { token } = await signUp(t.api);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ entity_id: `sensor.s${i}`, friendly_name: `Sensor ${i}`, unit_of_measurement: 'W' }));
    expect((await t.api.put('/api/v1/hub-entities', { entities: many(1000) }, { token })).body.accepted).toBe(1000);
    expect(await t.api.put('/api/v1/hub-entities', { entities: many(1001) }, { token })).toMatchObject({
      status: 400,
      body: { detail: 'entities must contain at most 1000 entities' },
    });
    expect((await t.api.get('/api/v1/hub-entities', { token })).body.entities).toHaveLength(1000);
  });

  it.each([
    [[], 'request body must be a JSON object'],
    [{}, 'entities is required'],
    [{ entities: 'climate.a' }, 'entities must be an array'],
    [{ entities: [thermostat, null] }, 'entities[1] must be an object'],
    [{ entities: [{ friendly_name: 'No id' }] }, 'entities[0].entity_id is required'],
    [{ entities: [{ entity_id: 42 }] }, 'entities[0].entity_id must be a string'],
    [{ entities: [charger, { entity_id: 'Climate.Living Room' }] }, 'entities[1].entity_id must be an entity id such as climate.living_room'],
    [{ entities: [{ entity_id: `sensor.${'x'.repeat(250)}` }] }, 'entities[0].entity_id must be at most 255 characters'],
    [{ entities: [thermostat, charger, { entity_id: 'climate.living_room' }] }, 'entities[2].entity_id repeats an earlier entity'],
    [{ entities: [{ entity_id: 'climate.a', friendly_name: 'x'.repeat(256) }] }, 'entities[0].friendly_name must be at most 255 characters'],
    [{ entities: [{ entity_id: 'sensor.a', unit_of_measurement: 5 }] }, 'entities[0].unit_of_measurement must be a string or null'],
    [{ entities: [{ entity_id: 'sensor.a', device_class: 'x'.repeat(65) }] }, 'entities[0].device_class must be at most 64 characters'],
  ])('refuses %j with 400 and keeps the stored list', async (body, detail) => {
    const { token } = await signUp(t.api);
    await t.api.put('/api/v1/hub-entities', { entities: [thermostat] }, { token });
    expect(await t.api.put('/api/v1/hub-entities', body, { token })).toMatchObject({ status: 400, body: { detail } });
    expect((await t.api.get('/api/v1/hub-entities', { token })).body.entities.map((e: { entity_id: string }) => e.entity_id)).toEqual(['climate.living_room']);
  });
});
