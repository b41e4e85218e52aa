import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { hvacBody, insertRow, localToday, rowCount, saveModel, servedWithoutReasons } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const today = () => localToday();

async function account() {
  const user = await signUp(api);
  const hvac = await createAppliance(cloud, user, 'hvac', { name: 'Living room' });
  const ev = await createAppliance(cloud, user, 'ev_charger', { name: 'Car' });
  return { ...user, hvac, ev };
}

describe('GET /api/v1/schedules/history', () => {
  it('answers every appliance with its rows of the last 14 days, by date then created_at, costs in dollars', async () => {
    const user = await account();
    const row = (date: string, setpoint: number, extra = {}) =>
      insertRow(cloud, { user_id: user.userId, appliance_id: user.hvac, local_date: date, schedule: hvacBody(setpoint), ...extra });
    await row(today(), 75, { baseline_cost_cents: 123.456, optimized_cost_cents: 100, savings_pct: 19, constraints_used: { export_rates_set: false } });
    await row(addDays(today(), -14), 71);
    await row(addDays(today(), -15), 70);
    await row(addDays(today(), 1), 77);
    await row(addDays(today(), -3), 72);
    await row(addDays(today(), -3), 73);
    const res = await api.get('/api/v1/schedules/history', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.start).toBe(addDays(today(), -14));
    expect(res.body.end).toBe(today());
    expect(res.body.appliances.map((a: any) => [a.appliance_id, a.appliance_type, a.name])).toEqual([
      [user.hvac, 'hvac', 'Living room'],
      [user.ev, 'ev_charger', 'Car'],
    ]);
    const history = res.body.appliances[0].history;
    expect(history.map((h: any) => [h.date, h.schedule.setpoint_temps[0]])).toEqual([
      [addDays(today(), -14), 71],
      [addDays(today(), -3), 72],
      [addDays(today(), -3), 73],
      [today(), 75],
    ]);
    expect(history[3]).toEqual({
      id: expect.any(Number),
      appliance_id: user.hvac,
      date: today(),
      schedule: servedWithoutReasons(hvacBody(75)),
      source: 'optimization',
      baseline_cost: 1.2346,
      optimized_cost: 1,
      savings_pct: 19,
      created_at: expect.stringMatching(ISO),
      constraints_used: { export_rates_set: false },
      from_slot: 0,
      trigger: 'recompute',
      changes: [],
      missed: [],
    });
    expect(res.body.appliances[1].history).toEqual([]);
  });

  it('takes start and end (both inclusive), and one appliance', async () => {
    const user = await account();
    for (const date of ['2026-01-01', '2026-01-02', '2026-01-05']) {
      await insertRow(cloud, { user_id: user.userId, appliance_id: user.ev, local_date: date, schedule: { date } });
      await insertRow(cloud, { user_id: user.userId, appliance_id: user.hvac, local_date: date, schedule: hvacBody(70) });
    }
    const res = await api.get(`/api/v1/schedules/history?appliance_id=${user.ev}&start=2026-01-02&end=2026-01-05`, { token: user.token });
    expect(res.body.start).toBe('2026-01-02');
    expect(res.body.appliances).toHaveLength(1);
    expect(res.body.appliances[0].history.map((h: any) => h.schedule.date)).toEqual(['2026-01-02', '2026-01-05']);
  });

  it('records on solar rows the solar constraints_used, and on the other rows the inputs used with export_rates_set', async () => {
    const user = await account();
    await saveModel(cloud, user.hvac);
    const solar = await createAppliance(cloud, user, 'solar', { name: 'Roof' });
    await api.put(`/api/v1/appliances/${solar}`, { config: { system_size_kw: 6.5, tilt_degrees: 25 } }, { token: user.token });
    await api.post(
      `/api/v1/appliances/${user.ev}/constraints`,
      { target_charge_pct: 80, deadline_time: '07:00', current_charge_pct: 30 },
      { token: user.token },
    );
    expect((await api.post('/api/v1/schedule/recompute', undefined, { token: user.token })).status).toBe(200);
    const res = await api.get('/api/v1/schedules/history', { token: user.token });
    const used = (id: string) => res.body.appliances.find((a: any) => a.appliance_id === id).history[0].constraints_used;
    expect(used(solar)).toEqual({
      nameplate_kw: 6.5,
      tilt_degrees: 25,
      azimuth_degrees: 180,
      yield_kw_per_wm2: null,
      yield_source: 'nameplate',
      shading_applied: false,
      model_fit: null,
      irradiance_peak_wm2: null,
      export_rates_set: false,
    });
    expect(used(user.ev)).toMatchObject({
      target_charge_pct: 80,
      deadline_time: '07:00',
      soc_pct: 30,
      soc_source: 'current_charge_pct',
      export_rates_set: false,
      pricing_source: 'zone',
    });
    expect(used(user.hvac)).toMatchObject({ base_temperature: 72, optimization_mode: 'cool', export_rates_set: false, solar_discount: true });
  });

  it.each([
    ['start=2026-01-01&end=2026-04-02', 'window exceeds 90 days'],
    ['start=2026-03-02&end=2026-03-01', 'start must be <= end'],
    ['start=2026-13-01', 'start must be ISO YYYY-MM-DD'],
    ['start=yesterday', 'start must be ISO YYYY-MM-DD'],
    ['end=2026-02-30', 'end must be ISO YYYY-MM-DD'],
    ['end=', 'end must be ISO YYYY-MM-DD'],
    ['start=2026-01-01&start=2026-01-02', 'start must be ISO YYYY-MM-DD'],
  ])('answers 400 for %s: %s', async (query, detail) => {
    const user = await account();
    await insertRow(cloud, { user_id: user.userId, appliance_id: user.hvac, local_date: today(), schedule: hvacBody(70) });
    expect(await api.get(`/api/v1/schedules/history?${query}`, { token: user.token })).toMatchObject({ status: 400, body: { detail } });
    expect(await rowCount(cloud, user.userId)).toBe(1);
  });

  it('accepts a window of exactly 90 days (2026-01-01 to 2026-04-01)', async () => {
    const user = await account();
    expect(await api.get('/api/v1/schedules/history?start=2026-01-01&end=2026-04-01', { token: user.token })).toMatchObject({ status: 200 });
  });

  it.each([
    ['another user', async () => (await account()).hvac],
    ['a malformed id', async () => 'x1'],
    ['an unknown id', async () => '00000000-0000-4000-8000-000000000000'],
  ])('answers 404 appliance not found for this user for %s', async (_, idOf) => {
    const user = await account();
    expect(await api.get(`/api/v1/schedules/history?appliance_id=${await idOf()}`, { token: user.token })).toMatchObject({
      status: 404,
      body: { detail: 'appliance not found for this user' },
    });
  });

  it("shows only the caller's rows", async () => {
    const user = await account();
    const other = await account();
    await insertRow(cloud, { user_id: other.userId, appliance_id: other.hvac, local_date: today(), schedule: hvacBody(70) });
    const res = await api.get('/api/v1/schedules/history', { token: user.token });
    expect(res.body.appliances.flatMap((a: any) => a.history)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect(await api.get('/api/v1/schedules/history')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });
});
