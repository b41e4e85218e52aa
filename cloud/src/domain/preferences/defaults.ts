// The preferences' enums, their defaults and how stored fields are read back.
import type { AccountPreferences, Preferences } from './preference-bodies.js';

export const OPTIMIZATION_MODES = ['cool', 'heat', 'auto', 'off'] as const;
export type OptimizationMode = (typeof OPTIMIZATION_MODES)[number];

export const SAVINGS_LEVELS = [1, 2, 3] as const;
export type SavingsLevel = (typeof SAVINGS_LEVELS)[number];

/** Half-width of the comfort band in F while away, by savings level. */
export const SAVINGS_BAND_F: Record<SavingsLevel, number> = { 1: 2, 2: 6, 3: 12 };

/** Half-width of the comfort band in F while home. */
export const HOME_BAND_F = 2;

export type { AccountPreferences, Preferences } from './preference-bodies.js';

/** What is stored: only the fields a user has set (jsonb). */
export type StoredPreferences = Partial<AccountPreferences>;

/**
 * What a fresh signup receives. Typed field by field, not as `Preferences`: the preferences schema
 * (preference-bodies.ts) reads these defaults, and its type is where `Preferences` comes from.
 */
export const DEFAULT_PREFERENCES = Object.freeze({
  base_temperature: 72.0,
  savings_level: 1 as SavingsLevel,
  time_away: '08:00',
  time_home: '17:00',
  optimization_mode: 'cool' as OptimizationMode,
  hourly_high_temps_f: null as number[] | null,
  hourly_low_temps_f: null as number[] | null,
  optimize_hvac_fan: false,
  optimize_hvac_mode: false,
  optimization_enabled: true,
});

/** Signup's newsletter_opt_in when it was omitted (omitted means opted in). */
export const DEFAULT_NEWSLETTER_OPT_IN = true;

/** The stored fields over the defaults, in the contract's field order, without newsletter_opt_in. */
export function unitPreferences(stored: StoredPreferences): Preferences {
  const out = { ...DEFAULT_PREFERENCES } as Preferences;
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
    if (stored[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = stored[key];
  }
  return out;
}

/** Account preferences: the stored fields over the defaults; newsletter_opt_in falls back to the signup choice. */
export function accountPreferences(stored: StoredPreferences, signupNewsletterOptIn?: boolean): AccountPreferences {
  return {
    ...unitPreferences(stored),
    newsletter_opt_in: stored.newsletter_opt_in ?? signupNewsletterOptIn ?? DEFAULT_NEWSLETTER_OPT_IN,
  };
}
