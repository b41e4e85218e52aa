import { describe, expect, it } from 'vitest';
import type { ApplianceType } from '../../src/store/models/index.js';
import { addAppliance } from '../support/appliances.js';
import { signUp } from '../support/http.js';
import { rows } from '../support/readings.js';
import { useTestCloud } from '../support/test-cloud.js';

const t = useTestCloud();

/** A fresh user with one appliance of `type`. */
async function userWith(type: ApplianceType) {
  const user = await signUp(t.api);
  const id = await addAppliance(t.cloud, user.userId, type);
  return { ...user, id, path: `/api/v1/appliances/${id}/constraints` };
}

const stored = async (applianceId: string) =>
  (await rows<{ constraints: unknown }>(t.cloud, `SELECT constraints FROM appliance_constraints WHERE appliance_id = $1`, [applianceId]))[0]?.constraints ??
  null;
const eventsOf = (userId: string) => t.events.filter(([u]) => u === userId).map(([, reason]) => reason);

const FULL: [ApplianceType, Record<string, unknown>][] = [
  ['ev_charger', { target_charge_pct: 80, min_charge_pct: 20, deadline_time: '07:30', current_charge_pct: 42.5 }],
  ['home_battery', { target_charge_pct: 100, min_charge_pct: 15, deadline_time: '16:00' }],
  ['water_heater', { max_temp_f: 140, min_temp_f: 110 }],
  ['robot', { target_charge_pct: 95, min_charge_pct: 30, current_charge_pct: 60, tasks_window_start: '22:00', tasks_window_end: '02:00' }],
];

describe('GET /api/v1/appliances/{id}/constraints', () => {
  it.each(['ev_charger', 'home_battery', 'water_heater', 'robot', 'hvac', 'solar', 'dehumidifier'] as ApplianceType[])(
    'answers {status: ok, constraints: {}} for a %s with none set',
    async (type) => {
      const { token, path } = await userWith(type);
      expect(await t.api.get(path, { token })).toMatchObject({ status: 200, body: { status: 'ok', constraints: {} } });
    },
  );
});

describe('POST /api/v1/appliances/{id}/constraints', () => {
  it.each(FULL)('saves a full %s set, answers it and reads it back', async (type, constraints) => {
    const { token, path, id, userId } = await userWith(type);
    const res = await t.api.post(path, constraints, { token });
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({ status: 'ok', constraints });
    expect((await t.api.get(path, { token })).body).toEqual({ status: 'ok', constraints });
    expect(await stored(id)).toEqual(constraints);
    expect(eventsOf(userId)).toEqual(['constraints']);
  });

  it('replaces the whole set: fields not sent are cleared', async () => {
    const { token, path } = await userWith('ev_charger');
    await t.api.post(path, FULL[0]![1], { token });
    expect((await t.api.post(path, { target_charge_pct: 90 }, { token })).body).toEqual({ status: 'ok', constraints: { target_charge_pct: 90 } });
    expect((await t.api.get(path, { token })).body.constraints).toEqual({ target_charge_pct: 90 });
    expect((await t.api.post(path, {}, { token })).body).toEqual({ status: 'ok', constraints: {} });
    expect((await t.api.get(path, { token })).body.constraints).toEqual({});
  });

  it('treats null as not set and drops fields the type does not have', async () => {
    const { token, path } = await userWith('home_battery');
    const res = await t.api.post(path, { target_charge_pct: 70, min_charge_pct: null, current_charge_pct: 50, max_temp_f: 120 }, { token });
    expect(res.body).toEqual({ status: 'ok', constraints: { target_charge_pct: 70 } });
  });

  it.each([
    ['ev_charger', { target_charge_pct: 100.5 }, 'target_charge_pct: must be between 0 and 100'],
    ['ev_charger', { min_charge_pct: -5 }, 'min_charge_pct: must be between 0 and 100'],
    ['ev_charger', { current_charge_pct: '50' }, 'current_charge_pct: must be a number or null'],
    ['ev_charger', { deadline_time: '7:30' }, 'deadline_time: must be HH:MM'],
    ['ev_charger', { target_charge_pct: 40, min_charge_pct: 50 }, 'min_charge_pct: must be at most target_charge_pct'],
    ['home_battery', { deadline_time: '25:00' }, 'deadline_time: must be HH:MM'],
    ['home_battery', { target_charge_pct: 10, min_charge_pct: 20 }, 'min_charge_pct: must be at most target_charge_pct'],
    ['water_heater', { max_temp_f: 190 }, 'max_temp_f: must be between 80 and 180'],
    ['water_heater', { min_temp_f: 50 }, 'min_temp_f: must be between 80 and 180'],
    ['water_heater', { max_temp_f: 120, min_temp_f: 130 }, 'min_temp_f: must be less than max_temp_f'],
    ['robot', { tasks_window_start: '09:00' }, 'tasks_window_end: is required when tasks_window_start is set'],
    ['robot', { tasks_window_end: '17:00' }, 'tasks_window_start: is required when tasks_window_end is set'],
    ['robot', { tasks_window_start: '09:00', tasks_window_end: '09:00' }, 'tasks_window_end: must differ from tasks_window_start'],
    ['robot', { tasks_window_start: '9am', tasks_window_end: '17:00' }, 'tasks_window_start: must be HH:MM'],
    ['hvac', { target_charge_pct: 50 }, 'hvac appliances take no constraints'],
    ['solar', {}, 'solar appliances take no constraints'],
    ['dehumidifier', {}, 'dehumidifier appliances take no constraints'],
  ] as [ApplianceType, Record<string, unknown>, string][])('%s: rejects %j with 400 %s and keeps the stored set', async (type, body, detail) => {
    const { token, path, id, userId } = await userWith(type);
    const saved = FULL.find(([t]) => t === type)?.[1];
    if (saved) expect((await t.api.post(path, saved, { token })).status).toBe(200);
    t.events.length = 0;
    expect(await t.api.post(path, body, { token })).toMatchObject({ status: 400, body: { detail } });
    expect(await stored(id)).toEqual(saved ?? null);
    expect(eventsOf(userId)).toEqual([]);
  });

  it('rejects a body that is not an object', async () => {
    const { token, path } = await userWith('ev_charger');
    expect(await t.api.post(path, [{ target_charge_pct: 80 }], { token })).toMatchObject({
      status: 400,
      body: { detail: 'request body must be a JSON object' },
    });
  });
});

describe('ownership', () => {
  it("answers 404 Appliance not found for another user's, an unknown and a malformed id, touching nothing", async () => {
    const owner = await userWith('ev_charger');
    await t.api.post(owner.path, { target_charge_pct: 60 }, { token: owner.token });
    const other = await signUp(t.api);
    for (const id of [owner.id, '00000000-0000-4000-8000-000000000000', 'abc']) {
      const path = `/api/v1/appliances/${id}/constraints`;
      for (const res of [await t.api.get(path, { token: other.token }), await t.api.post(path, { target_charge_pct: 10 }, { token: other.token })]) {
        expect(res).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
      }
    }
    expect(await stored(owner.id)).toEqual({ target_charge_pct: 60 });
  });

  it('checks ownership before the body', async () => {
    const other = await signUp(t.api);
    const owner = await userWith('water_heater');
    expect(await t.api.post(owner.path, { max_temp_f: 999 }, { token: other.token })).toMatchObject({ status: 404 });
  });

  it('requires a user token', async () => {
    const { path } = await userWith('ev_charger');
    expect(await t.api.get(path)).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
    expect(await t.api.post(path, {})).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });
});
