// The home as one system: the household's own load (readings, set profile, the profile
// in use), the import limit in the profile, and a plan of EV, battery and water heater on the same
// cheap night that keeps every slot within the limit and names what it cannot meet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPICAL_HOUSEHOLD_LOAD_KW } from '../../src/domain/planning/household-load.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const DAY_MS = 86_400_000;
const utcMidnight = (daysAgo: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - daysAgo * DAY_MS);

/** A UTC account (so local days are UTC days). */
async function account() {
  const user = await signUp(api);
  expect((await api.patch('/auth/me', { timezone: 'UTC' }, { token: user.token })).status).toBe(200);
  return user;
}

/** Half-hourly readings (W) of whole days `daysAgo` back: 48 per day, `watts(slot)`. */
function dayReadings(daysAgo: number, watts: (slot: number) => number) {
  const start = utcMidnight(daysAgo).getTime();
  return Array.from({ length: 48 }, (_, slot) => ({ timestamp: new Date(start + slot * 1_800_000 + 600_000).toISOString(), value: watts(slot) }));
}

describe('household load', () => {
  it('is typical, then set, then measured once 3 days cover most slots; a set profile clears with null', async () => {
    const user = await account();
    const get = async () => (await api.get('/api/v1/household-load', { token: user.token })).body;
    expect(await get()).toEqual({ source: 'typical', load_kw_48: [...TYPICAL_HOUSEHOLD_LOAD_KW], days_measured: 0 });

    const set = Array.from({ length: 48 }, (_, i) => (i >= 34 && i < 42 ? 2.5 : 0.6));
    const put = await api.put('/api/v1/household-load', { load_kw_48: set }, { token: user.token });
    expect(put).toMatchObject({ status: 200, body: { source: 'set', load_kw_48: set, days_measured: 0 } });

    // Two days of a sensor (one in kW sent as W by the hub: 1.2 kW = 1200 W) are not enough.
    const house = (slot: number) => (slot >= 34 && slot < 42 ? 3000 : 1200);
    for (const daysAgo of [1, 2])
      expect((await api.post('/api/v1/household-load/readings', { readings: dayReadings(daysAgo, house) }, { token: user.token })).status).toBe(201);
    expect(await get()).toMatchObject({ source: 'set', days_measured: 2 });
    // A third day with a gap of 8 slots still covers most (40 of 48).
    const third = dayReadings(3, house).filter((_, slot) => slot < 10 || slot >= 18);
    expect((await api.post('/api/v1/household-load/readings', { readings: third }, { token: user.token })).body).toEqual({ accepted: 40 });
    const measured = await get();
    expect(measured).toMatchObject({ source: 'measured', days_measured: 3 });
    expect(measured.load_kw_48[36]).toBeCloseTo(3, 6);
    expect(measured.load_kw_48[12]).toBeCloseTo(1.2, 6);

    // Clearing the set profile changes nothing while the measured one wins.
    expect((await api.put('/api/v1/household-load', { load_kw_48: null }, { token: user.token })).body.source).toBe('measured');
    expect(await rows(cloud, 'SELECT household_load_kw_48 FROM profiles WHERE user_id = $1', [user.userId])).toEqual([{ household_load_kw_48: null }]);
  });

  it("a first push re-plans only when it carries a past day: today's readings alone cannot change the profile", async () => {
    const openJobs = async (userId: string) => {
      await cloud.services.recomputeQueue.settled();
      return rows<{ reasons: string[] }>(cloud, 'SELECT reasons FROM planning_jobs WHERE user_id = $1 AND finished_at IS NULL', [userId]);
    };
    const fresh = await account();
    await cloud.services.recomputeQueue.settled();
    await rows(cloud, 'DELETE FROM planning_jobs WHERE user_id = $1', [fresh.userId]);
    const now = { timestamp: new Date().toISOString(), value: 900 };
    expect((await api.post('/api/v1/household-load/readings', { readings: [now] }, { token: fresh.token })).status).toBe(201);
    expect(await openJobs(fresh.userId)).toEqual([]);

    const withHistory = await account();
    await cloud.services.recomputeQueue.settled();
    await rows(cloud, 'DELETE FROM planning_jobs WHERE user_id = $1', [withHistory.userId]);
    expect((await api.post('/api/v1/household-load/readings', { readings: dayReadings(1, () => 900) }, { token: withHistory.token })).status).toBe(201);
    expect(await openJobs(withHistory.userId)).toEqual([{ reasons: ['household_readings'] }]);
  });

  it('a change of the set profile asks for the debounced recompute', async () => {
    const user = await account();
    await cloud.services.recomputeQueue.settled();
    await api.put('/api/v1/household-load', { load_kw_48: Array(48).fill(1) }, { token: user.token });
    await cloud.services.recomputeQueue.settled();
    const open = await rows<{ reasons: string[] }>(cloud, 'SELECT reasons FROM planning_jobs WHERE user_id = $1 AND finished_at IS NULL', [user.userId]);
    expect(open).toEqual([{ reasons: ['household_load'] }]);
  });

  it.each([
    [{}, 'load_kw_48 is required'],
    [{ load_kw_48: Array(47).fill(1) }, 'load_kw_48 must be an array of 48 numbers or null'],
    [{ load_kw_48: 'flat' }, 'load_kw_48 must be an array of 48 numbers or null'],
    [{ load_kw_48: [...Array(47).fill(1), 100.5] }, 'load_kw_48[47] must be a number between 0 and 100'],
    [{ load_kw_48: [-1, ...Array(47).fill(1)] }, 'load_kw_48[0] must be a number between 0 and 100'],
    [{ load_kw_48: ['1', ...Array(47).fill(1)] }, 'load_kw_48[0] must be a number between 0 and 100'],
  ])('PUT %j answers 400 %s and keeps the stored profile', async (body, detail) => {
    const user = await account();
    const kept = Array(48).fill(0.7);
    await api.put('/api/v1/household-load', { load_kw_48: kept }, { token: user.token });
    expect(await api.put('/api/v1/household-load', body, { token: user.token })).toMatchObject({ status: 400, body: { detail } });
    expect((await api.get('/api/v1/household-load', { token: user.token })).body).toMatchObject({ source: 'set', load_kw_48: kept });
  });

  it.each([
    [[{ timestamp: new Date().toISOString(), value: -1 }], 'readings[0].value', 'value must be between 0 and 100000'],
    [[{ timestamp: new Date().toISOString(), value: 100_001 }], 'readings[0].value', 'value must be between 0 and 100000'],
    [[{ timestamp: new Date().toISOString(), value: '900' }], 'readings[0].value', 'value must be a number'],
    [
      [{ timestamp: '2026-01-01 10:00', value: 900 }],
      'readings[0].timestamp',
      'timestamp must be an ISO 8601 date-time with a time zone, e.g. 2024-07-01T14:05:00Z',
    ],
    [[{ timestamp: new Date(Date.now() + DAY_MS).toISOString(), value: 900 }], 'future', null],
    [[], 'empty', 'readings must contain between 1 and 100 readings'],
  ])('POST readings %j (%s) answers 400 and stores nothing of the batch', async (readings, _what, detail) => {
    const user = await account();
    const good = { timestamp: new Date(Date.now() - 60_000).toISOString(), value: 800 };
    const res = await api.post('/api/v1/household-load/readings', { readings: readings.length > 0 ? [good, ...readings] : [] }, { token: user.token });
    expect(res.status).toBe(400);
    if (detail) expect(res.body.detail).toBe(detail);
    else expect(res.body.detail).toMatch(/future/i);
    expect(await rows(cloud, 'SELECT count(*)::int AS n FROM household_load_readings WHERE user_id = $1', [user.userId])).toEqual([{ n: 0 }]);
  });
});

