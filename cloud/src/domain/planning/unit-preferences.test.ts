import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../preferences/defaults.js';
import { isOptimizationEnabled, masterSwitch, planningPreferences, usablePreferences } from './unit-preferences.js';

const high = Array(24).fill(76);
const low = Array(24).fill(68);

describe('planningPreferences', () => {
  it('overlays the unit fields on the account fields on the defaults', () => {
    expect(planningPreferences({}, {})).toEqual(DEFAULT_PREFERENCES);
    expect(planningPreferences({ base_temperature: 70, savings_level: 2, newsletter_opt_in: false }, { savings_level: 3 })).toEqual({
      ...DEFAULT_PREFERENCES,
      base_temperature: 70,
      savings_level: 3,
    });
    expect(planningPreferences({ hourly_high_temps_f: high, hourly_low_temps_f: low }, {})).toMatchObject({
      hourly_high_temps_f: high,
      hourly_low_temps_f: low,
    });
  });

  it('drops stored fields that would not pass validation, one by one (the hourly pair together)', () => {
    const stored = { base_temperature: 200, time_away: 'bogus', savings_level: 2, hourly_high_temps_f: high, optimize_hvac_fan: 'yes' } as never;
    expect(usablePreferences(stored)).toEqual({ savings_level: 2 });
    expect(planningPreferences(stored, {})).toEqual({ ...DEFAULT_PREFERENCES, savings_level: 2 });
  });
});

describe('optimization_enabled', () => {
  it.each([
    [{}, {}, true],
    [{ optimization_enabled: false }, {}, false],
    [{}, { optimization_enabled: false }, false],
    [{ optimization_enabled: false }, { optimization_enabled: true }, false],
    [{ optimization_enabled: true }, { optimization_enabled: true }, true],
    [{ optimization_enabled: 'no' }, {}, true],
  ])('account %j AND unit %j -> %s', (account, unit, enabled) => {
    expect(isOptimizationEnabled(account as never, unit as never)).toBe(enabled);
  });

  it('the master switch is the account flag, default true', () => {
    expect(masterSwitch({})).toBe(true);
    expect(masterSwitch({ optimization_enabled: false })).toBe(false);
  });
});
