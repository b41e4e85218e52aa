import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { addAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';
import { backfill, chicagoSlotStart, evPlanBody, hvacPlanBody, seedHome, seedHvacReadings, seedPlan, SLOT_PRICES } from './metrics-seed.js';

let cloud: RunningCloud;
let api: ApiClient;
// One home in Chicago (UTC-5 in June) on the custom tariff 10 c/kWh, 30 c/kWh 16:00-21:00, with an
// HVAC and an EV. 2026-06-01 has plans and a full day of HVAC readings; 2026-06-02 plans only.
let home: { token: string; userId: string };
let hvacId: string;
let evId: string;
const D1 = '2026-06-01';
const D2 = '2026-06-02';
const hours = (at: Record<number, number>) => Array.from({ length: 24 }, (_, h) => at[h] ?? 0);

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
  home = await seedHome(cloud, { zip: '60614', customRates: true });
  hvacId = await addAppliance(cloud, home.userId, 'hvac');
  evId = await addAppliance(cloud, home.userId, 'ev_charger');
  const evUsed = { max_charge_rate_kw: 7.2, target_charge_pct: 80, min_charge_pct: 20, deadline_time: '07:00' };
  // An older row of the day with other costs: only the newest counts.
  await seedPlan(cloud, {
    userId: home.userId,
    applianceId: hvacId,
    date: D1,
    schedule: hvacPlanBody(60, 90, 80),
    baseline: 999,
    optimized: 1,
    createdAt: new Date('2026-05-31T09:00:00Z'),
  });
  await seedPlan(cloud, { userId: home.userId, applianceId: hvacId, date: D1, schedule: hvacPlanBody(70, 74, 73), baseline: 400, optimized: 300 });
  await seedPlan(cloud, { userId: home.userId, applianceId: evId, date: D1, schedule: evPlanBody([2, 3, 4, 5]), baseline: 100, optimized: 60, used: evUsed });
  await seedPlan(cloud, { userId: home.userId, applianceId: hvacId, date: D2, schedule: hvacPlanBody(70, 74, 73), baseline: 500, optimized: 450 });
  // One reading 10 minutes into each slot of D1: 2 kW cooling in slots 20-31 (10:00-16:00), idle
  // otherwise; 76 F (above the band) in slots 32-35; commanded 77 F (a conformance defect) in slots
  // 10-11; the thermostat set to 69 F (an override) in slots 36-38.
  await seedHvacReadings(
    cloud,
    home.userId,
    hvacId,
    Array.from({ length: 48 }, (_, s) => {
      const commanded = s === 10 || s === 11 ? 77 : 73;
      return {
        ts: new Date(chicagoSlotStart(D1, s).getTime() + 10 * 60_000),
        indoor_temp: s >= 32 && s < 36 ? 76 : 72,
        power_watts: s >= 20 && s < 32 ? 2000 : 0,
        hvac_action: s >= 20 && s < 32 ? 'cooling' : 'idle',
        commanded_setpoint: commanded,
        target_temp: s >= 36 && s < 39 ? 69 : commanded,
        override_active: false,
      };
    }),
  );
  const outcome = await backfill(cloud, D1, D2);
  expect(outcome).toMatchObject({ status: 'done', days: 2 });
});
afterAll(() => cloud.stop());

// Worked out by hand from the seed:
// D1 modeled: (400 - 300) + (100 - 60) = 140 c; savings 140 / 500 = 28 %.
// D1 realized (the metered HVAC only): 12 slots * 2 kW * 0.5 h = 12 kWh at 10 c = 120 c; 400 - 120 = 280 c.
// D1 peaks: the priciest 12 slots are 32-41 then 0-1; the HVAC runs in 20-31 and the EV (planned) in
//   2-5, so all 12 are idle: 6 h; the priciest 6 (32-37): 3 h.
// D1 off-peak: every kWh (HVAC 12, EV 4 slots * 7.2 kW * 0.5 h = 14.4) falls in 10 c slots, below
//   the mean price: 100 %.
// Degree-hours: (74 - 70) F * 24 h = 96. Percent-hours: (80 - 20) % * 7 h to the 07:00 deadline = 420.
// In band: 44 of 48 slots = 91.7 %. Conformance: 45 readings judged (3 overriding), 2 defects: 43/45 = 95.6 %.
// D2: modeled 50 c of 500 = 10 %; nothing measured.
const D1_DAY = {
  date: D1,
  savings: { modeled_usd: 1.4, realized_usd: 2.8, savings_pct: 28, degenerate: false },
  peaks: { peak_hours_idle: 6, top_peak_hours_idle: 3, off_peak_kwh_share_pct: 100 },
  flexibility: { degree_hours: 96, percent_hours: 420 },
  comfort: { in_band_home_pct: 91.7 },
};
const D2_DAY = {
  date: D2,
  savings: { modeled_usd: 0.5, realized_usd: null, savings_pct: 10, degenerate: false },
  peaks: { peak_hours_idle: null, top_peak_hours_idle: null, off_peak_kwh_share_pct: null },
  flexibility: { degree_hours: 96, percent_hours: null },
  comfort: { in_band_home_pct: null },
};

