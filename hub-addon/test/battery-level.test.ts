// A home battery's charge slot on the simulator and the real cloud: the plan charges it to a level
// (value_trajectory at the slot's end) that the real battery, fuller than the cloud assumed, reaches
// within the slot. With a SOC sensor the add-on follows it and holds once the level is reached,
// charges again when it falls well below, and keeps what it has while the sensor is unavailable;
// a slot starting with the sensor unavailable charges; without a SOC sensor the whole slot charges,
// as before, with one warning.
import { describe, expect, it } from 'vitest';
import { RESUME_BELOW_PCT } from '../src/battery-level.js';
import { BATTERY, batteryDayForFile, batteryFixture, planBatteryDay, slotStart, type BatteryDay } from './support/battery-day.js';
import { startHarness, waitFor, type Harness } from './support/harness.js';

const MIN = 60_000;
const SOC = 'sensor.battery_soc';
/** Percentage points the battery gains per minute of charging (5 kW from the grid, 95 % stored, 13.5 kWh). */
const PCT_PER_MIN = (5 * 0.95 * 100) / 60 / 13.5;
const file = batteryDayForFile();

/** The add-on with hold_option, started 3 minutes before the charge slot of `day` with the battery at `soc` %; the cloud then cut off (its clock is hours behind). */
async function start(day: BatteryDay, soc: string, hold = true): Promise<Harness> {
  const appliances = hold ? [{ appliance: BATTERY.name, hold_option: 'backup' }] : [];
  const h = (file.h = await startHarness({
    cloud: file.cloud,
    account: day.account,
    startMs: slotStart(day.peak - 1) - 3 * MIN,
    fixture: batteryFixture('backup', soc),
    prepare: async () => {},
    configPatch: { appliances },
  }));
  await h.cutoff.down();
  return h;
}
const mode = () => file.h!.ha.getState('select.battery_mode')!.state;
const socNow = () => Number(file.h!.ha.getState(SOC)!.state);
/** Writes the SOC sensor as the battery's integration would, and waits until the add-on has seen it and acted. */
async function setSoc(state: string): Promise<void> {
  file.h!.ha.setState(SOC, state, { unit_of_measurement: '%', device_class: 'battery' });
  await waitFor(() => file.h!.addon.ha.entity(SOC)?.state === state, 5000, `the add-on to see ${SOC} ${state}`);
  await file.h!.addon.idle();
}
/** Plays the battery for `minutes`: each minute it charges at the full rate while its mode is force_charge. Returns the mode of each minute. */
async function play(minutes: number): Promise<string[]> {
  const modes: string[] = [];
  for (let i = 0; i < minutes; i++) {
    const charging = mode() === 'force_charge';
    modes.push(mode());
    await file.h!.advance(MIN);
    if (charging && Number.isFinite(socNow())) await setSoc(Math.min(100, socNow() + PCT_PER_MIN).toFixed(2));
  }
  return modes;
}
const count = (modes: string[], m: string) => modes.filter((x) => x === m).length;
/** The battery commands: why, the option, and the SOC and planned level (%) in charge slots. */
const batteryLogs = () =>
  file.h!.logs.filter((l) => l.appliance === BATTERY.name && l.msg === 'applied').map((l) => [l.reason, l.data?.option, l.soc_pct, l.planned_pct]);

describe('a home battery in a slot the plan charges to a level', () => {
  it('holds once its SOC reaches the planned level, charges again only well below it, and keeps its mode while the SOC is unavailable', async () => {
    const { peak, schedule } = file.day;
    const level = schedule.value_trajectory[peak - 1]!;
    // The plan charges from its 50 % to the level; this battery starts the slot at 58 %.
    expect(level - schedule.value_trajectory[peak - 2]!).toBeGreaterThan(58 - 50);
    await start(file.day, '58');
    await file.h!.advance(3 * MIN);
    // Charging until the level, about 14 minutes instead of the slot's 30: then backup.
    const first = await play(16);
    expect(count(first, 'force_charge')).toBe(Math.ceil((level - 58) / PCT_PER_MIN));
    expect(mode()).toBe('backup');
    expect(socNow()).toBeGreaterThanOrEqual(level);
    expect(socNow()).toBeLessThan(level + PCT_PER_MIN);
    // A small fall is left alone; a fall of more than RESUME_BELOW_PCT charges again, up to the level.
    await setSoc((level - RESUME_BELOW_PCT + 0.5).toFixed(2));
    expect(mode()).toBe('backup');
    await setSoc((level - RESUME_BELOW_PCT - 0.5).toFixed(2));
    expect(mode()).toBe('force_charge');
    const second = await play(5);
    expect(count(second, 'force_charge')).toBe(Math.ceil((RESUME_BELOW_PCT + 0.5) / PCT_PER_MIN));
    expect(mode()).toBe('backup');
    // An unavailable sensor changes nothing.
    await setSoc('unavailable');
    await file.h!.advance(6 * MIN);
    expect(mode()).toBe('backup');
    // The discharge slot: the idle option, whatever the SOC.
    const toBoundary = slotStart(peak) - file.h!.clock.now();
    await file.h!.advance(toBoundary);
    expect(mode()).toBe('self_consumption');
    expect(batteryLogs()).toEqual([
      ['slot boundary', 'force_charge', 58, level],
      ['planned level reached', 'backup', expect.closeTo(level, 0), level],
      ['below the planned level', 'force_charge', expect.closeTo(level - RESUME_BELOW_PCT - 0.5, 1), level],
      ['planned level reached', 'backup', expect.closeTo(level, 0), level],
      ['slot boundary', 'self_consumption', undefined, undefined],
    ]);
    expect(file.h!.logs.filter((l) => l.msg === 'the battery will charge past the planned level')).toEqual([]);
  }, 90_000);

  it("charges when the slot starts with the SOC unavailable (the plan's charge is what later slots count on), and holds once a reading shows the level", async () => {
    const { peak, schedule } = file.day;
    const level = schedule.value_trajectory[peak - 1]!;
    await start(file.day, 'unavailable');
    await file.h!.advance(3 * MIN);
    expect(mode()).toBe('force_charge');
    await file.h!.advance(10 * MIN);
    expect(mode()).toBe('force_charge');
    await setSoc((level + 1).toFixed(2));
    expect(mode()).toBe('backup');
    expect(batteryLogs().slice(0, 2)).toEqual([
      ['slot boundary', 'force_charge', null, level],
      ['planned level reached', 'backup', expect.closeTo(level + 1, 2), level],
    ]);
  }, 90_000);

  it('without a SOC sensor, charges for the whole slot as before and warns once', async () => {
    const { soc_entity_id: _, ...config } = BATTERY.config;
    const day = await planBatteryDay(file.cloud, config);
    const level = day.schedule.value_trajectory[day.peak - 1]!;
    await start(day, '58', false);
    await file.h!.advance(3 * MIN);
    const modes = await play(30);
    expect(count(modes, 'force_charge')).toBe(30);
    expect(socNow()).toBeGreaterThan(level + 5);
    expect(mode()).toBe('self_consumption');
    const warnings = file.h!.logs.filter((l) => l.msg === 'the battery will charge past the planned level');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: 'warn',
      entity_id: 'select.battery_mode',
      why: expect.stringContaining("set the battery's state-of-charge sensor (soc_entity_id)"),
    });
  }, 90_000);
});
