import { describe, expect, it } from 'vitest';
import type { HubAppliance } from './appliances.js';
import { batterySlotMode, holdGap } from './battery-slots.js';

// A day as the cloud plans it: charge on the cheap night (slots 2-5, 50 -> 90 %), hold through the
// cheap day (6-33), cover the evening peak (34-41, down to 20 %), hold again to midnight.
const levels = Array.from({ length: 48 }, (_, s) => (s < 2 ? 50 : s < 6 ? 50 + 10 * (s - 1) : s < 34 ? 90 : s < 42 ? 90 - 8.75 * (s - 33) : 20));
const intervals = levels.map((_, s) => s >= 2 && s < 6);
const discharge_intervals = levels.map((_, s) => s >= 34 && s < 42);
const plan = { intervals, discharge_intervals, value_trajectory: levels, unit: 'percent' };
const modes = (schedule: Record<string, unknown>) => Array.from({ length: 48 }, (_, s) => batterySlotMode(schedule, s));
const expected = levels.map((_, s) => (intervals[s] ? 'charge' : discharge_intervals[s] ? 'discharge' : 'hold'));

describe('batterySlotMode', () => {
  it('reads charge, discharge and hold off a plan with discharge_intervals', () => {
    expect(modes(plan)).toEqual(expected);
  });

  it('tells them from the planned charge alone: falling is a discharge, flat or rising without charge a hold', () => {
    const { discharge_intervals: _, ...withoutDischarge } = plan;
    // Slot 0 has no level before it: the add-on's former default, a discharge.
    expect(modes(withoutDischarge)).toEqual(['discharge', ...expected.slice(1)]);
    // Rounding noise is not a discharge; a rise without a charge interval (solar) is a hold.
    const noisy = { intervals: Array(48).fill(false), value_trajectory: [60, 59.996, 61, 59, 59] };
    expect([1, 2, 3, 4].map((s) => batterySlotMode(noisy, s))).toEqual(['hold', 'hold', 'discharge', 'hold']);
  });

  it('reads export off export_intervals, which the cloud sets within the discharge slots', () => {
    const export_intervals = levels.map((_, s) => s >= 38 && s < 42);
    expect(modes({ ...plan, export_intervals })).toEqual(expected.map((m, s) => (export_intervals[s] ? 'export' : m)));
  });

  it('keeps the former behaviour without a trajectory, and is null without intervals', () => {
    expect(batterySlotMode({ intervals: Array(48).fill(false) }, 7)).toBe('discharge');
    expect(batterySlotMode({}, 7)).toBeNull();
  });
});

describe('holdGap', () => {
  const battery = (entity_id: string, hold_option?: string): HubAppliance => ({
    id: 'b',
    name: 'Powerwall',
    type: 'home_battery',
    isActive: true,
    entities: { entity_id },
    override: hold_option ? { appliance: 'Powerwall', hold_option } : null,
  });

  it('names hold_option for a select without it, and nothing once it is set', () => {
    expect(holdGap(battery('select.mode'))).toMatch(/^no hold_option set: .*discharges in slots the plan holds/);
    expect(holdGap(battery('select.mode', 'Backup'))).toBeNull();
  });

  it('says a switch or button cannot hold, and is silent for other appliances', () => {
    expect(holdGap(battery('switch.charge', 'Backup'))).toMatch(/^switch\.charge only switches charging on and off/);
    expect(holdGap({ ...battery('switch.ev'), type: 'ev_charger' })).toBeNull();
  });
});
