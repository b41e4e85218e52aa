// A home battery on the simulator and the real cloud, on a day the cloud plans to charge on cheap
// hours, hold the charge through the afternoon and cover the evening peak: with hold_option the
// held slot selects it and the discharge slot the idle option (self-consumption); without it the
// held slot gets the idle option as before, and the add-on warns once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type CloudAccount } from '../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../src/bench/cloud-process.js';
import { startHarness, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const MIN = 60_000;
const ZONE = 'America/New_York';
/** Local midnight (EST) of the planned day; the cloud plans it from 00:10. */
const DAY_START = Date.parse('2026-11-24T05:00:00Z');
const slotStart = (idx: number) => DAY_START + idx * 30 * MIN;
/** Cheap all day, dear from 17:00 to 21:00. */
const HOURLY = [...Array(24).keys()].map((h) => (h >= 17 && h < 21 ? 40 : 5));
const BATTERY = HOUSE_APPLIANCES.find((a) => a.type === 'home_battery')!;

let cloud: CloudProcess;
let account: CloudAccount;
let h: Harness | undefined;
/** The first discharge slot of the plan: the slot before it charges, the one before that holds. */
let peak: number;

beforeAll(async () => {
  cloud = await startCloudProcess({ OFFPEAK_CLOCK_START: new Date(DAY_START + 10 * MIN).toISOString() });
  account = await signUp(cloud.url, { timezone: ZONE });
  await account.createAppliance('home_battery', BATTERY.name, BATTERY.config);
  expect((await account.call('PUT', '/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY })).status).toBe(200);
  expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
  const view = (await account.call('GET', '/api/v1/schedules')).body;
  const s = view.appliances.find((a: any) => a.appliance_type === 'home_battery').schedule;
  peak = (s.discharge_intervals as boolean[]).findIndex((d, i) => d && !s.intervals[i]);
  // The plan this test is about: the charge held through the cheap afternoon (neither charge nor
  // discharge, the planned charge flat), topped up in the last slot before the peak, then spent.
  expect(view.date).toBe('2026-11-24');
  expect(peak).toBeGreaterThanOrEqual(34);
  const at = (i: number) => [s.intervals[i], s.discharge_intervals[i]];
  expect([at(peak - 2), at(peak - 1), at(peak)]).toEqual([[false, false], [true, false], [false, true]]);
  expect(s.value_trajectory[peak - 2]).toBe(s.value_trajectory[peak - 3]);
  expect(s.value_trajectory[peak]).toBeLessThan(s.value_trajectory[peak - 1]);
}, 120_000);
afterEach(async () => {
  await h?.cutoff.up();
  await h?.stop();
  h = undefined;
});
afterAll(async () => {
  await cloud?.stop();
});

/** The fixture's battery mode select with a backup mode, starting in `state`. */
const fixture = (state: string) => (now: number) => {
  const f = houseFixture(now);
  const mode = f.entities.find((e) => e.entity_id === 'select.battery_mode')!;
  Object.assign(mode, { state, attributes: { ...mode.attributes, options: ['self_consumption', 'force_charge', 'backup'] } });
  return f;
};
/**
 * The battery mode in the held slot (the add-on starts 3 minutes before its end), the charge slot
 * and the first discharge slot. The cloud is cut off after the start (its clock is hours behind,
 * it would refuse the readings): the slots are applied from the plan pulled at the start.
 */
const run = async (state: string, appliances: Harness['config']['appliances']) => {
  h = await startHarness({ cloud, account, startMs: slotStart(peak - 1) - 3 * MIN, fixture: fixture(state), prepare: async () => {}, configPatch: { appliances } });
  const mode = () => h!.ha.getState('select.battery_mode')!.state;
  const held = mode();
  await h.cutoff.down();
  await h.advance(3 * MIN);
  const charge = mode();
  await h.advance(30 * MIN);
  return [held, charge, mode()];
};
const batteryLogs = () => h!.logs.filter((l) => l.appliance === BATTERY.name && (l.msg === 'applied' || l.msg === 'already as planned')).map((l) => [l.msg, l.reason, l.why]);
const expectedLogs = (msg: string) => [
  [msg, 'start', `slot ${peak - 2} hold: charge off`],
  [msg, 'slot boundary', `slot ${peak - 1} charge: charge on`],
  [msg, 'slot boundary', `slot ${peak} discharge: charge off`],
];
const warnings = () => h!.logs.filter((l) => l.msg === 'the battery will discharge in slots the plan holds');

describe('a home battery on the plan\'s held and discharge slots', () => {
  it('with hold_option, selects it in the held slot, then the charge option, then the idle option in the discharge slot', async () => {
    expect(await run('self_consumption', [{ appliance: BATTERY.name, hold_option: 'backup' }])).toEqual(['backup', 'force_charge', 'self_consumption']);
    expect(batteryLogs()).toEqual(expectedLogs('applied'));
    expect(warnings()).toEqual([]);
  }, 60_000);

  it('without hold_option, selects the idle option in both (as before) and warns once that the battery discharges in held slots', async () => {
    expect(await run('backup', [])).toEqual(['self_consumption', 'force_charge', 'self_consumption']);
    expect(batteryLogs()).toEqual(expectedLogs('applied'));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ level: 'warn', entity_id: 'select.battery_mode', why: expect.stringContaining('set hold_option') });
  }, 60_000);
});
