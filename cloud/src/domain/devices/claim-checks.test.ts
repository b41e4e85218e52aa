import { describe, expect, it } from 'vitest';
import { claimIssue } from './claim-checks.js';

describe('claimIssue', () => {
  it('accepts every hvac_type of the contract, mini_split included', () => {
    for (const hvac_type of ['central_ac', 'window_ac', 'heat_pump', 'furnace', 'mini_split']) expect(claimIssue({ hvac_type })).toBeNull();
  });

  it('names the allowed types for an unknown one', () => {
    expect(claimIssue({ hvac_type: 'boiler' })).toBe('hvac_type must be one of central_ac, window_ac, heat_pump, furnace, mini_split');
  });

  it('refuses an inverted range, also against a default; equal bounds are fine', () => {
    expect(claimIssue({ hvac_type: 'furnace', setpoint_min_f: 70, setpoint_max_f: 70 })).toBeNull();
    expect(claimIssue({ hvac_type: 'furnace', setpoint_min_f: 80, setpoint_max_f: 70 })).toBe('setpoint_min_f (80) must not be above setpoint_max_f (70)');
    expect(claimIssue({ hvac_type: 'furnace', setpoint_min_f: 90 })).toBe('setpoint_min_f (90) must not be above setpoint_max_f (86, the default)');
    expect(claimIssue({ hvac_type: 'furnace', setpoint_max_f: 50 })).toBe('setpoint_min_f (61, the default) must not be above setpoint_max_f (50)');
  });
});
