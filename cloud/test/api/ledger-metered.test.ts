// GET /api/v1/me/metrics/ledger/{date} for the metered types (water heater, HVAC, dehumidifier)
// and solar: a day's readings pushed through the API, priced at the tariff in force, against each
// type's documented baseline; hindsight never above the actual cost; a reason beside a negative saving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, type ApiClient } from '../support/http.js';
import { getLedger, householdReadings, hvacReadings, ledgerAccount, PRICES, valueReadings, DAY } from '../support/ledger-day.js';
import { insertRow, saveModel, TEST_MODEL } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const ledger = (token: { token: string }) => getLedger(api, token);
const lineOf = (body: any, id: string) => body.appliances.find((a: any) => a.appliance_id === id);
const sumPrices = (from: number, to: number) => PRICES.slice(from, to).reduce((a, b) => a + b, 0);

describe('GET /api/v1/me/metrics/ledger/{date}: metered types and solar', () => {
  it('water heater (baseline: its own thermostat at the maximum): a cold tank at 22:10 heats at full power to the end of the day', async () => {
    const { user, token } = await ledgerAccount(api);
    const tank = await createAppliance(cloud, user, 'water_heater', { name: 'Tank' });
    await api.put(`/api/v1/appliances/${tank}`, { config: { entity_id: 'switch.water_heater', tank_size_gallons: 50, element_watts: 4500 } }, token);
    // 100 F at 22:10; the element on at full power from 23:00 to midnight.
    await valueReadings(api, token, tank, [
      [45, 100, 0],
      [46, 118, 4500],
      [47, 135, 4500],
    ]);
    const res = await ledger(token);
    const line = lineOf(res.body, tank);
    // Below 130 F (the 140 F maximum less its 10 F deadband) the thermostat runs the element until the
    // tank reaches 140 F, which its 18.4 F a half hour cannot do by midnight: 2 × 4.5 kW × 0.5 h at 30 c.
    expect(line).toMatchObject({ basis: 'metered', baseline: 'its own thermostat at 140 F', actual_cost: 1.35, baseline_cost: 1.35 });
    expect(line.hindsight_cost).toBeLessThanOrEqual(line.actual_cost);
    expect(res.body).toMatchObject({ saving: 0, note: null });
  });

  it('water heater (baseline: its thermostat) heated in the peak: the negative saving comes with its reason', async () => {
    const { user, token } = await ledgerAccount(api);
    const tank = await createAppliance(cloud, user, 'water_heater', { name: 'Tank' });
    await api.put(`/api/v1/appliances/${tank}`, { config: { entity_id: 'switch.water_heater', tank_size_gallons: 50, element_watts: 4500 } }, token);
    // 125 F at 00:10, then the element on at full power through the 50 c evening.
    const readings: [number, number, number?][] = [[0, 125, 0]];
    for (let i = 34; i < 42; i++) readings.push([i, 125 + (i - 33), 4500]);
    await valueReadings(api, token, tank, readings);
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
    const { user, token } = await ledgerAccount(api);
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
    await hvacReadings(api, token, hvac, (i) => ({ indoor_temp: 75, hvac_state: 'COOL', power_watts: i >= 24 && i < 28 ? 2000 : 0 }));
    const res = await ledger(token);
    const line = res.body.appliances.find((a: any) => a.appliance_id === hvac);
    expect(line).toMatchObject({ basis: 'metered', baseline_cost: 3, hindsight_cost: null, baseline: expect.stringMatching(/base setpoint/) });
    expect(line.actual_cost).toBeCloseTo((4 * 2 * 0.5 * 30) / 100, 6);
    expect(line.note).toMatch(/hindsight/);
    expect(res.body.forecast_errors).toEqual({ household_load_kw: null, solar_kw: null, hvac_temperature_f: { mae: 1, bias: -1, slots: 48 } });
  });

  it('HVAC with a fitted model (baseline: the base setpoint held): holding 75 F against 90 F outside costs its steady duty at every price', async () => {
    const { user, token } = await ledgerAccount(api);
    const hvac = await createAppliance(cloud, user, 'hvac', { name: 'Living room' });
    // A band of 73-77 F all day: its middle, the base setpoint, is 75 F. The unit draws 2 kW at full duty.
    expect(
      (await api.put(`/api/v1/appliances/${hvac}/preferences`, { hourly_high_temps_f: Array(24).fill(77), hourly_low_temps_f: Array(24).fill(73) }, token))
        .status,
    ).toBe(200);
    await saveModel(cloud, hvac, { ...TEST_MODEL, ratedPowerW: { cool: 2000, heat: null } });
    // Held at 75 F all day with 90 F outside: the model loses 0.1 × 15 F and gains 0.8 F an hour, and
    // cools 4 F an hour at full duty, so holding takes (1.5 + 0.8) / 4 = 57.5 % duty, 1.15 kW.
    await hvacReadings(api, token, hvac, () => ({ indoor_temp: 75, outdoor_temp: 90, hvac_state: 'COOL', power_watts: 1150 }));
    const res = await ledger(token);
    const cents = 1.15 * 0.5 * sumPrices(0, 48);
    const line = lineOf(res.body, hvac);
    expect(line).toMatchObject({ basis: 'metered', actual_cost: cents / 100 });
    expect(line.baseline_cost).toBeCloseTo(cents / 100, 4);
    // Hindsight pre-cools in the cheap hours and drifts up through the peak, within the band.
    expect(line.hindsight_cost).toBeLessThan(line.actual_cost);
    expect(res.body.note).toBeNull();
  });

  it('solar (baseline: the same production): what it made, used at home at the import price and exported at the export price, and its forecast error', async () => {
    // Exports earn a flat 5 c.
    const { user, token } = await ledgerAccount(api, { export_pricing: 'custom', export_hourly_rates_cents_per_kwh: Array(24).fill(5) });
    const array = await createAppliance(cloud, user, 'solar', { name: 'Roof' });
    await api.put(`/api/v1/appliances/${array}`, { config: { system_size_kw: 4 } }, token);
    // 2 kW from 10:00 to 14:00 (slots 20-27), nothing otherwise; the house draws 0.5 kW all day.
    await valueReadings(
      api,
      token,
      array,
      PRICES.map((_, i) => [i, i >= 20 && i < 28 ? 2000 : 0]),
    );
    await householdReadings(api, token, Array(48).fill(0.5));
    // The plan forecast 2.5 kW over the same hours.
    await insertRow(cloud, {
      user_id: user.userId,
      appliance_id: array,
      local_date: DAY,
      schedule: { generation_kw_48: PRICES.map((_, i) => (i >= 20 && i < 28 ? 2.5 : 0)) },
      baseline_cost_cents: 0,
      optimized_cost_cents: 0,
    });
    const res = await ledger(token);
    expect(res.status).toBe(200);
    // 8 kWh made; the house used 0.5 kW of it for 4 h (2 kWh at 30 c), 6 kWh exported at 5 c: a 0.90 $ credit.
    expect(lineOf(res.body, array)).toEqual({
      appliance_id: array,
      appliance_type: 'solar',
      name: 'Roof',
      actual_cost: -0.9,
      baseline_cost: -0.9,
      hindsight_cost: -0.9,
      basis: 'metered',
      baseline: 'the same production: Offpeak switches nothing on the panels',
      note: null,
      solar: { generation_kwh: 8, self_consumed_kwh: 2, exported_kwh: 6, self_consumed_value: 0.6, export_value: 0.3 },
    });
    const householdCents = 0.5 * 0.5 * sumPrices(0, 48);
    expect(res.body).toMatchObject({
      household_cost: householdCents / 100,
      actual_cost: (householdCents - 90) / 100,
      baseline_cost: (householdCents - 90) / 100,
      hindsight_cost: (householdCents - 90) / 100,
      saving: 0,
      note: null,
    });
    // Forecast 0.5 kW high in 8 of the 48 half-hours.
    expect(res.body.forecast_errors.solar_kw).toEqual({ mae: 0.083, bias: 0.083, slots: 48 });
  });

  it('solar that charges the car counts as used at home: the car pays its import, the sun credits it back at the import price', async () => {
    const { user, token } = await ledgerAccount(api, { export_pricing: 'custom', export_hourly_rates_cents_per_kwh: Array(24).fill(5) });
    const array = await createAppliance(cloud, user, 'solar', { name: 'Roof' });
    const car = await createAppliance(cloud, user, 'ev_charger', { name: 'Car' });
    await api.put(`/api/v1/appliances/${car}`, { config: { battery_capacity_kwh: 60, max_charge_rate_kw: 1.5, efficiency: 1 } }, token);
    // 2 kW from 10:00 to 14:00 (slots 20-27); the car draws 1.5 kW from 10:00 to 11:00 (slots 20-21),
    // 5 % of its 60 kWh a half hour; the whole-home meter sees it beside the household's 0.5 kW.
    await valueReadings(
      api,
      token,
      array,
      PRICES.map((_, i) => [i, i >= 20 && i < 28 ? 2000 : 0]),
    );
    await valueReadings(api, token, car, [
      [19, 40, 0],
      [20, 41.25, 1500],
      [21, 43.75, 1500],
      [22, 45, 0],
    ]);
    await householdReadings(
      api,
      token,
      PRICES.map((_, i) => (i === 20 || i === 21 ? 2 : 0.5)),
    );
    const body = (await ledger(token)).body;
    // Used at home: 2 kW for 1 h (household and car) and 0.5 kW for 3 h: 3.5 kWh at 30 c; 4.5 kWh exported at 5 c.
    expect(lineOf(body, array).solar).toEqual({ generation_kwh: 8, self_consumed_kwh: 3.5, exported_kwh: 4.5, self_consumed_value: 1.05, export_value: 0.225 });
    // The household's own line is its 0.5 kW: the car's draw is taken out of the whole-home readings.
    expect(body.household_cost).toBeCloseTo((0.5 * 0.5 * sumPrices(0, 48)) / 100, 6);
  });

  it('solar without the household load measured: its production counts as exported, and the line says so', async () => {
    const { user, token } = await ledgerAccount(api);
    const array = await createAppliance(cloud, user, 'solar', { name: 'Roof' });
    await valueReadings(api, token, array, [
      [24, 3000],
      [25, 3000],
    ]);
    const line = lineOf((await ledger(token)).body, array);
    // No export-rate curve: exports earn nothing.
    expect(line).toMatchObject({
      actual_cost: 0,
      baseline_cost: 0,
      hindsight_cost: 0,
      note: '2 producing half-hours had no household load measured: their production counts as exported',
      solar: { generation_kwh: 3, self_consumed_kwh: 0, exported_kwh: 3, self_consumed_value: 0, export_value: 0 },
    });
  });

  it("dehumidifier (baseline: its own humidistat): its metered power at the day's prices, baseline and hindsight the same", async () => {
    const { user, token } = await ledgerAccount(api);
    const dry = await createAppliance(cloud, user, 'dehumidifier', { name: 'Basement' });
    // 500 W from 17:00 to 19:00 (the 50 c peak) and 300 W from 02:00 to 03:00 (10 c), idle otherwise.
    await hvacReadings(api, token, dry, (i) => ({
      indoor_temp: 68,
      hvac_state: 'DRY',
      power_watts: i >= 34 && i < 38 ? 500 : i >= 4 && i < 6 ? 300 : 0,
    }));
    const res = await ledger(token);
    const cents = 4 * 0.5 * 0.5 * 50 + 2 * 0.3 * 0.5 * 10;
    expect(lineOf(res.body, dry)).toEqual({
      appliance_id: dry,
      appliance_type: 'dehumidifier',
      name: 'Basement',
      actual_cost: cents / 100,
      baseline_cost: cents / 100,
      hindsight_cost: cents / 100,
      basis: 'metered',
      baseline: 'running on its own humidistat',
      note: null,
      solar: null,
    });
    expect(res.body).toMatchObject({ actual_cost: cents / 100, saving: 0, missed_saving: 0, note: null });
  });

  it('a dehumidifier without power readings has no line', async () => {
    const { user, token } = await ledgerAccount(api);
    const dry = await createAppliance(cloud, user, 'dehumidifier', { name: 'Basement' });
    await hvacReadings(api, token, dry, (i) => (i < 4 ? { indoor_temp: 68, hvac_state: 'DRY' } : null));
    expect((await ledger(token)).body).toMatchObject({ appliances: [], actual_cost: 0 });
  });
});
