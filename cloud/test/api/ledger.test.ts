// GET /api/v1/me/metrics/ledger/{date}: a replayed day's readings priced at the tariff in force,
// each type's baseline, hindsight as the exact optimum (held to the benchmark's HiGHS reference),
// the forecast errors, and a reason beside any negative saving.
import highsLoader, { type Highs } from 'highs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveBatteryReference } from '../../src/bench/optimizer/reference-home-battery.js';
import { addDays, slotDurationsHours, slotStartsUtc } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { rows } from '../support/readings.js';
import { insertRow, localToday, saveModel } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;
let highs: Highs;
// Node loads the package's ES build, whose default export is the loader itself.
const loadHighs = highsLoader as unknown as (typeof highsLoader)['default'];

beforeAll(async () => {
  [cloud, highs] = await Promise.all([startTestCloud(), loadHighs()]);
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

// 10 c from 01:00 to 05:00, a 50 c evening peak (17:00-21:00), 30 c otherwise.
const HOURLY = Array.from({ length: 24 }, (_, h) => (h >= 1 && h < 5 ? 10 : h >= 17 && h < 21 ? 50 : 30));
const PRICES = Array.from({ length: 48 }, (_, i) => HOURLY[Math.floor(i / 2)]!);
/** The replayed day: yesterday of a UTC account, every slot half an hour. */
const DAY = addDays(localToday(), -1);
const STARTS = slotStartsUtc(DAY, 'UTC');
/** Ten minutes into slot i. */
const inSlot = (i: number) => new Date(STARTS[i]!.getTime() + 10 * 60_000);

async function account() {
  const user = await signUp(api);
  const token = { token: user.token };
  await api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY }, token);
  return { user, token };
}

/** Stores one value reading per listed slot (SoC %, tank F), with its metered power when given. */
async function valueReadings(userId: string, applianceId: string, values: [slot: number, value: number, watts?: number][]) {
  for (const [slot, value, watts] of values) {
    await rows(cloud, `INSERT INTO appliance_readings (user_id, appliance_id, ts, state, value, power_watts) VALUES ($1, $2, $3, 'on', $4, $5)`, [
      userId,
      applianceId,
      inSlot(slot),
      value,
      watts ?? null,
    ]);
  }
}

const ledger = (token: { token: string }) => api.get(`/api/v1/me/metrics/ledger/${DAY}`, token);

