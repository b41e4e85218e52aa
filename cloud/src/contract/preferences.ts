// Preferences. The shape, defaults and validation live in the pure preferences
// domain; PUT bodies are validated there (every field optional, the contract's exact messages).
import type { AccountPreferences } from '../domain/preferences/defaults.js';

export type { AccountPreferences, OptimizationMode, Preferences, SavingsLevel } from '../domain/preferences/defaults.js';
export { DEFAULT_PREFERENCES, OPTIMIZATION_MODES, SAVINGS_BAND_F, SAVINGS_LEVELS } from '../domain/preferences/defaults.js';

/** PUT /api/v1/preferences body: any subset of the fields; null clears only the hourly pair. */
export type PreferencesUpdateRequest = Partial<AccountPreferences>;
/** PUT /api/v1/appliances/{id}/preferences body: the same without newsletter_opt_in (ignored if sent). */
export type AppliancePreferencesUpdateRequest = Omit<PreferencesUpdateRequest, 'newsletter_opt_in'>;
