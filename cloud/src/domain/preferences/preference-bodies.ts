// The preferences bodies as the API serves them: one typed schema gives both the type and the
// OpenAPI component (validation/typed-schema.ts). A PUT body is checked by hand
// (preferences-update.ts), so these fields read that check's constants.
import { HH_MM_SCHEMA } from '../validation/json-schema.js';
import * as t from '../validation/typed-schema.js';
import { DEFAULT_NEWSLETTER_OPT_IN, DEFAULT_PREFERENCES as D, OPTIMIZATION_MODES, SAVINGS_BAND_F, SAVINGS_LEVELS } from './defaults.js';
import { BASE_TEMPERATURE_MAX_F, BASE_TEMPERATURE_MIN_F, HOURLY_MAX_F, HOURLY_MIN_F } from './preferences-update.js';

const hourly = (description: string, fallback: number[] | null) =>
  t.nullable(
    t.fixedArray(
      24,
      t.number({ minimum: HOURLY_MIN_F, maximum: HOURLY_MAX_F }),
      `${description}; 24 per-hour values, index 0 = midnight local; set together with its pair or both null`,
    ),
    { default: fallback },
  );
const clock = (description: string, fallback: string) => t.string({ ...HH_MM_SCHEMA, default: fallback, description });

/** The fields of account-level and per-HVAC preferences. */
export const HVAC_PREFERENCE_FIELDS = {
  base_temperature: t.number({
    minimum: BASE_TEMPERATURE_MIN_F,
    maximum: BASE_TEMPERATURE_MAX_F,
    default: D.base_temperature,
    description: 'Desired temperature, F',
  }),
  savings_level: t.integerOf(SAVINGS_LEVELS, {
    default: D.savings_level,
    description: `How far the optimizer may deviate from base temperature in the away window: ${SAVINGS_LEVELS.map((l) => `${l} = ±${SAVINGS_BAND_F[l]} F`).join(', ')}`,
  }),
  time_away: clock('Typical leaving time (HH:MM)', D.time_away),
  time_home: clock('Typical return time (HH:MM); a time_away later than time_home wraps midnight', D.time_home),
  optimization_mode: t.oneOf(OPTIMIZATION_MODES, { default: D.optimization_mode }),
  hourly_high_temps_f: hourly('Per-hour upper comfort bounds, F', D.hourly_high_temps_f),
  hourly_low_temps_f: hourly(
    'Per-hour lower comfort bounds, F; low[i] < high[i]. When set, the hourly arrays take precedence over time_away, time_home and savings_level',
    D.hourly_low_temps_f,
  ),
  optimize_hvac_fan: t.boolean({ default: D.optimize_hvac_fan, description: 'Also emit a per-slot fan-speed schedule' }),
  optimize_hvac_mode: t.boolean({ default: D.optimize_hvac_mode, description: 'Also emit a per-slot HVAC-mode schedule' }),
  optimization_enabled: t.boolean({
    default: D.optimization_enabled,
    description: 'Pause switch. Account level: master switch. Per-HVAC: per-unit switch, combined by AND with the master switch',
  }),
};
export const NEWSLETTER_FIELD = t.boolean({ default: DEFAULT_NEWSLETTER_OPT_IN, description: 'Account level only' });

/** Preferences of one HVAC unit. */
export const appliancePreferences = t.component('AppliancePreferences', t.object(HVAC_PREFERENCE_FIELDS, 'Per-HVAC preferences (without newsletter_opt_in).'));
/** Preferences of one HVAC unit, and of the account without its newsletter flag. */
export type Preferences = t.Infer<typeof appliancePreferences>;
/** Account-level preferences: the same fields plus newsletter_opt_in. */
export const accountPreferences = t.component(
  'Preferences',
  t.object({ ...HVAC_PREFERENCE_FIELDS, newsletter_opt_in: NEWSLETTER_FIELD }, 'Account-level preferences.'),
);
export type AccountPreferences = t.Infer<typeof accountPreferences>;
