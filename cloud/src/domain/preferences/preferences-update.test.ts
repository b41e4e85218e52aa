import { describe, expect, it } from 'vitest';
import type { StoredPreferences } from './defaults.js';
import { applyPreferencesUpdate } from './preferences-update.js';

const flat = (v: number) => Array.from({ length: 24 }, () => v);
const HIGH = flat(76);
const LOW = flat(68);

describe('applyPreferencesUpdate', () => {
  it('changes only the sent fields and keeps the stored ones', () => {
    const stored: StoredPreferences = { base_temperature: 70, savings_level: 2 };
    expect(applyPreferencesUpdate({ time_away: '09:30', optimization_mode: 'heat' }, stored, 'account')).toEqual({
      ok: true,
      next: { base_temperature: 70, savings_level: 2, time_away: '09:30', optimization_mode: 'heat' },
      changesPlanning: true,
    });
  });

  it('accepts every field at once, including the boundaries', () => {
    const body = {
      base_temperature: 85,
      savings_level: 3,
      time_away: '00:00',
      time_home: '23:59',
      optimization_mode: 'off',
      hourly_high_temps_f: flat(90),
      hourly_low_temps_f: flat(50),
      optimize_hvac_fan: true,
      optimize_hvac_mode: true,
      optimization_enabled: false,
      newsletter_opt_in: false,
    };
    expect(applyPreferencesUpdate(body, {}, 'account')).toEqual({ ok: true, next: body, changesPlanning: true });
    expect(applyPreferencesUpdate({ base_temperature: 60 }, {}, 'account').ok).toBe(true);
  });

  it('ignores unknown keys', () => {
    expect(applyPreferencesUpdate({ colour: 'blue' }, {}, 'account')).toEqual({ ok: true, next: {}, changesPlanning: false });
  });

  it('does not re-plan when only newsletter_opt_in is sent', () => {
    expect(applyPreferencesUpdate({ newsletter_opt_in: false }, {}, 'account')).toEqual({
      ok: true,
      next: { newsletter_opt_in: false },
      changesPlanning: false,
    });
    expect(applyPreferencesUpdate({ newsletter_opt_in: false, optimize_hvac_fan: false }, {}, 'account')).toMatchObject({ changesPlanning: true });
  });

  it('ignores newsletter_opt_in at appliance scope (valid or not)', () => {
    expect(applyPreferencesUpdate({ newsletter_opt_in: 'nope' }, {}, 'appliance')).toEqual({ ok: true, next: {}, changesPlanning: false });
  });

  it.each([
    [{ base_temperature: 59.9 }, 'base_temperature must be between 60 and 85'],
    [{ base_temperature: 85.1 }, 'base_temperature must be between 60 and 85'],
    [{ base_temperature: '72' }, 'base_temperature must be between 60 and 85'],
    [{ base_temperature: null }, 'base_temperature must be between 60 and 85'],
    [{ base_temperature: Infinity }, 'base_temperature must be between 60 and 85'],
    [{ savings_level: 4 }, 'savings_level must be 1, 2 or 3'],
    [{ savings_level: 1.5 }, 'savings_level must be 1, 2 or 3'],
    [{ savings_level: '2' }, 'savings_level must be 1, 2 or 3'],
    [{ time_away: '8:00' }, 'time_away must be HH:MM'],
    [{ time_home: '24:00' }, 'time_home must be HH:MM'],
    [{ time_home: null }, 'time_home must be HH:MM'],
    [{ optimization_mode: 'dry' }, "optimization_mode must be one of ['cool', 'heat', 'auto', 'off']"],
    [{ optimize_hvac_fan: 'true' }, 'optimize_hvac_fan must be a boolean'],
    [{ optimize_hvac_mode: 1 }, 'optimize_hvac_mode must be a boolean'],
    [{ optimization_enabled: null }, 'optimization_enabled must be a boolean'],
    [{ newsletter_opt_in: 'yes' }, 'newsletter_opt_in must be a boolean'],
    [{ hourly_high_temps_f: HIGH }, 'hourly_high_temps_f and hourly_low_temps_f must be set together or both cleared'],
    [{ hourly_low_temps_f: LOW, hourly_high_temps_f: null }, 'hourly_high_temps_f and hourly_low_temps_f must be set together or both cleared'],
    [{ hourly_high_temps_f: HIGH.slice(1), hourly_low_temps_f: LOW }, 'hourly_high_temps_f and hourly_low_temps_f must each have exactly 24 values'],
    [{ hourly_high_temps_f: HIGH, hourly_low_temps_f: [...LOW, 68] }, 'hourly_high_temps_f and hourly_low_temps_f must each have exactly 24 values'],
    [{ hourly_high_temps_f: 'warm', hourly_low_temps_f: LOW }, 'hourly_high_temps_f and hourly_low_temps_f must each have exactly 24 values'],
    [{ hourly_high_temps_f: HIGH.map((v, i) => (i === 5 ? 91 : v)), hourly_low_temps_f: LOW }, 'hourly bands at hour 5 must be between 50 and 90 F'],
    [{ hourly_high_temps_f: HIGH, hourly_low_temps_f: LOW.map((v, i) => (i === 7 ? 49 : v)) }, 'hourly bands at hour 7 must be between 50 and 90 F'],
    [{ hourly_high_temps_f: HIGH.map((v, i) => (i === 3 ? '76' : v)), hourly_low_temps_f: LOW }, 'hourly bands at hour 3 must be between 50 and 90 F'],
    [{ hourly_high_temps_f: HIGH.map((v, i) => (i === 2 ? null : v)), hourly_low_temps_f: LOW }, 'hourly bands at hour 2 must be between 50 and 90 F'],
    [{ hourly_high_temps_f: HIGH, hourly_low_temps_f: LOW.map((v, i) => (i === 23 ? 76 : v)) }, 'hourly low must be less than high at hour 23'],
    [[], 'request body must be a JSON object'],
  ])('rejects %j with %s', (body, detail) => {
    expect(applyPreferencesUpdate(body, {}, 'account')).toEqual({ ok: false, detail });
  });

  it('reports the first rule of the table that fails', () => {
    expect(applyPreferencesUpdate({ savings_level: 9, base_temperature: 10 }, {}, 'account')).toEqual({
      ok: false,
      detail: 'base_temperature must be between 60 and 85',
    });
  });

  describe('the hourly pair', () => {
    const storedPair: StoredPreferences = { hourly_high_temps_f: HIGH, hourly_low_temps_f: LOW };

    it('sets both and clears both', () => {
      expect(applyPreferencesUpdate({ hourly_high_temps_f: HIGH, hourly_low_temps_f: LOW }, {}, 'account')).toMatchObject({ ok: true, next: storedPair });
      expect(applyPreferencesUpdate({ hourly_high_temps_f: null, hourly_low_temps_f: null }, { ...storedPair, savings_level: 2 }, 'account')).toEqual({
        ok: true,
        next: { savings_level: 2 },
        changesPlanning: true,
      });
    });

    it('replaces one array while the other stays stored, checked against it', () => {
      const high = flat(80);
      expect(applyPreferencesUpdate({ hourly_high_temps_f: high }, storedPair, 'account')).toMatchObject({
        ok: true,
        next: { hourly_high_temps_f: high, hourly_low_temps_f: LOW },
      });
      expect(applyPreferencesUpdate({ hourly_high_temps_f: flat(68) }, storedPair, 'account')).toEqual({
        ok: false,
        detail: 'hourly low must be less than high at hour 0',
      });
    });

    it('refuses to clear one array of a stored pair', () => {
      expect(applyPreferencesUpdate({ hourly_low_temps_f: null }, storedPair, 'account')).toEqual({
        ok: false,
        detail: 'hourly_high_temps_f and hourly_low_temps_f must be set together or both cleared',
      });
    });

    it('accepts clearing both when nothing is stored', () => {
      expect(applyPreferencesUpdate({ hourly_high_temps_f: null, hourly_low_temps_f: null }, {}, 'account')).toEqual({
        ok: true,
        next: {},
        changesPlanning: true,
      });
    });

    it('stores copies, not the request arrays', () => {
      const high = flat(77);
      const result = applyPreferencesUpdate({ hourly_high_temps_f: high, hourly_low_temps_f: LOW }, {}, 'account');
      high[0] = 1;
      expect(result).toMatchObject({ ok: true, next: { hourly_high_temps_f: flat(77) } });
    });
  });
});
