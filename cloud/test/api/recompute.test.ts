import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import type { ApplianceType } from '../../src/store/models/index.js';
import { addAppliance, createAppliance } from '../support/appliances.js';
import { claimDevice } from '../support/devices.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { minutesAgo, rows } from '../support/readings.js';
import { hvacBody, insertRow, localToday, localTomorrow, rowCount, saveModel, storedRows, TEST_MODEL, warmupReadings } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const TYPES: ApplianceType[] = ['hvac', 'ev_charger', 'home_battery', 'water_heater', 'solar', 'dehumidifier', 'robot'];
const recompute = (token: string) => api.post('/api/v1/schedule/recompute', undefined, { token });
const bools = expect.arrayContaining([expect.any(Boolean)]);
const statusOf = (body: any, id: string) => body.results.find((r: any) => r.appliance_id === id);

/** A user (UTC) with one appliance of each listed type; the HVAC gets a fitted model unless `warm` is false. */
async function household(types: ApplianceType[] = TYPES, { fitted = true } = {}) {
  const user = await signUp(api);
  const ids = {} as Record<ApplianceType, string>;
  for (const type of types) ids[type] = await createAppliance(cloud, user, type, { name: type });
  if (fitted && ids.hvac) await saveModel(cloud, ids.hvac);
  return { ...user, ids };
}

