// A home battery on net metering, on the simulator and the real cloud: the plan charges it in the
// cheap hours and exports at the evening peak (`export_intervals`). In an export slot the add-on
// selects the battery's forced discharge mode until its SOC falls to the planned level, then its
// hold option; a battery that offers no discharge mode covers the house there, and the log says why.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type CloudAccount } from '../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../src/bench/cloud-process.js';
import { BATTERY, batteryFixture, slotStart } from './support/battery-day.js';
import { startHarness, waitFor, type Harness } from './support/harness.js';

const MIN = 60_000;
const SOC = 'sensor.battery_soc';
const MODES = ['self_consumption', 'force_charge', 'force_discharge', 'backup'];
// 5 c, 40 c from 17:00 to 21:00; net metering credits exports at the same curve.
const HOURLY = [...Array(24).keys()].map((h) => (h >= 17 && h < 21 ? 40 : 5));

let cloud: CloudProcess;
let account: CloudAccount;
let schedule: { intervals: boolean[]; discharge_intervals: boolean[]; export_intervals: boolean[]; value_trajectory: number[] };
let h: Harness | undefined;

beforeAll(async () => {
  cloud = await startCloudProcess({ OFFPEAK_CLOCK_START: new Date(slotStart(0) + 10 * MIN).toISOString() });
  account = await signUp(cloud.url, { timezone: 'America/New_York' });
  await account.createAppliance('home_battery', BATTERY.name, BATTERY.config);
  expect((await account.call('PUT', '/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY, export_pricing: 'net_metering' })).status).toBe(200);
  expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
  const view = (await account.call('GET', '/api/v1/schedules')).body;
  schedule = view.appliances.find((a: any) => a.appliance_type === 'home_battery').schedule;
}, 120_000);
afterEach(async () => {
  await h?.cutoff.up();
  await h?.stop();
  h = undefined;
});
afterAll(() => cloud?.stop());

/** The plan's first export slot: within the peak, a discharge slot too. */
function exportSlot(): number {
  const slot = schedule.export_intervals.indexOf(true);
  expect(slot).toBeGreaterThanOrEqual(34);
  expect(slot).toBeLessThan(42);
  expect(schedule.discharge_intervals[slot]).toBe(true);
  return slot;
}

/** The add-on started 3 minutes before `slot` with the battery at `soc` %, the cloud then cut off (its clock is hours behind); returns the mode at the boundary. */
async function startBefore(slot: number, soc: string, options: string[]): Promise<string> {
  h = await startHarness({
    cloud,
    account,
    startMs: slotStart(slot) - 3 * MIN,
    fixture: batteryFixture('self_consumption', soc, options),
    prepare: async () => {},
    configPatch: { appliances: [{ appliance: BATTERY.name, hold_option: 'backup' }] },
  });
  await h.cutoff.down();
  await h.advance(3 * MIN);
  return mode();
}
const mode = () => h!.ha.getState('select.battery_mode')!.state;
const applied = () => h!.logs.filter((l) => l.appliance === BATTERY.name && l.msg === 'applied').map((l) => [l.reason, l.data?.option, l.why]);

describe('a home battery in a slot the plan exports', () => {
  it('selects its forced discharge mode until the SOC falls to the planned level, then holds', async () => {
    const slot = exportSlot();
    const level = schedule.value_trajectory[slot]!;
    const soc = Math.min(100, level + 10).toFixed(1);
    expect(await startBefore(slot, soc, MODES)).toBe('force_discharge');
    // The battery's integration reports the SOC falling to the level: the add-on holds the rest.
    h!.ha.setState(SOC, (level - 0.5).toFixed(1), { unit_of_measurement: '%', device_class: 'battery' });
    await waitFor(() => mode() === 'backup', 5000, 'the battery to hold at the planned level');
    expect(applied().slice(-2)).toEqual([
      ['slot boundary', 'force_discharge', `slot ${slot} export: charge off`],
      ['planned level reached', 'backup', `slot ${slot} export, planned level reached: charge off`],
    ]);
  }, 90_000);

  it('without a discharge mode, covers the house (the idle option) and says why', async () => {
    const slot = exportSlot();
    expect(await startBefore(slot, '90', ['self_consumption', 'force_charge', 'backup'])).toBe('self_consumption');
    expect(applied().at(-1)).toEqual(['slot boundary', 'self_consumption', `slot ${slot} export, no export option: covering the house only: charge off`]);
  }, 90_000);
});