describe('GET /api/v1/me/metrics/ledger/{date}', () => {
  it('answers 400 for a date that is not ISO, and 401 without a token', async () => {
    const { token } = await account();
    expect(await api.get('/api/v1/me/metrics/ledger/yesterday', token)).toMatchObject({ status: 400, body: { detail: 'date must be ISO YYYY-MM-DD' } });
    expect((await api.get(`/api/v1/me/metrics/ledger/${DAY}`)).status).toBe(401);
  });

  it('home battery (baseline: idle): its readings priced, hindsight <= actual and equal to the HiGHS reference within 0.5 %; the household load and its forecast error', async () => {
    const { user, token } = await account();
    const battery = await createAppliance(cloud, user, 'home_battery', { name: 'Battery' });
    await api.put(
      `/api/v1/appliances/${battery}`,
      { config: { entity_id: 'switch.battery_charge', capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 } },
      token,
    );
    await api.post(`/api/v1/appliances/${battery}/constraints`, { min_charge_pct: 10 }, token);
    // A recorded-like house: 0.6 kW at night, 1.2 kW by day, 2.4 kW in the evening.
    const loadKw = PRICES.map((_, i) => (i < 12 ? 0.6 : i < 34 ? 1.2 : i < 42 ? 2.4 : 1.0));
    for (let i = 0; i < 48; i++)
      await rows(cloud, `INSERT INTO household_load_readings (user_id, ts, watts) VALUES ($1, $2, $3)`, [user.userId, inSlot(i), loadKw[i]! * 1000]);
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
    await valueReadings(user.userId, battery, soc);

    const res = await ledger(token);
    expect(res.status).toBe(200);
    const line = res.body.appliances.find((a: any) => a.appliance_id === battery);
    expect(line).toMatchObject({ appliance_type: 'home_battery', baseline_cost: 0, basis: 'readings', baseline: expect.stringMatching(/idle/) });
    // Charging 30 % of 13.5 kWh at 10 c through 0.95; each evening slot delivers 5 % × 0.95 of the 1.2 kWh the house draws, at 50 c; the 10 % left is worth the refill price.
    const kwh = (pct: number) => (pct / 100) * 13.5;
    const actualCents = (kwh(30) / 0.95) * 10 - 8 * Math.min(kwh(5) * 0.95, 1.2) * 50 + (10 / 0.95) * kwh(50 - 40);
    expect(line.actual_cost).toBeCloseTo(actualCents / 100, 3);
    expect(line.hindsight_cost).toBeLessThanOrEqual(line.actual_cost);
    // The benchmark's reference on the same day: from slot 1 at 50 %, ending at 40 %, on the measured load.
    const reference = solveBatteryReference(
      highs,
      {
        date: DAY,
        timeZone: 'UTC',
        slotStarts: STARTS,
        slotHours: slotDurationsHours(DAY, 'UTC'),
        pricesCentsPerKwh: PRICES,
        exportPricesCentsPerKwh: null,
        outdoorTempF: Array(48).fill(70),
        fromSlot: 1,
      },
      {
        socPct: 50,
        capacityKwh: 13.5,
        maxChargeRateKw: 5,
        maxDischargeRateKw: 5,
        chargeEfficiency: 0.95,
        dischargeEfficiency: 0.95,
        targetPct: 40,
        minPct: 10,
        maxPct: 100,
        deadlineMinute: null,
        householdLoadKw: loadKw,
        householdLoadDaysKw: null,
        chargeHeadroomKw: null,
      },
    );
    expect(reference.optimal).toBe(true);
    expect(Math.abs(line.hindsight_cost * 100 - reference.costCents)).toBeLessThanOrEqual(0.005 * Math.abs(reference.costCents));
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

  it('EV charger (baseline: charging on arrival): the energy the car took, on arrival versus where it charged', async () => {
    const { user, token } = await account();
    const ev = await createAppliance(cloud, user, 'ev_charger', { name: 'Car' });
    await api.put(
      `/api/v1/appliances/${ev}`,
      { config: { entity_id: 'switch.ev_charger', battery_capacity_kwh: 60, max_charge_rate_kw: 7.2, efficiency: 0.9 } },
      token,
    );
    // Plugged in at 00:10 at 40 %; charged 02:00-04:00 at 3.24 kWh (5.4 %) a slot.
    await valueReadings(user.userId, ev, [
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
    await valueReadings(user.userId, mower, [
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

  it('water heater (baseline: its thermostat) heated in the peak: the negative saving comes with its reason', async () => {
    const { user, token } = await account();
    const tank = await createAppliance(cloud, user, 'water_heater', { name: 'Tank' });
    await api.put(`/api/v1/appliances/${tank}`, { config: { entity_id: 'switch.water_heater', tank_size_gallons: 50, element_watts: 4500 } }, token);
    // 125 F at 00:10, then the element on at full power through the 50 c evening.
    const readings: [number, number, number?][] = [[0, 125, 0]];
    for (let i = 34; i < 42; i++) readings.push([i, 125 + (i - 33), 4500]);
    await valueReadings(user.userId, tank, readings);
    const res = await ledger(token);
    const line = res.body.appliances.find((a: any) => a.appliance_id === tank);
    expect(line).toMatchObject({ basis: 'metered', baseline: expect.stringMatching(/^its own thermostat at \d+ F$/) });
    // 8 slots × 4.5 kW × 0.5 h at 50 c.
    expect(line.actual_cost).toBeCloseTo(9, 6);
    expect(line.hindsight_cost).toBeLessThanOrEqual(line.baseline_cost);
    expect(line.baseline_cost).toBeLessThan(line.actual_cost);
    expect(res.body.saving).toBeLessThan(0);
    expect(line.note).toMatch(/^Cost more than the baseline: /);
    expect(res.body.note).toMatch(/^Cost more than without Offpeak: Tank: /);
  });

  it("HVAC (baseline: the base setpoint held, as the day's plan priced it): metered cost and the temperature forecast's error", async () => {
    const { user, token } = await account();
    const hvac = await createAppliance(cloud, user, 'hvac', { name: 'Living room' });
    const trajectory = Array(48).fill(74);
    await insertRow(cloud, {
      user_id: user.userId,
      appliance_id: hvac,
      local_date: DAY,
      schedule: { intervals: [], temp_trajectory: trajectory },
      baseline_cost_cents: 300,
      optimized_cost_cents: 200,
    });
    // Measured 75 F all day, the unit drawing 2 kW from 12:00 to 14:00.
    for (let i = 0; i < 48; i++)
      await rows(cloud, `INSERT INTO hvac_readings (user_id, appliance_id, ts, indoor_temp, hvac_state, power_watts) VALUES ($1, $2, $3, 75, 'COOL', $4)`, [
        user.userId,
        hvac,
        inSlot(i),
        i >= 24 && i < 28 ? 2000 : 0,
      ]);
    const res = await ledger(token);
    const line = res.body.appliances.find((a: any) => a.appliance_id === hvac);
    expect(line).toMatchObject({ basis: 'metered', baseline_cost: 3, hindsight_cost: null, baseline: expect.stringMatching(/base setpoint/) });
    expect(line.actual_cost).toBeCloseTo((4 * 2 * 0.5 * 30) / 100, 6);
    expect(line.note).toMatch(/hindsight/);
    expect(res.body.forecast_errors).toEqual({ household_load_kw: null, solar_kw: null, hvac_temperature_f: { mae: 1, bias: -1, slots: 48 } });
  });

  it('HVAC with a fitted model on a measured hot day: baseline and hindsight from the thermal model, hindsight at most the baseline', async () => {
    const { user, token } = await account();
    const hvac = await createAppliance(cloud, user, 'hvac', { name: 'Living room' });
    await saveModel(cloud, hvac);
    // 75 F inside from 00:10, 90 F outside all day, the unit drawing 2 kW from 12:00 to 18:00.
    for (let i = 0; i < 48; i++)
      await rows(
        cloud,
        `INSERT INTO hvac_readings (user_id, appliance_id, ts, indoor_temp, outdoor_temp, hvac_state, power_watts) VALUES ($1, $2, $3, 75, 90, 'COOL', $4)`,
        [user.userId, hvac, inSlot(i), i >= 24 && i < 36 ? 2000 : 0],
      );
    const res = await ledger(token);
    const line = res.body.appliances.find((a: any) => a.appliance_id === hvac);
    expect(line).toMatchObject({ basis: 'metered', baseline: expect.stringMatching(/base setpoint/), note: expect.stringMatching(/thermal model/) });
    expect(line.actual_cost).toBeCloseTo((12 * 2 * 0.5 * (PRICES.slice(24, 36).reduce((a, b) => a + b, 0) / 12)) / 100, 6);
    expect(line.baseline_cost).toBeGreaterThan(0);
    expect(line.hindsight_cost).toBeLessThanOrEqual(line.baseline_cost);
    expect(res.body.hindsight_cost).toBe(line.hindsight_cost);
  });

  it("an account's ledger holds only its own appliances: another home's readings that day are not in it", async () => {
    const other = await account();
    const tank = await createAppliance(cloud, other.user, 'water_heater', { name: 'Tank' });
    await valueReadings(other.user.userId, tank, [[0, 125, 4500]]);
    const { token } = await account();
    const res = await ledger(token);
    expect(res.body).toMatchObject({ date: DAY, appliances: [], actual_cost: 0, household_cost: null, note: null });
  });
});
