// Planning with export rates: the export curve of the rate settings reaches the battery
// planner and the solar split, every row records export_rates_set, and an export change re-plans.
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

const ZONE = 'America/Los_Angeles';
// Night 10 c (00:00-06:00), evening peak 40 c (17:00-21:00), 12 c otherwise.
const IMPORT_HOURLY = Array.from({ length: 24 }, (_, h) => (h < 6 ? 10 : h >= 17 && h < 21 ? 40 : 12));
const PEAK = Array.from({ length: 8 }, (_, i) => 34 + i);
const CAPACITY_KWH = 20;

interface Row {
  appliance_id: string;
  local_date: string;
  trigger: string;
  schedule: Record<string, any>;
  constraints_used: Record<string, any>;
}
const newestRow = async (applianceId: string) =>
  (
    await rows<Row>(
      cloud,
      `SELECT appliance_id, local_date::text AS local_date, trigger, schedule, constraints_used FROM schedules WHERE appliance_id = $1 ORDER BY id DESC LIMIT 1`,
      [applianceId],
    )
  )[0]!;

/**
 * An account in San Francisco with a 20 kWh battery at 80 % (80 % at 17:00, 20 % minimum), a 6 kW
 * array and the custom import curve. The battery delivers every stored kWh (discharge_efficiency 1)
 * and charges no higher than 80 % (max_charge_pct), so what leaves it beyond the house is exported.
 */
async function household() {
  const user = await signUp(api);
  await api.patch('/auth/me', { timezone: ZONE, location_zip: '94103' }, { token: user.token });
  const battery = await createAppliance(cloud, user, 'home_battery', { name: 'Powerwall' });
  await api.put(
    `/api/v1/appliances/${battery}`,
    { config: { entity_id: 'switch.battery_charge', capacity_kwh: CAPACITY_KWH, max_charge_rate_kw: 5, max_discharge_rate_kw: 5, discharge_efficiency: 1 } },
    { token: user.token },
  );
  await api.post(
    `/api/v1/appliances/${battery}/constraints`,
    { target_charge_pct: 80, min_charge_pct: 20, max_charge_pct: 80, deadline_time: '17:00' },
    { token: user.token },
  );
  const pushed = await api.post(
    `/api/v1/appliances/${battery}/readings`,
    { readings: [{ timestamp: new Date().toISOString(), state: 'IDLE', value: 80 }] },
    { token: user.token },
  );
  expect(pushed.status).toBe(201);
  const solar = await createAppliance(cloud, user, 'solar', { name: 'Roof' });
  await api.put(`/api/v1/appliances/${solar}`, { config: { system_size_kw: 6, tilt_degrees: 20 } }, { token: user.token });
  expect((await api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: IMPORT_HOURLY }, { token: user.token })).status).toBe(200);
  return { ...user, battery, solar };
}

/** Plans tomorrow (the whole local day) for the account, as the nightly run does. */
async function planTomorrow(userId: string) {
  const now = new Date();
  const [outcome] = await cloud.services.recompute.planAccounts([{ userId, trigger: 'nightly', runAt: now }], now);
  expect(outcome).toMatchObject({ status: 'fulfilled' });
}

/** kWh the battery sends past the house in each slot (its drop beyond the typical household load). */
function exportedKwh(trajectory: number[], startPct: number): number[] {
  return trajectory.map((pct, i) => ((i === 0 ? startPct : trajectory[i - 1]!) - pct) * (CAPACITY_KWH / 100) - TYPICAL_HOUSEHOLD_LOAD_KW[i]! * 0.5);
}