describe('profile: household_power_entity_id and max_import_kw', () => {
  it('stores, shows and clears both', async () => {
    const user = await account();
    const patched = await api.patch('/auth/me', { household_power_entity_id: 'sensor.home_power', max_import_kw: 12 }, { token: user.token });
    expect(patched.body).toMatchObject({ household_power_entity_id: 'sensor.home_power', max_import_kw: 12 });
    expect((await api.get('/auth/me', { token: user.token })).body).toMatchObject({ household_power_entity_id: 'sensor.home_power', max_import_kw: 12 });
    const cleared = await api.patch('/auth/me', { household_power_entity_id: null, max_import_kw: null }, { token: user.token });
    expect(cleared.body).toMatchObject({ household_power_entity_id: null, max_import_kw: null });
  });

  it('a change of max_import_kw asks for the debounced recompute', async () => {
    const user = await account();
    const open = () => rows<{ reasons: string[] }>(cloud, 'SELECT reasons FROM planning_jobs WHERE user_id = $1 AND finished_at IS NULL', [user.userId]);
    await cloud.services.recomputeQueue.settled();
    const before = await open();
    await api.patch('/auth/me', { max_import_kw: 12 }, { token: user.token });
    await cloud.services.recomputeQueue.settled();
    expect(await open()).toEqual([{ reasons: [...(before[0]?.reasons ?? []), 'import_limit'] }]);
  });

  it.each([
    [{ max_import_kw: 0.5 }, 'max_import_kw must be a number between 1 and 200 or null'],
    [{ max_import_kw: 200.1 }, 'max_import_kw must be a number between 1 and 200 or null'],
    [{ max_import_kw: '12' }, 'max_import_kw must be a number between 1 and 200 or null'],
    [{ household_power_entity_id: 'switch.main' }, 'household_power_entity_id must be a sensor.* entity id or null'],
    [{ household_power_entity_id: 5 }, 'household_power_entity_id must be a sensor.* entity id or null'],
  ])('PATCH %j answers 400 %s and changes nothing', async (body, detail) => {
    const user = await account();
    await api.patch('/auth/me', { max_import_kw: 20, household_power_entity_id: 'sensor.grid' }, { token: user.token });
    expect(await api.patch('/auth/me', body, { token: user.token })).toMatchObject({ status: 400, body: { detail } });
    expect((await api.get('/auth/me', { token: user.token })).body).toMatchObject({ max_import_kw: 20, household_power_entity_id: 'sensor.grid' });
  });
});