describe('the daily metrics job', () => {
  it('stores one row per machine-day with its source and trust', async () => {
    const machines = await rows(
      cloud,
      `SELECT appliance_id, local_date::text AS date, activity_source, power_coverage_pct, kwh, off_peak_kwh, modeled_usd, realized_usd,
                                               conformance_pct, override_events, conformance_defects
                                          FROM metrics_machine_daily WHERE user_id = $1 ORDER BY local_date, appliance_type DESC`,
      [home.userId],
    );
    expect(machines).toEqual([
      {
        appliance_id: hvacId,
        date: D1,
        activity_source: 'metered',
        power_coverage_pct: 100,
        kwh: 12,
        off_peak_kwh: 12,
        modeled_usd: 1,
        realized_usd: 2.8,
        conformance_pct: 95.6,
        override_events: 1,
        conformance_defects: 1,
      },
      {
        appliance_id: evId,
        date: D1,
        activity_source: 'planned',
        power_coverage_pct: 0,
        kwh: 14.4,
        off_peak_kwh: 14.4,
        modeled_usd: 0.4,
        realized_usd: null,
        conformance_pct: null,
        override_events: null,
        conformance_defects: null,
      },
      {
        appliance_id: hvacId,
        date: D2,
        activity_source: null,
        power_coverage_pct: 0,
        kwh: null,
        off_peak_kwh: null,
        modeled_usd: 0.5,
        realized_usd: null,
        conformance_pct: null,
        override_events: null,
        conformance_defects: null,
      },
    ]);
  });
});