describe('planning with export rates', () => {
  it('net metering: the battery discharges past the house at the peak, surplus is valued, every row says export_rates_set', async () => {
    const user = await household();
    const rates = (await api.put('/api/v1/rates', { export_pricing: 'net_metering' }, { token: user.token })).body;
    await planTomorrow(user.userId);

    const battery = await newestRow(user.battery);
    expect(battery.constraints_used).toMatchObject({ export_rates_set: true, pricing_source: 'custom', solar_discount: true });
    const exported = exportedKwh(battery.schedule.value_trajectory, 80);
    const exportSlots = exported.flatMap((kwh, i) => (kwh > 1e-3 ? [i] : []));
    expect(exportSlots.length).toBeGreaterThan(0);
    expect(exportSlots.every((i) => PEAK.includes(i))).toBe(true);
    // The plan sees the array: its surplus fills the battery past max_charge_pct (which caps grid
    // charging only), and all 16 kWh above the minimum leave at the peak, where the house takes at
    // most 7.2 kWh (how they split between the house and the grid does not matter at net metering).
    expect(battery.schedule.value_trajectory[33]).toBe(100);
    expect(battery.schedule.value_trajectory[41]).toBe(20);
    expect(exported.reduce((s, x) => s + Math.max(0, x), 0)).toBeGreaterThan(16 - 7.2 - 1e-3);
    // The slots it exports in say so, for the add-on to carry out.
    const planned = (battery.schedule.export_intervals as boolean[]).flatMap((isOn, i) => (isOn ? [i] : []));
    expect(planned.length).toBeGreaterThan(0);
    expect(planned.every((i) => PEAK.includes(i))).toBe(true);

    const solar = await newestRow(user.solar);
    expect(solar.constraints_used.export_rates_set).toBe(true);
    const { surplus_kw_48: surplus, export_value_cents: value } = solar.schedule;
    expect(surplus.some((kw: number) => kw > 0)).toBe(true);
    // The surplus at the net-metering curve (the import curve before the solar discount).
    const expected = surplus.reduce((s: number, kw: number, i: number) => s + kw * 0.5 * rates.export_rates_cents_per_kwh[i], 0);
    expect(value).toBeGreaterThan(0);
    expect(Math.abs(value - expected)).toBeLessThan(0.5);
  });

  it('none: the battery never exports, surplus is worth nothing, export_rates_set is false', async () => {
    const user = await household();
    await planTomorrow(user.userId);
    const battery = await newestRow(user.battery);
    expect(battery.constraints_used.export_rates_set).toBe(false);
    expect(exportedKwh(battery.schedule.value_trajectory, 80).every((kwh) => kwh < 1e-3)).toBe(true);
    const solar = await newestRow(user.solar);
    expect(solar.schedule.export_value_cents).toBeNull();
    expect(solar.constraints_used.export_rates_set).toBe(false);
  });

  it('a negative custom export price never exports', async () => {
    const user = await household();
    await api.put('/api/v1/rates', { export_hourly_rates_cents_per_kwh: Array(24).fill(-2) }, { token: user.token });
    await planTomorrow(user.userId);
    const battery = await newestRow(user.battery);
    expect(battery.constraints_used.export_rates_set).toBe(true);
    expect(exportedKwh(battery.schedule.value_trajectory, 80).every((kwh) => kwh < 1e-3)).toBe(true);
    // Exporting the surplus costs money: its value is negative.
    expect((await newestRow(user.solar)).schedule.export_value_cents).toBeLessThan(0);
  });

  it('a change of export settings asks for the debounced recompute, which plans with the curve', async () => {
    const user = await household();
    const queue = cloud.services.recomputeQueue;
    const later = () => new Date(Date.now() + 60_000);
    await queue.settled();
    await queue.runDue(later());
    expect((await newestRow(user.battery)).constraints_used.export_rates_set).toBe(false);

    await api.put('/api/v1/rates', { export_pricing: 'net_metering' }, { token: user.token });
    await queue.settled();
    const open = await rows<{ reasons: string[] }>(cloud, `SELECT reasons FROM planning_jobs WHERE user_id = $1 AND finished_at IS NULL`, [user.userId]);
    expect(open).toEqual([{ reasons: ['rates'] }]);
    expect(await queue.runDue(later())).toBe(1);
    for (const id of [user.battery, user.solar]) {
      expect(await newestRow(id)).toMatchObject({ trigger: 'debounced', constraints_used: { export_rates_set: true } });
    }
    expect((await newestRow(user.solar)).schedule.export_value_cents).toEqual(expect.any(Number));
  });
});
