// A home battery on the simulator and the real cloud, on a day the cloud plans to charge on cheap
// hours, hold the charge through the afternoon and cover the evening peak: with hold_option the
// held slot selects it and the discharge slot the idle option (self-consumption); without it the
// held slot gets the idle option as before, and the add-on warns once.
import { describe, expect, it } from 'vitest';
import { BATTERY, batteryDayForFile, batteryFixture, slotStart } from './support/battery-day.js';
import { startHarness, type Harness } from './support/harness.js';

const MIN = 60_000;
const file = batteryDayForFile();

/**
 * The battery mode in the held slot (the add-on starts 3 minutes before its end), the charge slot
 * and the first discharge slot. The cloud is cut off after the start (its clock is hours behind,
 * it would refuse the readings): the slots are applied from the plan pulled at the start.
 */
const run = async (state: string, appliances: Harness['config']['appliances']) => {
  const { peak, account } = file.day;
  const h = (file.h = await startHarness({
    cloud: file.cloud,
    account,
    startMs: slotStart(peak - 1) - 3 * MIN,
    fixture: batteryFixture(state),
    prepare: async () => {},
    configPatch: { appliances },
  }));
  const mode = () => file.h!.ha.getState('select.battery_mode')!.state;
  const held = mode();
  await h.cutoff.down();
  await h.advance(3 * MIN);
  const charge = mode();
  await h.advance(30 * MIN);
  return [held, charge, mode()];
};
const batteryLogs = () =>
  file.h!.logs.filter((l) => l.appliance === BATTERY.name && (l.msg === 'applied' || l.msg === 'already as planned')).map((l) => [l.msg, l.reason, l.why]);
const expectedLogs = (msg: string, peak = file.day.peak) => [
  [msg, 'start', `slot ${peak - 2} hold: charge off`],
  [msg, 'slot boundary', `slot ${peak - 1} charge: charge on`],
  [msg, 'slot boundary', `slot ${peak} discharge: charge off`],
];
const warnings = () => file.h!.logs.filter((l) => l.msg === 'the battery will discharge in slots the plan holds');

describe("a home battery on the plan's held and discharge slots", () => {
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