describe('one import limit for the whole home', () => {
  it('EV, battery and water heater on the same cheap night with max_import_kw 12: no slot over 12 kW, the EV target it cannot meet is named', async () => {
    const user = await account();
    const token = { token: user.token };
    // Cheap 00:00-03:00 (10 c), a 50 c evening peak, 30 c otherwise.
    await api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: Array.from({ length: 24 }, (_, h) => (h < 3 ? 10 : h >= 17 && h < 21 ? 50 : 30)) }, token);
    // A pool pump runs through the cheap night: the house draws 6 kW then, 1 kW otherwise.
    await api.put('/api/v1/household-load', { load_kw_48: Array.from({ length: 48 }, (_, i) => (i < 6 ? 6 : 1)) }, token);
    await api.patch('/auth/me', { max_import_kw: 12 }, token);
    const ev = await createAppliance(cloud, user, 'ev_charger', { name: 'Car' });
    await api.put(`/api/v1/appliances/${ev}`, { config: { entity_id: 'switch.ev_charger', battery_capacity_kwh: 60, max_charge_rate_kw: 7.2 } }, token);
    await api.post(`/api/v1/appliances/${ev}/constraints`, { target_charge_pct: 80, current_charge_pct: 50, deadline_time: '03:00' }, token);
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'Battery' });
    await api.put(
      `/api/v1/appliances/${battery}`,
      { config: { entity_id: 'switch.battery_charge', capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 } },
      token,
    );
    // No reading and no current_charge_pct for a home battery: it starts at the documented 50 %.
    await api.post(`/api/v1/appliances/${battery}/constraints`, { min_charge_pct: 10 }, token);
    const tank = await createAppliance(cloud, user, 'water_heater', { name: 'Tank' });
    await api.put(`/api/v1/appliances/${tank}`, { config: { entity_id: 'switch.water_heater', tank_size_gallons: 50, element_watts: 4500 } }, token);

    // Tomorrow's whole day, as the nightly run plans it.
    const now = new Date();
    const [outcome] = await cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'nightly', runAt: now }], now);
    expect(outcome).toMatchObject({ status: 'fulfilled' });
    const results = (outcome as PromiseFulfilledResult<{ results: { appliance_id: string; detail?: string }[] }>).value.results;

    const [home] = await rows<{ plan: any }>(cloud, 'SELECT plan FROM home_plans WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [user.userId]);
    const plan = home!.plan;
    expect(plan).toMatchObject({ source: 'set', max_import_kw: 12 });
    expect(plan.grid_import_kw_48).toHaveLength(48);
    expect(Math.max(...plan.grid_import_kw_48)).toBeLessThanOrEqual(12 + 1e-6);

    const schedules = await rows<{ appliance_id: string; schedule: any; missed: any[]; constraints_used: any }>(
      cloud,
      'SELECT DISTINCT ON (appliance_id) appliance_id, schedule, missed, constraints_used FROM schedules WHERE user_id = $1 ORDER BY appliance_id, id DESC',
      [user.userId],
    );
    const of = (id: string) => schedules.find((s) => s.appliance_id === id)!;
    // The draws add up within the limit in every slot: house + EV + tank + battery charging.
    for (let i = 0; i < 48; i++) {
      const evKw = of(ev).schedule.intervals[i] ? 7.2 : 0;
      const tankKw = of(tank).schedule.intervals[i] ? 4.5 : 0;
      expect((i < 6 ? 6 : 1) + evKw + tankKw).toBeLessThanOrEqual(12);
    }
    // The tank (comfort first) keeps its minimum; the battery charges within what is left.
    expect(of(tank).missed).toEqual([]);
    expect(of(battery).missed).toEqual([]);
    expect(Math.max(...of(battery).schedule.value_trajectory)).toBeGreaterThan(50);
    // 6 kW of pool pump leave no room for a 7.2 kW charger before 03:00: the target is named.
    expect(of(ev).missed.map((m: { limit: string }) => m.limit)).toEqual(['target_charge_pct']);
    expect(results.find((r) => r.appliance_id === ev)!.detail).toMatch(
      /^within max_import_kw 12 kW: target_charge_pct reaches 50 % by 03:00, short of the 80 % target/,
    );
    expect(of(ev).constraints_used.import_limited_slots).toBeGreaterThan(0);
  });

  it('the recompute answer and GET /schedules carry the home block', async () => {
    const user = await account();
    const token = { token: user.token };
    await createAppliance(cloud, user, 'home_battery', { name: 'Battery' });
    const res = await api.post('/api/v1/schedule/recompute', {}, token);
    expect(res.status).toBe(200);
    expect(res.body.home).toMatchObject({ source: 'typical', max_import_kw: null, expected_cost_cents: expect.any(Number) });
    for (const key of ['load_kw_48', 'grid_import_kw_48', 'export_kw_48']) expect(res.body.home[key]).toHaveLength(48);
    expect((await api.get('/api/v1/schedules', token)).body.home).toEqual(res.body.home);
  });
});