describe('POST /api/v1/schedule/recompute', () => {
  it('plans every type, stores one row per planned appliance and answers the unified view with results', async () => {
    const user = await household();
    const res = await recompute(user.token);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual(
      TYPES.map((type) => ({
        appliance_id: user.ids[type],
        appliance_type: type,
        name: type,
        status: { solar: 'forecast', dehumidifier: 'observe' }[type as string] ?? 'ok',
      })),
    );
    expect(res.body).toMatchObject({ date: localToday(), optimization_enabled: true, integration_health: { status: 'no_data' } });
    const entry = (type: ApplianceType) => res.body.appliances.find((a: any) => a.appliance_type === type);
    expect(entry('hvac').schedule).toEqual({
      intervals: Array.from({ length: 48 }, (_, i) => i),
      high_temps: expect.any(Array),
      low_temps: expect.any(Array),
      setpoint_temps: expect.arrayContaining([expect.any(Number)]),
      temp_trajectory: expect.arrayContaining([expect.any(Number)]),
      reasons_48: expect.arrayContaining([expect.objectContaining({ code: expect.any(String) })]),
      summary: expect.any(String),
    });
    expect(entry('hvac').schedule.setpoint_temps).toHaveLength(48);
    for (const type of ['ev_charger', 'home_battery', 'robot'] as const) {
      expect(entry(type).schedule).toMatchObject({ intervals: bools, value_trajectory: expect.any(Array), unit: 'percent' });
      expect(entry(type).schedule.intervals).toHaveLength(48);
    }
    expect(entry('water_heater').schedule).toMatchObject({ intervals: bools, temp_trajectory: expect.any(Array), unit: 'fahrenheit' });
    expect(entry('solar').schedule).toMatchObject({
      unit: 'kW',
      source: 'nameplate',
      surplus_basis: 'before_household_base_load',
      export_value_cents: null,
      allocation_order: ['home_battery', 'ev_charger', 'water_heater', 'hvac', 'export'],
    });
    expect(entry('dehumidifier')).toMatchObject({ schedule: {}, source: 'defaults', savings_pct: 0 });
    for (const type of TYPES) expect(entry(type).source).toBe(type === 'dehumidifier' ? 'defaults' : 'optimization');
    // Rows: every type but the observe-only dehumidifier, all in one transaction (one created_at).
    const stored = await rows<{ appliance_id: string; created_at: Date; trigger: string }>(
      cloud,
      'SELECT appliance_id, created_at, trigger FROM schedules WHERE user_id = $1',
      [user.userId],
    );
    expect(stored.map((r) => r.appliance_id).sort()).toEqual(
      TYPES.filter((t) => t !== 'dehumidifier')
        .map((t) => user.ids[t])
        .sort(),
    );
    expect(new Set(stored.map((r) => new Date(r.created_at).getTime())).size).toBe(1);
    expect(new Set(stored.map((r) => r.trigger))).toEqual(new Set(['recompute']));
  });

  it('keeps an HVAC in warm-up on a defaults row (setpoints null, savings 0, confidence null) and reports calibrating', async () => {
    const user = await household(['hvac'], { fitted: false });
    const res = await recompute(user.token);
    expect(res.body.results).toEqual([
      {
        appliance_id: user.ids.hvac,
        appliance_type: 'hvac',
        name: 'hvac',
        status: 'calibrating',
        detail: 'warming up: no readings yet; 48 hours of continuous readings are needed',
      },
    ]);
    const schedule = await api.get('/api/v1/schedule', { token: user.token });
    expect(schedule.body).toMatchObject({
      source: 'defaults',
      estimated_savings_pct: 0,
      model_confidence: null,
      schedule: { setpoint_temps: null, temp_trajectory: null },
    });
    expect(schedule.body).not.toHaveProperty('stale');
    expect(await storedRows(cloud, user.ids.hvac)).toHaveLength(1);
  });

  it('ends warm-up during a recompute once 48 hours of continuous readings exist: fits, stores and uses the model', async () => {
    const user = await household(['hvac'], { fitted: false });
    const readings = warmupReadings(50);
    for (let i = 0; i < readings.length; i += 100) {
      expect((await api.post('/api/v1/readings', { readings: readings.slice(i, i + 100) }, { token: user.token })).status).toBe(201);
    }
    const res = await recompute(user.token);
    expect(res.body.results[0]).toEqual({ appliance_id: user.ids.hvac, appliance_type: 'hvac', name: 'hvac', status: 'ok' });
    const [model] = await rows<{ confidence: number; stats: { samples: number } }>(
      cloud,
      'SELECT confidence, stats FROM thermal_models WHERE appliance_id = $1',
      [user.ids.hvac],
    );
    expect(model!.stats.samples).toBeGreaterThanOrEqual(48);
    const schedule = (await api.get('/api/v1/schedule', { token: user.token })).body;
    expect(schedule).toMatchObject({ source: 'optimization', model_confidence: model!.confidence });
    expect(schedule.schedule.setpoint_temps).toHaveLength(48);
  });

  it('reports a shorter stretch of readings as calibrating with what is missing', async () => {
    const user = await household(['hvac'], { fitted: false });
    await api.post('/api/v1/readings', { readings: warmupReadings(5) }, { token: user.token });
    const res = await recompute(user.token);
    expect(res.body.results[0]).toMatchObject({ status: 'calibrating', detail: 'warming up: 5 of 48 hours of continuous readings' });
  });

  it('reports failed with a short reason for a broken stored model, keeps its previous row, and plans the others', async () => {
    const user = await household(['hvac', 'ev_charger']);
    await recompute(user.token);
    const before = await storedRows(cloud, user.ids.hvac);
    await saveModel(cloud, user.ids.hvac, { ...TEST_MODEL, params: {} as never });
    const res = await recompute(user.token);
    expect(res.status).toBe(200);
    expect(statusOf(res.body, user.ids.hvac)).toEqual({
      appliance_id: user.ids.hvac,
      appliance_type: 'hvac',
      name: 'hvac',
      status: 'failed',
      detail: expect.stringMatching(/^(planning failed|invalid plan): .{1,160}$/),
    });
    expect(statusOf(res.body, user.ids.ev_charger).status).toBe('ok');
    expect(await storedRows(cloud, user.ids.hvac)).toEqual(before);
    // The EV was planned again (a row only when its plan changed: the same slot changes nothing).
    expect((await storedRows(cloud, user.ids.ev_charger)).length).toBeGreaterThanOrEqual(1);
    // The previous schedule remains in the appliances entries.
    expect(res.body.appliances.find((a: any) => a.appliance_id === user.ids.hvac).schedule).toEqual(before[0]!.schedule);
  });

  it('reports skipped for an appliance of an unknown stored type and answers it in the view without an entities block', async () => {
    const user = await household(['ev_charger']);
    const [{ id }] = (await rows<{ id: string }>(
      cloud,
      `INSERT INTO appliances (user_id, appliance_type, name, config) VALUES ($1, 'toaster', 'Toaster', '{}') RETURNING id`,
      [user.userId],
    )) as [{ id: string }];
    const res = await recompute(user.token);
    expect(res.status).toBe(200);
    expect(statusOf(res.body, id)).toMatchObject({ appliance_type: 'toaster', status: 'skipped' });
    expect(res.body.appliances.find((a: any) => a.appliance_id === id)).toEqual({
      appliance_id: id,
      appliance_type: 'toaster',
      name: 'Toaster',
      schedule: {},
      savings_pct: 0,
      source: 'defaults',
      optimization_enabled: true,
    });
    expect(await storedRows(cloud, id)).toEqual([]);
  });

  it('never answers 500 for bad stored data: junk constraints, config and preferences fall back to defaults', async () => {
    const user = await household(['hvac', 'ev_charger', 'water_heater', 'robot']);
    await cloud.db.query(`INSERT INTO appliance_constraints (appliance_id, constraints) VALUES ($1, '{"target_charge_pct": "lots", "deadline_time": 7}')`, {
      bind: [user.ids.ev_charger],
    });
    await cloud.db.query(`UPDATE appliances SET config = '"not an object"' WHERE id = $1`, { bind: [user.ids.water_heater] });
    await cloud.db.query(`INSERT INTO account_preferences (user_id, prefs) VALUES ($1, '{"time_away": 5, "base_temperature": "warm", "savings_level": 2}')`, {
      bind: [user.userId],
    });
    await cloud.db.query(
      `INSERT INTO appliance_constraints (appliance_id, constraints) VALUES ($1, '{"tasks_window_start": "99:99", "tasks_window_end": "02:00"}')`,
      { bind: [user.ids.robot] },
    );
    const res = await recompute(user.token);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect((await api.get('/api/v1/schedule', { token: user.token })).status).toBe(200);
  });

  it('skips inactive appliances: no result, no row', async () => {
    const user = await household(['ev_charger']);
    const idle = await addAppliance(cloud, user.userId, 'robot', { isActive: false });
    const res = await recompute(user.token);
    expect(res.body.results.map((r: any) => r.appliance_id)).toEqual([user.ids.ev_charger]);
    expect(await storedRows(cloud, idle)).toEqual([]);
  });

  it('still computes the schedule of a paused unit and of an account whose master switch is off', async () => {
    const user = await household(['hvac', 'ev_charger']);
    await api.put(`/api/v1/appliances/${user.ids.hvac}/preferences`, { optimization_enabled: false }, { token: user.token });
    let res = await recompute(user.token);
    expect(res.body.results.map((r: any) => r.status)).toEqual(['ok', 'ok']);
    expect(res.body.appliances.map((a: any) => a.optimization_enabled)).toEqual([false, true]);
    await api.put('/api/v1/preferences', { optimization_enabled: false }, { token: user.token });
    res = await recompute(user.token);
    expect(res.body.results.map((r: any) => r.status)).toEqual(['ok', 'ok']);
    expect(res.body).toMatchObject({ optimization_enabled: false });
    // Stored: the first run's rows, and the second's where its plan changed (a new slot began meanwhile).
    expect(await rowCount(cloud, user.userId)).toBeGreaterThanOrEqual(2);
  });

  it('with the account optimization_mode off answers empty results and the previous entries, storing nothing', async () => {
    const user = await household(['hvac', 'ev_charger']);
    await recompute(user.token);
    await api.put('/api/v1/preferences', { optimization_mode: 'off' }, { token: user.token });
    const before = await rowCount(cloud, user.userId);
    const res = await recompute(user.token);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
    expect(res.body.appliances.map((a: any) => a.source)).toEqual(['optimization', 'optimization']);
    expect(await rowCount(cloud, user.userId)).toBe(before);
  });

  it('answers empty results for an account without appliances', async () => {
    const user = await signUp(api);
    expect((await recompute(user.token)).body).toMatchObject({ results: [], appliances: [], optimization_enabled: true });
  });

  it('uses the freshest state-of-charge reading of the last 2 hours, else current_charge_pct', async () => {
    const user = await household(['ev_charger']);
    const ev = user.ids.ev_charger;
    await api.post(`/api/v1/appliances/${ev}/constraints`, { target_charge_pct: 90, current_charge_pct: 30 }, { token: user.token });
    const push = (minutes: number, value: number) =>
      api.post(`/api/v1/appliances/${ev}/readings`, { readings: [{ timestamp: minutesAgo(minutes), state: 'IDLE', value }] }, { token: user.token });
    const used = async () => {
      await recompute(user.token);
      const history = (await api.get('/api/v1/schedules/history', { token: user.token })).body.appliances[0].history;
      return history.at(-1).constraints_used;
    };
    expect(await used()).toMatchObject({ soc_pct: 30, soc_source: 'current_charge_pct' });
    await push(180, 55);
    expect(await used()).toMatchObject({ soc_pct: 30, soc_source: 'current_charge_pct' });
    await push(20, 61);
    await push(5, 64);
    expect(await used()).toMatchObject({ soc_pct: 64, soc_source: 'reading' });
  });

  it("clamps a satellite HVAC's planned setpoints into its claimed range", async () => {
    const user = await signUp(api);
    const device = await claimDevice(api, user.token, { setpoint_min_f: 73, setpoint_max_f: 75 });
    await saveModel(cloud, device.applianceId);
    await recompute(user.token);
    const [row] = await storedRows(cloud, device.applianceId);
    const setpoints = row!.schedule.setpoint_temps as number[];
    expect(setpoints.slice(row!.from_slot).every((t) => t >= 73 && t <= 75)).toBe(true);
  });

  it('publishes schedulesWritten with the planned appliances once their rows are stored', async () => {
    const user = await household(['hvac', 'ev_charger', 'dehumidifier']);
    const seen: [string, string[], number][] = [];
    const unsubscribe = cloud.services.scheduleEvents.subscribe((userId, applianceIds) => {
      if (userId === user.userId) void rowCount(cloud, userId).then((n) => seen.push([userId, applianceIds, n]));
    });
    await recompute(user.token);
    await new Promise((r) => setTimeout(r, 100));
    unsubscribe();
    expect(seen).toEqual([[user.userId, [user.ids.hvac, user.ids.ev_charger], 2]]);
  });

  it('answers 401 without a token', async () => {
    expect(await api.post('/api/v1/schedule/recompute')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });
});

describe('which day a recompute plans', () => {
  const at = (iso: string) => new Date(iso);
  const run = (userId: string, now: Date) => cloud.services.recompute.planAccounts([{ userId, trigger: 'recompute' }], now);

  it('re-plans the rest of today from the current slot and keeps the slots already past as they were', async () => {
    const user = await household(['hvac', 'ev_charger']);
    await api.post(
      `/api/v1/appliances/${user.ids.ev_charger}/constraints`,
      { target_charge_pct: 90, current_charge_pct: 20, deadline_time: '23:00' },
      { token: user.token },
    );
    await run(user.userId, at('2026-07-15T03:10:00Z'));
    await api.put('/api/v1/preferences', { base_temperature: 76 }, { token: user.token });
    await api.post(
      `/api/v1/appliances/${user.ids.ev_charger}/constraints`,
      { target_charge_pct: 50, current_charge_pct: 20, deadline_time: '23:00' },
      { token: user.token },
    );
    await run(user.userId, at('2026-07-15T12:40:00Z'));
    for (const id of [user.ids.hvac, user.ids.ev_charger]) {
      const [first, second] = await storedRows(cloud, id);
      expect([first!.local_date, first!.from_slot, second!.local_date, second!.from_slot]).toEqual(['2026-07-15', 6, '2026-07-15', 25]);
      for (const [key, value] of Object.entries(second!.schedule)) {
        if (!Array.isArray(value)) continue;
        expect(value.slice(0, 25), key).toEqual((first!.schedule[key] as unknown[]).slice(0, 25));
      }
    }
    const [first, second] = await storedRows(cloud, user.ids.hvac);
    expect(second!.schedule.high_temps.slice(25)).not.toEqual(first!.schedule.high_temps.slice(25));
  });

  it('plans the next day too when it is already planned (a nightly row exists)', async () => {
    const user = await household(['ev_charger']);
    const ev = user.ids.ev_charger;
    await insertRow(cloud, { user_id: user.userId, appliance_id: ev, local_date: '2026-07-16', schedule: { intervals: [] }, trigger: 'nightly' });
    await run(user.userId, at('2026-07-15T20:00:00Z'));
    const stored = await storedRows(cloud, ev);
    expect(stored.map((r) => [r.local_date, r.from_slot, r.trigger])).toEqual([
      ['2026-07-16', 0, 'nightly'],
      ['2026-07-15', 40, 'recompute'],
      ['2026-07-16', 0, 'recompute'],
    ]);
  });

  it('an HVAC plan after a defaults row keeps the band middles as its past setpoints', async () => {
    const user = await household(['hvac'], { fitted: false });
    await run(user.userId, at('2026-07-15T02:00:00Z'));
    await saveModel(cloud, user.ids.hvac);
    await run(user.userId, at('2026-07-15T05:00:00Z'));
    const [defaults, optimized] = await storedRows(cloud, user.ids.hvac);
    expect(defaults!.schedule.setpoint_temps).toBeNull();
    expect(optimized!.schedule.setpoint_temps.slice(0, 10)).toEqual(Array(10).fill(72));
    expect(optimized!.source).toBe('optimization');
  });

  it('plans the local day of the account time zone', async () => {
    const user = await household(['ev_charger']);
    await api.patch('/auth/me', { timezone: 'Asia/Tokyo' }, { token: user.token });
    await run(user.userId, at('2026-07-15T20:00:00Z'));
    expect((await storedRows(cloud, user.ids.ev_charger)).map((r) => [r.local_date, r.from_slot])).toEqual([['2026-07-16', 10]]);
  });
});

describe('GET after recompute', () => {
  it('serves the recomputed rows as today and updated-at moves', async () => {
    const user = await household(['hvac']);
    await insertRow(cloud, { user_id: user.userId, appliance_id: user.ids.hvac, local_date: localTomorrow(), schedule: hvacBody(70) });
    await recompute(user.token);
    const updated = (await api.get('/api/v1/schedules/updated-at', { token: user.token })).body.updated_at;
    const schedule = (await api.get('/api/v1/schedule', { token: user.token })).body;
    expect(schedule.generated_at).toBe(updated);
    expect(schedule.date).toBe(localToday());
  });
});