describe('GET /api/v1/me/metrics/daily', () => {
  it('answers the stored days of the range', async () => {
    const res = await api.get(`/api/v1/me/metrics/daily?start=${D1}&end=${D2}`, { token: home.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ start: D1, end: D2, days: [D1_DAY, D2_DAY] });
  });

  it('defaults to the 30 days before the local today', async () => {
    const res = await api.get('/api/v1/me/metrics/daily', { token: home.token });
    expect(res.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    expect(res.body.end).toBe(today);
    expect((Date.parse(res.body.end) - Date.parse(res.body.start)) / 86_400_000).toBe(30);
    expect(res.body.days).toEqual([]);
  });

  it.each([
    ['start=2026-06-03&end=2026-06-02', 'start must be <= end'],
    ['start=2026-01-01&end=2026-04-02', 'window exceeds 90 days'],
    ['start=junk&end=2026-06-02', 'start must be ISO YYYY-MM-DD'],
    ['end=2026-13-01', 'end must be ISO YYYY-MM-DD'],
    ['start=2026-06-01&start=2026-06-02', 'start must be ISO YYYY-MM-DD'],
  ])('refuses %s with 400 %s', async (query, detail) => {
    const res = await api.get(`/api/v1/me/metrics/daily?${query}`, { token: home.token });
    expect(res).toMatchObject({ status: 400, body: { detail } });
  });
});

describe('GET /api/v1/me/metrics/summary', () => {
  it('sums cumulative figures and means intensities over the window ending on the latest day', async () => {
    const res = await api.get('/api/v1/me/metrics/summary', { token: home.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      window: 30,
      latest_date: D2,
      days_counted: 2,
      savings: { modeled_usd: 1.9, realized_usd: 2.8, savings_pct: 19, degenerate: false, realized_days: 1, modeled_days: 2 },
      peaks: { peak_hours_idle: 6, top_peak_hours_idle: 3, off_peak_kwh_share_pct: 100 },
      flexibility: { degree_hours: 96, percent_hours: 420 },
      comfort: { in_band_home_pct: 91.7 },
      adherence: { conformance_pct: 95.6, override_events: 1, override_by_hour: hours({ 18: 1 }) },
      machines: { active: 2, by_type: { hvac: 1, ev_charger: 1, home_battery: 0, water_heater: 0, solar: 0 } },
    });
  });

  it('counts only the days of a shorter window', async () => {
    const res = await api.get('/api/v1/me/metrics/summary?window=1', { token: home.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      window: 1,
      latest_date: D2,
      days_counted: 1,
      savings: { modeled_usd: 0.5, realized_usd: null, savings_pct: 10, realized_days: 0, modeled_days: 1 },
      adherence: { conformance_pct: null, override_events: null, override_by_hour: null },
    });
  });

  it('answers an account without history with nulls and its machines', async () => {
    const fresh = await signUp(api);
    await addAppliance(cloud, fresh.userId, 'solar');
    await addAppliance(cloud, fresh.userId, 'robot');
    await addAppliance(cloud, fresh.userId, 'hvac', { isActive: false });
    const res = await api.get('/api/v1/me/metrics/summary?window=90', { token: fresh.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      window: 90,
      latest_date: null,
      days_counted: 0,
      savings: { modeled_usd: null, realized_usd: null, savings_pct: null, degenerate: false, realized_days: 0, modeled_days: 0 },
      machines: { active: 2, by_type: { hvac: 0, ev_charger: 0, home_battery: 0, water_heater: 0, solar: 1 } },
    });
  });

  it.each([
    ['window=91', 'window exceeds 90 days'],
    ['window=0', 'window must be an integer between 1 and 90'],
    ['window=-5', 'window must be an integer between 1 and 90'],
    ['window=2.5', 'window must be an integer between 1 and 90'],
    ['window=ten', 'window must be an integer between 1 and 90'],
    ['window=', 'window must be an integer between 1 and 90'],
  ])('refuses %s with 400 %s', async (query, detail) => {
    const res = await api.get(`/api/v1/me/metrics/summary?${query}`, { token: home.token });
    expect(res).toMatchObject({ status: 400, body: { detail } });
  });

  it.each(['/api/v1/me/metrics/summary', '/api/v1/me/metrics/daily', `/api/v1/me/metrics/day/${D1}`, '/api/v1/me/rankings'])(
    '%s needs a user token',
    async (path) => {
      expect(await api.get(path)).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
      expect(await api.get(path, { token: 'garbage' })).toMatchObject({ status: 401, body: { detail: 'Invalid token' } });
    },
  );
});

describe('GET /api/v1/me/metrics/day/{date}', () => {
  const at = (slot: number) => new Date(chicagoSlotStart(D1, slot).getTime() + 10 * 60_000).toISOString();

  it("answers the first active HVAC's plan, band, prices, temperatures and episodes", async () => {
    const res = await api.get(`/api/v1/me/metrics/day/${D1}`, { token: home.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: D1,
      appliance_id: hvacId,
      setpoints: Array(48).fill(73),
      comfort_band: { high: Array(48).fill(74), low: Array(48).fill(70) },
      price_curve: SLOT_PRICES,
      indoor_temps: Array.from({ length: 48 }, (_, s) => (s >= 32 && s < 36 ? 76 : 72)),
      overrides: [{ start: at(36), end: at(38), start_hour: 18, readings: 3 }],
      conformance_defects: [{ start: at(10), end: at(11), start_hour: 5, readings: 2 }],
    });
  });

  it('has null slots without readings and null plan parts without a plan', async () => {
    const res = await api.get('/api/v1/me/metrics/day/2026-05-20', { token: home.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: '2026-05-20',
      appliance_id: hvacId,
      setpoints: null,
      comfort_band: { high: null, low: null },
      price_curve: SLOT_PRICES,
      indoor_temps: Array(48).fill(null),
      overrides: [],
      conformance_defects: [],
    });
  });

  it("ignores another user's appliance_id (and a malformed one)", async () => {
    const other = await signUp(api);
    const foreign = await addAppliance(cloud, other.userId, 'hvac');
    for (const id of [foreign, 'not-a-uuid', evId]) {
      const res = await api.get(`/api/v1/me/metrics/day/${D1}?appliance_id=${id}`, { token: home.token });
      expect(res.status).toBe(200);
      expect(res.body.appliance_id).toBe(hvacId);
    }
    const theirs = await api.get(`/api/v1/me/metrics/day/${D1}?appliance_id=${hvacId}`, { token: other.token });
    expect(theirs.body).toMatchObject({ appliance_id: foreign, setpoints: null, indoor_temps: Array(48).fill(null), overrides: [] });
  });

  it('answers a null appliance without an active HVAC', async () => {
    const fresh = await signUp(api);
    await addAppliance(cloud, fresh.userId, 'hvac', { isActive: false });
    const res = await api.get(`/api/v1/me/metrics/day/${D1}`, { token: fresh.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ appliance_id: null, setpoints: null, comfort_band: { high: null, low: null }, overrides: [], conformance_defects: [] });
    expect(res.body.price_curve).toHaveLength(48);
  });

  it.each(['2026-6-1', '2026-02-30', 'yesterday', '20260601'])('refuses %s with 400', async (date) => {
    const res = await api.get(`/api/v1/me/metrics/day/${date}`, { token: home.token });
    expect(res).toMatchObject({ status: 400, body: { detail: 'date must be ISO YYYY-MM-DD' } });
  });
});

describe('bad requests change nothing', () => {
  it('leaves the stored metrics as they were', async () => {
    const before = await rows(cloud, `SELECT * FROM metrics_daily ORDER BY user_id, local_date`);
    await api.get('/api/v1/me/metrics/summary?window=500', { token: home.token });
    await api.get('/api/v1/me/metrics/daily?start=2026-06-03&end=2026-06-01', { token: home.token });
    await api.get('/api/v1/me/metrics/day/nope', { token: home.token });
    await api.get('/api/v1/me/rankings?window=0', { token: home.token });
    expect(await rows(cloud, `SELECT * FROM metrics_daily ORDER BY user_id, local_date`)).toEqual(before);
  });
});