describe('the EMHASS comparison day', () => {
  it('given the load over the API and 0.95/0.95, the plan costs within 0.1 % of the exact optimum', async () => {
    const { emhassDay } = await import('../../src/bench/optimizer/home-battery-home-case.js');
    const { solveBatteryReference } = await import('../../src/bench/optimizer/reference-home-battery.js');
    const highsLoader = (await import('highs')).default as unknown as () => Promise<import('highs').Highs>;
    const instance = emhassDay();
    const user = await account();
    const token = { token: user.token };
    await api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 52 : 40)) }, token);
    expect((await api.put('/api/v1/household-load', { load_kw_48: instance.input.householdLoadKw }, token)).status).toBe(200);
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'Battery' });
    await api.put(
      `/api/v1/appliances/${battery}`,
      { config: { entity_id: 'switch.battery_charge', capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 } },
      token,
    );
    // Half full (the documented default without a reading), 10 % minimum, no target.
    await api.post(`/api/v1/appliances/${battery}/constraints`, { min_charge_pct: 10 }, token);
    const now = new Date();
    await cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'nightly', runAt: now }], now);
    const [row] = await rows<{ baseline_cost_cents: number; optimized_cost_cents: number; constraints_used: any }>(
      cloud,
      'SELECT baseline_cost_cents, optimized_cost_cents, constraints_used FROM schedules WHERE appliance_id = $1 ORDER BY id DESC LIMIT 1',
      [battery],
    );
    expect(row!.constraints_used).toMatchObject({
      household_load: 'set',
      charge_efficiency: 0.95,
      discharge_efficiency: 0.95,
      target_charge_pct: 50,
      max_charge_pct: 100,
    });
    // The exact optimum of the same day (the bench's MILP), with the charge left at the end valued at the refill price.
    const exact = solveBatteryReference(await highsLoader(), instance.day, instance.input);
    expect(exact.optimal).toBe(true);
    const exactDay = Number(row!.baseline_cost_cents) + exact.costCents;
    const planned = Number(row!.optimized_cost_cents);
    expect(Math.abs(planned - exactDay) / exactDay).toBeLessThanOrEqual(0.001);
    // And it saves: charged at 40 c / 0.95 past its starting charge, it covers the 52 c peak at 0.95
    // (about 7 c per stored kWh, some 12 kWh of it) instead of idling.
    expect(planned).toBeLessThan(Number(row!.baseline_cost_cents) - 50);
  });
});

