// The preferences one HVAC is planned with (docs/schedules-and-recompute.md "Preferences").
import { unitPreferences, type Preferences, type StoredPreferences } from '../preferences/defaults.js';
import { applyPreferencesUpdate } from '../preferences/preferences-update.js';

/**
 * The stored fields that pass the PUT validation, each on its own (the hourly pair together): a
 * row written by hand or by an older version loses only its bad fields, which fall back to the
 * defaults, and never breaks a plan or a read.
 */
export function usablePreferences(stored: StoredPreferences): StoredPreferences {
  const out: StoredPreferences = {};
  const keep = (body: Record<string, unknown>) => {
    const result = applyPreferencesUpdate(body, {}, 'account');
    if (result.ok) Object.assign(out, result.next);
  };
  for (const [key, value] of Object.entries(stored)) {
    if (key !== 'hourly_high_temps_f' && key !== 'hourly_low_temps_f') keep({ [key]: value });
  }
  keep({ hourly_high_temps_f: stored.hourly_high_temps_f ?? null, hourly_low_temps_f: stored.hourly_low_temps_f ?? null });
  return out;
}

/**
 * The unit's preferences for planning: the fields stored for the unit over the account's stored
 * fields over the defaults. The account's settings are the household's; a unit only differs
 * where its own fields were set. (GET of a unit's preferences still shows fresh-signup defaults
 * for unset fields, as the contract says; this is only what planning applies.)
 */
export function planningPreferences(account: StoredPreferences, unit: StoredPreferences): Preferences {
  const { newsletter_opt_in: _ignored, ...accountFields } = usablePreferences(account);
  return unitPreferences({ ...accountFields, ...usablePreferences(unit) });
}

/** The account's master switch. */
export const masterSwitch = (account: StoredPreferences): boolean => usablePreferences(account).optimization_enabled ?? true;

/** The effective per-unit flag: the unit's own switch (default true) AND the master switch. */
export const isOptimizationEnabled = (account: StoredPreferences, unit: StoredPreferences): boolean =>
  masterSwitch(account) && (usablePreferences(unit).optimization_enabled ?? true);
