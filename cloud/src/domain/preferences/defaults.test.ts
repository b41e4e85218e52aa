import { describe, expect, it } from 'vitest';
import { accountPreferences, DEFAULT_PREFERENCES, unitPreferences } from './defaults.js';

describe('preferences defaults', () => {
  it('are the defaults of the contract', () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      base_temperature: 72,
      savings_level: 1,
      time_away: '08:00',
      time_home: '17:00',
      optimization_mode: 'cool',
      hourly_high_temps_f: null,
      hourly_low_temps_f: null,
      optimize_hvac_fan: false,
      optimize_hvac_mode: false,
      optimization_enabled: true,
    });
  });

  it('fill what is not stored, and a unit never shows newsletter_opt_in', () => {
    expect(unitPreferences({ savings_level: 3, newsletter_opt_in: false })).toEqual({ ...DEFAULT_PREFERENCES, savings_level: 3 });
  });

  it('take newsletter_opt_in from the store, else the signup choice, else true', () => {
    expect(accountPreferences({ newsletter_opt_in: true }, false).newsletter_opt_in).toBe(true);
    expect(accountPreferences({}, false).newsletter_opt_in).toBe(false);
    expect(accountPreferences({}).newsletter_opt_in).toBe(true);
    expect(Object.keys(accountPreferences({})).at(-1)).toBe('newsletter_opt_in');
  });
});
