// A home battery's day planned by the real cloud, shared by the battery tests: cheap all day, dear
// from 17:00 to 21:00, so the plan holds the charge through the cheap afternoon (neither charge nor
// discharge, the planned charge flat), tops it up in the last slot before the peak, then spends it.
// The cloud's clock starts at 00:10 local on that day; the tests run the add-on on a simulated one.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { signUp, type CloudAccount } from '../../src/bench/cloud-account.js';
import { startCloudProcess, type CloudProcess } from '../../src/bench/cloud-process.js';
import type { Harness } from './harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './house.js';

const MIN = 60_000;
const ZONE = 'America/New_York';
/** Local midnight (EST) of the planned day. */
const DAY_START = Date.parse('2026-11-24T05:00:00Z');
const HOURLY = [...Array(24).keys()].map((h) => (h >= 17 && h < 21 ? 40 : 5));
export const BATTERY = HOUSE_APPLIANCES.find((a) => a.type === 'home_battery')!;

/** The start instant of slot `idx` of the planned day. */
export const slotStart = (idx: number): number => DAY_START + idx * 30 * MIN;

export interface BatteryDay {
  account: CloudAccount;
  /** The battery's schedule as GET /schedules gives it. */
  schedule: { intervals: boolean[]; discharge_intervals: boolean[]; value_trajectory: number[]; unit: string };
  /** The first discharge slot: the slot before it charges, the one before that holds. */
  peak: number;
}

/** Signs up an account with the battery (`config`, the house's by default), the day's rates and its plan. */
export async function planBatteryDay(cloud: CloudProcess, config: Record<string, unknown> = BATTERY.config): Promise<BatteryDay> {
  const account = await signUp(cloud.url, { timezone: ZONE });
  await account.createAppliance('home_battery', BATTERY.name, config);
  expect((await account.call('PUT', '/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY })).status).toBe(200);
  expect((await account.call('POST', '/api/v1/schedule/recompute')).status).toBe(200);
  const view = (await account.call('GET', '/api/v1/schedules')).body;
  const schedule = view.appliances.find((a: any) => a.appliance_type === 'home_battery').schedule as BatteryDay['schedule'];
  const peak = schedule.discharge_intervals.findIndex((d, i) => d && !schedule.intervals[i]);
  // The plan the battery tests are about.
  expect(view.date).toBe('2026-11-24');
  expect(peak).toBeGreaterThanOrEqual(34);
  const at = (i: number) => [schedule.intervals[i], schedule.discharge_intervals[i]];
  expect([at(peak - 2), at(peak - 1), at(peak)]).toEqual([
    [false, false],
    [true, false],
    [false, true],
  ]);
  expect(schedule.value_trajectory[peak - 2]).toBe(schedule.value_trajectory[peak - 3]);
  expect(schedule.value_trajectory[peak]).toBeLessThan(schedule.value_trajectory[peak - 1]!);
  return { account, schedule, peak };
}

/**
 * One cloud for a test file, its clock at 00:10 of the planned day, and the house battery's day on
 * it; `h` is the add-on a test starts, its cloud relay restored and everything stopped after each test.
 */
export function batteryDayForFile(): { readonly cloud: CloudProcess; readonly day: BatteryDay; h: Harness | undefined } {
  let cloud: CloudProcess | undefined;
  let day: BatteryDay | undefined;
  const file = {
    get cloud() {
      return cloud!;
    },
    get day() {
      return day!;
    },
    h: undefined as Harness | undefined,
  };
  beforeAll(async () => {
    cloud = await startCloudProcess({ OFFPEAK_CLOCK_START: new Date(DAY_START + 10 * MIN).toISOString() });
    day = await planBatteryDay(cloud);
  }, 120_000);
  afterEach(async () => {
    await file.h?.cutoff.up();
    await file.h?.stop();
    file.h = undefined;
  });
  afterAll(async () => {
    await cloud?.stop();
  });
  return file;
}

/** The house fixture with the battery mode select offering `options` (a backup mode by default), in `state`, and the battery's SOC sensor at `soc`. */
export const batteryFixture =
  (state: string, soc = '55', options = ['self_consumption', 'force_charge', 'backup']) =>
  (now: number) => {
    const f = houseFixture(now);
    const mode = f.entities.find((e) => e.entity_id === 'select.battery_mode')!;
    Object.assign(mode, { state, attributes: { ...mode.attributes, options } });
    f.entities.find((e) => e.entity_id === 'sensor.battery_soc')!.state = soc;
    return f;
  };