describe('a battery planned for the spread of the measured days', () => {
  it('charges for the evenings the home shows, not their average, and the home block shows that plan on the profile', async () => {
    const { planHomeBattery } = await import('../../src/domain/planners/home-battery.js');
    const { day } = await import('../../src/domain/planners/planner-fixtures.test-support.js');
    const user = await account();
    const token = { token: user.token };
    const prices = Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 52 : 40));
    await api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: prices }, token);
    // Three weeks of a sensor: every third evening (16:00-21:00) draws 2.8 kW, the others 0.8 kW.
    for (let daysAgo = 1; daysAgo <= 21; daysAgo++) {
      const readings = dayReadings(daysAgo, (slot) => (slot >= 32 && slot < 42 ? (daysAgo % 3 === 0 ? 2800 : 800) : 500));
      for (const half of [readings.slice(0, 24), readings.slice(24)])
        expect((await api.post('/api/v1/household-load/readings', { readings: half }, token)).status).toBe(201);
    }
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'Battery' });
    await api.put(
      `/api/v1/appliances/${battery}`,
      { config: { entity_id: 'switch.battery_charge', capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 } },
      token,
    );
    await api.post(`/api/v1/appliances/${battery}/constraints`, { min_charge_pct: 10 }, token);
    const now = new Date();
    await cloud.services.recompute.planAccounts([{ userId: user.userId, trigger: 'nightly', runAt: now }], now);

    const [row] = await rows<{ schedule: any; constraints_used: any }>(
      cloud,
      'SELECT schedule, constraints_used FROM schedules WHERE appliance_id = $1 ORDER BY id DESC LIMIT 1',
      [battery],
    );
    const [home] = await rows<{ plan: any }>(cloud, 'SELECT plan FROM home_plans WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [user.userId]);
    const plan = home!.plan;
    expect(row!.constraints_used).toMatchObject({ household_load: 'measured', target_charge_pct: 50 });
    expect(plan.source).toBe('measured');
    // The exact plan for the profile alone covers an average evening; this one holds more charge for the high ones.
    const slotPrices = Array.from({ length: 48 }, (_, s) => prices[Math.floor(s / 2)]!);
    const input = { socPct: 50, capacityKwh: 13.5, maxChargeRateKw: 5, maxDischargeRateKw: 5, chargeEfficiency: 0.95, dischargeEfficiency: 0.95 };
    const pointPlan = planHomeBattery(day(slotPrices), {
      ...input,
      targetPct: 50,
      minPct: 10,
      maxPct: 100,
      deadlineMinute: null,
      householdLoadKw: plan.load_kw_48,
    });
    expect(row!.schedule.value_trajectory[31]).toBeGreaterThan(pointPlan.schedule.value_trajectory[31]! + 5);
    // The home block is that plan as it plays out on the profile: the battery covers the house, never exports.
    expect(plan.export_kw_48).toEqual(Array(48).fill(0));
    for (let s = 32; s < 42; s++) expect(plan.grid_import_kw_48[s]).toBeLessThan(plan.load_kw_48[s]);
    const cost = plan.grid_import_kw_48.reduce((t: number, kw: number, s: number) => t + kw * 0.5 * slotPrices[s]!, 0);
    expect(plan.expected_cost_cents).toBeCloseTo(cost, 0);
  });
});
