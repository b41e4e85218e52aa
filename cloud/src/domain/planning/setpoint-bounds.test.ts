import { describe, expect, it } from 'vitest';
import { comfortBand } from '../preferences/comfort-band.js';
import { DEFAULT_PREFERENCES } from '../preferences/defaults.js';
import { clampSetpoints, setpointBoundsOf } from './setpoint-bounds.js';

describe('clampSetpoints', () => {
  it('clamps every setpoint into a claimed range set in full', () => {
    const schedule = { setpoint_temps: [60, 70, 90, null], temp_trajectory: [60] };
    expect(clampSetpoints(schedule, { setpoint_min_f: 64, setpoint_max_f: 80 })).toEqual({ setpoint_temps: [64, 70, 80, null], temp_trajectory: [60] });
  });

  it('leaves the schedule alone without a full range', () => {
    const schedule = { setpoint_temps: [60] };
    expect(clampSetpoints(schedule, { setpoint_min_f: 64 })).toBe(schedule);
    expect(clampSetpoints(schedule, { setpoint_min_f: 80, setpoint_max_f: 64 })).toBe(schedule);
    const defaults = { setpoint_temps: null, high_temps: [90], low_temps: [50] };
    expect(clampSetpoints(defaults, {})).toBe(defaults);
    expect(setpointBoundsOf({ setpoint_min_f: 64, setpoint_max_f: 80 })).toEqual({ minF: 64, maxF: 80 });
  });

  it('clamps the band of a defaults row, so the midpoint the device applies is in range (66-74, base 84, level 3)', () => {
    const band = comfortBand({ ...DEFAULT_PREFERENCES, base_temperature: 84, savings_level: 3 });
    const schedule = { intervals: band.high.map((_, i) => i), high_temps: band.high, low_temps: band.low, setpoint_temps: null, temp_trajectory: null };
    const clamped = clampSetpoints(schedule, { setpoint_min_f: 66, setpoint_max_f: 74 }) as { high_temps: number[]; low_temps: number[]; setpoint_temps: null };
    expect(clamped.setpoint_temps).toBeNull();
    const applied = clamped.high_temps.map((h, i) => (h + clamped.low_temps[i]!) / 2);
    expect(band.high.map((h, i) => (h + band.low[i]!) / 2)).toContain(84);
    for (const t of applied) expect(t >= 66 && t <= 74).toBe(true);
  });
});
