// GET /api/v1/me/metrics/ledger/{date} for the charged types (battery, EV, robot): a day's
// readings priced at the tariff in force against each type's baseline, hindsight at most the
// actual cost; and who may read a ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { DAY, getLedger, householdReadings, ledgerAccount, PRICES, valueReadings } from '../support/ledger-day.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const account = () => ledgerAccount(api);
const ledger = (token: { token: string }) => getLedger(api, token);

describe('GET /api/v1/me/metrics/ledger/{date}', () => {
  it('answers 400 for a date that is not ISO, and 401 without a token', async () => {
    const { token } = await account();
    expect(await api.get('/api/v1/me/metrics/ledger/yesterday', token)).toMatchObject({ status: 400, body: { detail: 'date must be ISO YYYY-MM-DD' } });
    expect((await api.get(`/api/v1/me/metrics/ledger/${DAY}`)).status).toBe(401);
  });

  it('home battery (baseline: idle): its readings priced, hindsight <= actual; the household load and its forecast error', async () => {
    const { user, token } = await account();
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'Battery' });
    await api.put(
      `/api/v1/appliances/${battery}`,
      { config: { entity_id: 'switch.battery_charge', capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 } },
      token,
    );
    await api.post(`/api/v1/appliances/${battery}/constraints`, { min_charge_pct: 10 }, token);
    // 0.6 kW at night, 1.2 kW by day, 2.4 kW in the evening.
    const loadKw = PRICES.map((_, i) => (i < 12 ? 0.6 : i < 34 ? 1.2 : i < 42 ? 2.4 : 1.0));
    await householdReadings(api, token, loadKw);
    // The forecast the day was planned with: a flat 1 kW.
    await rows(cloud, `INSERT INTO home_plans (user_id, local_date, plan) VALUES ($1, $2, $3)`, [
      user.userId,
      DAY,
      JSON.stringify({
        load_kw_48: Array(48).fill(1),
        grid_import_kw_48: Array(48).fill(1),
        export_kw_48: Array(48).fill(0),
        source: 'set',
        expected_cost_cents: 0,
        max_import_kw: null,
      }),
    ]);
    // What the battery did: 50 % at 00:00, charged 02:00-03:30 to 80 %, covered some of the evening down to 40 %.
    const soc: [number, number][] = [[0, 50]];
    for (let i = 4; i < 7; i++) soc.push([i, 50 + (i - 3) * 10]);
    for (let i = 34; i < 42; i++) soc.push([i, 80 - (i - 33) * 5]);
    await valueReadings(api, token, battery, soc);

    const res = await ledger(token);
    expect(res.status).toBe(200);
    const line = res.body.appliances.find((a: any) => a.appliance_id === battery);
    expect(line).toMatchObject({ appliance_type: 'home_battery', baseline_cost: 0, basis: 'readings', baseline: expect.stringMatching(/idle/), solar: null });
    // Charging 30 % of 13.5 kWh at 10 c through 0.95; each evening slot delivers 5 % × 0.95 of the 1.2 kWh the house draws, at 50 c; the 10 % left is worth the refill price.
    const kwh = (pct: number) => (pct / 100) * 13.5;
    const actualCents = (kwh(30) / 0.95) * 10 - 8 * Math.min(kwh(5) * 0.95, 1.2) * 50 + (10 / 0.95) * kwh(50 - 40);
    expect(line.actual_cost).toBeCloseTo(actualCents / 100, 3);
    expect(line.hindsight_cost).toBeLessThanOrEqual(line.actual_cost);
    // The household's own load at the day's prices, and the home's totals.
    const householdCents = loadKw.reduce((s, kw, i) => s + kw * 0.5 * PRICES[i]!, 0);
    expect(res.body.household_cost).toBeCloseTo(householdCents / 100, 3);
    expect(res.body.actual_cost).toBeCloseTo((householdCents + actualCents) / 100, 3);
    expect(res.body.baseline_cost).toBeCloseTo(householdCents / 100, 3);
    expect(res.body.hindsight_cost).toBeLessThanOrEqual(res.body.actual_cost);
    expect(res.body.saving).toBeGreaterThan(0);
    expect(res.body.note).toBeNull();
    const mean = loadKw.reduce((s, kw) => s + Math.abs(1 - kw), 0) / 48;
    expect(res.body.forecast_errors.household_load_kw).toEqual({ mae: Math.round(mean * 1000) / 1000, bias: expect.any(Number), slots: 48 });
  });

  it("home battery with solar (baseline: idle, the surplus exported): storing the roof's surplus costs its export price, covering the evening saves the import", async () => {
    // Exports earn a flat 5 c.
    const { user, token } = await ledgerAccount(api, { export_pricing: 'custom', export_hourly_rates_cents_per_kwh: Array(24).fill(5) });
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'Battery' });
    await api.put(
      `/api/v1/appliances/${battery}`,
      { config: { entity_id: 'switch.battery_charge', capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 } },
      token,
    );
    const roof = await createAppliance(cloud, user, 'solar', { name: 'Roof' });
    // The house draws 0.5 kW all day; the roof makes 3 kW from 10:00 to 14:00.
    await householdReadings(api, token, Array(48).fill(0.5));
    await valueReadings(
      api,
      token,
      roof,
      PRICES.map((_, i) => [i, i >= 20 && i < 28 ? 3000 : 0]),
    );
    // 20 % at 00:10; from 10:00 to 12:00 it stores the 1.25 kWh surplus of each half hour (1.1875 kWh
    // after losses), and from 17:00 to 21:00 it delivers the house's 0.25 kWh a half hour.
    const pct = (kwh: number) => (100 * kwh) / 13.5;
    const soc: [number, number][] = [[0, 20]];
    for (let k = 1; k <= 4; k++) soc.push([19 + k, 20 + pct(k * 1.25 * 0.95)]);
    for (let k = 1; k <= 8; k++) soc.push([33 + k, 20 + pct(4 * 1.25 * 0.95 - (k * 0.25) / 0.95)]);
    await valueReadings(api, token, battery, soc);

    const res = await ledger(token);
    const line = res.body.appliances.find((a: any) => a.appliance_id === battery);
    // 5 kWh of surplus forgone at 5 c, 8 × 0.25 kWh of import saved at 50 c, the charge gained counted at the 10 c refill price.
    const gainedKwh = 4 * 1.25 * 0.95 - (8 * 0.25) / 0.95;
    const actualCents = 5 * 5 - 8 * 0.25 * 50 - (10 / 0.95) * gainedKwh;
    expect(line).toMatchObject({ baseline_cost: 0, baseline: 'the battery idle: the house imports its whole load net of solar' });
    expect(line.actual_cost).toBeCloseTo(actualCents / 100, 3);
    expect(line.hindsight_cost).toBeLessThanOrEqual(line.actual_cost);
    expect(res.body.hindsight_cost).toBeLessThanOrEqual(res.body.actual_cost);
    expect(res.body.note).toBeNull();
  });

  it('EV charger (baseline: charging on arrival): the energy the car took, on arrival versus where it charged', async () => {
    const { user, token } = await account();
    const ev = await createAppliance(cloud, user, 'ev_charger', { name: 'Car' });
    await api.put(
      `/api/v1/appliances/${ev}`,
      { config: { entity_id: 'switch.ev_charger', battery_capacity_kwh: 60, max_charge_rate_kw: 7.2, efficiency: 0.9 } },
      token,
    );
    // Plugged in at 00:10 at 40 %; charged 02:00-04:00 at 3.24 kWh (5.4 %) a slot.
    await valueReadings(api, token, ev, [
      [0, 40],
      [4, 45.4],
      [5, 50.8],
      [6, 56.2],
      [7, 61.6],
    ]);
    const res = await ledger(token);
    const line = res.body.appliances.find((a: any) => a.appliance_id === ev);
    // 4 × 3.6 kWh from the grid at 10 c; on arrival the first 3.6 kWh would have cost 30 c (00:30), the rest 10 c.
    expect(line).toMatchObject({
      basis: 'readings',
      baseline: 'charging on arrival',
      actual_cost: 1.44,
      baseline_cost: 2.16,
      hindsight_cost: 1.44,
      note: null,
    });
    expect(res.body).toMatchObject({ actual_cost: 1.44, baseline_cost: 2.16, saving: 0.72, missed_saving: 0, household_cost: null, note: null });
  });

  it('robot (baseline: charging whenever docked): its tasks window is no time to charge, on arrival or in hindsight', async () => {
    const { user, token } = await account();
    const mower = await createAppliance(cloud, user, 'robot', { name: 'Mower' });
    await api.put(`/api/v1/appliances/${mower}`, { config: { entity_id: 'lawn_mower.mower', battery_capacity_kwh: 2, max_charge_rate_kw: 1 } }, token);
    await api.post(`/api/v1/appliances/${mower}/constraints`, { tasks_window_start: '00:30', tasks_window_end: '01:00' }, token);
    // 20 % at 00:10, out mowing 00:30-01:00, then 0.5 kWh (25 %) a slot from 02:00 to 03:00 at 10 ¢.
    await valueReadings(api, token, mower, [
      [0, 20],
      [4, 45],
      [5, 70],
    ]);
    const res = await ledger(token);
    // On its dock from 01:00 the first two slots are 10 ¢ too: the plan saved nothing that day (00:30, at 30 ¢, was mowing time).
    expect(res.body.appliances.find((a: any) => a.appliance_id === mower)).toMatchObject({
      basis: 'readings',
      baseline: 'charging whenever it is docked',
      actual_cost: 0.1,
      baseline_cost: 0.1,
      hindsight_cost: 0.1,
    });
  });

  it("an account's ledger holds only its own appliances: another home's readings that day are not in it", async () => {
    const other = await account();
    const tank = await createAppliance(cloud, other.user, 'water_heater', { name: 'Tank' });
    await valueReadings(api, other.token, tank, [[0, 125, 4500]]);
    const { token } = await account();
    const res = await ledger(token);
    expect(res.body).toMatchObject({ date: DAY, appliances: [], actual_cost: 0, household_cost: null, note: null });
  });
});
