import { describe, expect, it } from 'vitest';
import { keepPastSlots } from './past-slots.js';

const fill = (v: unknown) => Array(48).fill(v);
const charge = (on: boolean, pct: number) => ({ intervals: fill(on), value_trajectory: fill(pct), unit: 'percent' });

describe('keepPastSlots', () => {
  it('keeps the previous values of slots before fromSlot in every 48-slot array, the new ones after', () => {
    const merged = keepPastSlots('ev_charger', charge(false, 80), charge(true, 40), 10);
    expect(merged.intervals).toEqual([...Array(10).fill(true), ...Array(38).fill(false)]);
    expect(merged.value_trajectory).toEqual([...Array(10).fill(40), ...Array(38).fill(80)]);
    expect(merged.unit).toBe('percent');
  });

  it("keeps the previous plan's reasons for the slots it applied, with the new plan's summary", () => {
    const reason = (code: string) => ({ code, price_cents: 10 });
    const previous = { ...charge(true, 40), reasons_48: fill(reason('cheapest_left')), summary: 'Charges 00:00-05:00 at 10 ¢.' };
    const next = { ...charge(false, 80), reasons_48: fill(reason('nothing_needed')), summary: 'Needs no charging.' };
    const merged = keepPastSlots('ev_charger', next, previous, 10);
    expect(merged.reasons_48).toEqual([...Array(10).fill(reason('cheapest_left')), ...Array(38).fill(reason('nothing_needed'))]);
    expect(merged.summary).toBe('Needs no charging.');
  });

  it('changes nothing for a whole-day plan, without a previous row, or for solar (a forecast)', () => {
    const next = charge(false, 80);
    expect(keepPastSlots('ev_charger', next, charge(true, 40), 0)).toBe(next);
    expect(keepPastSlots('ev_charger', next, null, 12)).toBe(next);
    const solar = { generation_kw_48: fill(1), generation_kwh: 24 };
    expect(keepPastSlots('solar', solar, { generation_kw_48: fill(2), generation_kwh: 48 }, 12)).toBe(solar);
  });

  it('keeps arrays the previous row lacks or holds in another shape as planned', () => {
    const next = { intervals: fill(true), discharge_intervals: fill(true) };
    expect(keepPastSlots('home_battery', next, { intervals: fill(false), discharge_intervals: [true] }, 4)).toEqual({
      intervals: [...Array(4).fill(false), ...Array(44).fill(true)],
      discharge_intervals: fill(true),
    });
  });

  it('after an HVAC defaults row, the past setpoints are the band middles the client applied', () => {
    const previous = { intervals: fill(0), high_temps: fill(76), low_temps: fill(70), setpoint_temps: null, temp_trajectory: null };
    const next = { intervals: fill(0), high_temps: fill(75), low_temps: fill(71), setpoint_temps: fill(74), temp_trajectory: fill(73) };
    const merged = keepPastSlots('hvac', next, previous, 2);
    expect(merged.setpoint_temps).toEqual([73, 73, ...Array(46).fill(74)]);
    expect(merged.high_temps).toEqual([76, 76, ...Array(46).fill(75)]);
    expect(merged.temp_trajectory).toEqual(fill(73));
  });

  it('a defaults row after a defaults row keeps null setpoints', () => {
    const row = { intervals: fill(0), high_temps: fill(74), low_temps: fill(70), setpoint_temps: null, temp_trajectory: null };
    expect(keepPastSlots('hvac', row, row, 20).setpoint_temps).toBeNull();
  });
});
