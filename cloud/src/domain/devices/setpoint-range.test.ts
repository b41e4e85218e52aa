import { describe, expect, it } from 'vitest';
import { claimedBounds, setpointRange } from './setpoint-range.js';

describe('setpoint range', () => {
  it('uses the claimed bounds, each falling back to 61 and 86', () => {
    expect(setpointRange({})).toEqual({ minF: 61, maxF: 86 });
    expect(setpointRange({ setpoint_min_f: 65, setpoint_max_f: 80 })).toEqual({ minF: 65, maxF: 80 });
    expect(setpointRange({ setpoint_min_f: 50 })).toEqual({ minF: 50, maxF: 86 });
    expect(setpointRange({ setpoint_max_f: 90 })).toEqual({ minF: 61, maxF: 90 });
  });

  it('never inverts: an edited config with a lone minimum above 86 raises the maximum to it', () => {
    expect(setpointRange({ setpoint_min_f: 90 })).toEqual({ minF: 90, maxF: 90 });
  });

  it('reports the claimed bounds as stored, null when absent', () => {
    expect(claimedBounds({ setpoint_min_f: 64, ir_protocol: 'nec' })).toEqual({ minF: 64, maxF: null });
    expect(claimedBounds({ setpoint_min_f: '64' })).toEqual({ minF: null, maxF: null });
  });
});
