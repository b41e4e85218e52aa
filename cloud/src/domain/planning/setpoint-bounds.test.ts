import { describe, expect, it } from 'vitest';
import { clampSetpoints, setpointBoundsOf } from './setpoint-bounds.js';

describe('clampSetpoints', () => {
  it('clamps every setpoint into a claimed range set in full', () => {
    const schedule = { setpoint_temps: [60, 70, 90, null], temp_trajectory: [60] };
    expect(clampSetpoints(schedule, { setpoint_min_f: 64, setpoint_max_f: 80 })).toEqual({ setpoint_temps: [64, 70, 80, null], temp_trajectory: [60] });
  });

  it('leaves the schedule alone without a full range or without setpoints', () => {
    const schedule = { setpoint_temps: [60] };
    expect(clampSetpoints(schedule, { setpoint_min_f: 64 })).toBe(schedule);
    expect(clampSetpoints(schedule, { setpoint_min_f: 80, setpoint_max_f: 64 })).toBe(schedule);
    const defaults = { setpoint_temps: null };
    expect(clampSetpoints(defaults, { setpoint_min_f: 64, setpoint_max_f: 80 })).toBe(defaults);
    expect(setpointBoundsOf({ setpoint_min_f: 64, setpoint_max_f: 80 })).toEqual({ minF: 64, maxF: 80 });
  });
});
