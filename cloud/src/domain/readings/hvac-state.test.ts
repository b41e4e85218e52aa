import { describe, expect, it } from 'vitest';
import { HVAC_STATE_DETAIL, normalizeHvacState } from './hvac-state.js';

describe('normalizeHvacState', () => {
  it.each([
    ['HEAT', 'HEAT'],
    ['COOL', 'COOL'],
    ['ECO', 'ECO'],
    ['DRY', 'DRY'],
    ['OFF', 'OFF'],
    ['FAN', 'FAN'],
    ['cool', 'COOL'],
    ['  Heat ', 'HEAT'],
    ['cooling', 'COOL'],
    ['COOLING', 'COOL'],
    ['heating', 'HEAT'],
    ['eco_cool', 'ECO'],
    ['dehumidify', 'DRY'],
    ['fan_only', 'FAN'],
    ['Fan_Only', 'FAN'],
    ['idle', 'OFF'],
  ] as const)('%j becomes %s', (reported, expected) => {
    expect(normalizeHvacState(reported)).toBe(expected);
  });

  it('keeps ECO and DRY apart from COOL', () => {
    expect(normalizeHvacState('eco')).toBe('ECO');
    expect(normalizeHvacState('dry')).toBe('DRY');
  });

  it.each([
    ['heat_cool', 'heating', 'HEAT'],
    ['auto', 'heating', 'HEAT'],
    ['auto', 'preheating', 'HEAT'],
    ['AUTO', 'Defrosting', 'HEAT'],
    ['heat_cool', 'cooling', 'COOL'],
    ['auto', 'idle', 'COOL'],
    ['auto', 'off', 'COOL'],
    ['heat_cool', undefined, 'COOL'],
    ['heat_cool', null, 'COOL'],
  ] as const)('%s with hvac_action %j becomes %s', (reported, action, expected) => {
    expect(normalizeHvacState(reported, action)).toBe(expected);
  });

  it.each(['', 'warm', 'cool_max', 'unavailable'])('rejects %j', (reported) => {
    expect(normalizeHvacState(reported)).toBeNull();
  });

  it('names every state and alias in the error detail', () => {
    expect(HVAC_STATE_DETAIL).toBe(
      'hvac_state must be one of HEAT, COOL, ECO, DRY, OFF, FAN or an alias (cooling, heating, eco_cool, dehumidify, fan_only, idle, heat_cool, auto)',
    );
  });
});
