import { DEFAULT_PREFERENCES, DETAIL, OPTIMIZATION_MODES, SAVINGS_BAND_F, SAVINGS_LEVELS } from '../../contract/index.js';
import { BASE_TEMPERATURE_MAX_F, BASE_TEMPERATURE_MIN_F, HOURLY_MAX_F, HOURLY_MIN_F } from '../../domain/preferences/preferences-update.js';
import { DEFAULT_NEWSLETTER_OPT_IN } from '../../domain/preferences/defaults.js';
import { json, operation, orNull, ref, type ApiModule, type Operation, type Schema } from './builders.js';
import { APPLIANCE_ID_PARAM, HH_MM, fixedArray } from './components.js';

const TAG = 'Preferences';
const hourly = (description: string): Schema =>
  orNull(
    fixedArray(
      24,
      { type: 'number', minimum: HOURLY_MIN_F, maximum: HOURLY_MAX_F },
      `${description}; 24 per-hour values, index 0 = midnight local; set together with its pair or both null`,
    ),
  );

// Preferences are checked by hand (preferences-update.ts); their schema states the same constants.
const D = DEFAULT_PREFERENCES;
// The fields shared by account-level and per-HVAC preferences.
const HVAC_PREFERENCES: Record<string, Schema> = {
  base_temperature: {
    type: 'number',
    minimum: BASE_TEMPERATURE_MIN_F,
    maximum: BASE_TEMPERATURE_MAX_F,
    default: D.base_temperature,
    description: 'Desired temperature, F',
  },
  savings_level: {
    type: 'integer',
    enum: [...SAVINGS_LEVELS],
    default: D.savings_level,
    description: `How far the optimizer may deviate from base temperature in the away window: ${SAVINGS_LEVELS.map((l) => `${l} = ±${SAVINGS_BAND_F[l]} F`).join(', ')}`,
  },
  time_away: { ...HH_MM, default: D.time_away, description: 'Typical leaving time (HH:MM)' },
  time_home: { ...HH_MM, default: D.time_home, description: 'Typical return time (HH:MM); a time_away later than time_home wraps midnight' },
  optimization_mode: { type: 'string', enum: [...OPTIMIZATION_MODES], default: D.optimization_mode },
  hourly_high_temps_f: { ...hourly('Per-hour upper comfort bounds, F'), default: D.hourly_high_temps_f },
  hourly_low_temps_f: {
    ...hourly('Per-hour lower comfort bounds, F; low[i] < high[i]. When set, the hourly arrays take precedence over time_away, time_home and savings_level'),
    default: D.hourly_low_temps_f,
  },
  optimize_hvac_fan: { type: 'boolean', default: D.optimize_hvac_fan, description: 'Also emit a per-slot fan-speed schedule' },
  optimize_hvac_mode: { type: 'boolean', default: D.optimize_hvac_mode, description: 'Also emit a per-slot HVAC-mode schedule' },
  optimization_enabled: {
    type: 'boolean',
    default: D.optimization_enabled,
    description: 'Pause switch. Account level: master switch. Per-HVAC: per-unit switch, combined by AND with the master switch',
  },
};
const NEWSLETTER: Schema = { type: 'boolean', default: DEFAULT_NEWSLETTER_OPT_IN, description: 'Account level only' };

const PUT_ERRORS = [
  'base_temperature must be between 60 and 85',
  'hourly_high_temps_f and hourly_low_temps_f must be set together or both cleared',
  'hourly_high_temps_f and hourly_low_temps_f must each have exactly 24 values',
  'hourly bands at hour <i> must be between 50 and 90 F',
  'hourly low must be less than high at hour <i>',
];
const FIELD_NOTE = 'Another field fails validation (the detail names the field)';

function put(id: string, summary: string, description: string, body: string, result: string, perAppliance: boolean): Operation {
  return operation({
    id,
    tag: TAG,
    summary,
    description,
    auth: 'user',
    ...(perAppliance && { params: [APPLIANCE_ID_PARAM] }),
    body: ref(body),
    ok: { 200: json('The full preferences after the change', ref(result)) },
    errors: perAppliance ? { 400: PUT_ERRORS, 404: [DETAIL.applianceNotFound] } : { 400: PUT_ERRORS },
    notes: { 400: FIELD_NOTE },
  });
}

/** Account-level and per-HVAC comfort preferences. */
export const preferencesApi: ApiModule = {
  tag: { name: TAG, description: 'Comfort preferences, account-level and per HVAC unit.' },
  schemas: {
    AppliancePreferences: {
      type: 'object',
      description: 'Per-HVAC preferences (without newsletter_opt_in).',
      properties: HVAC_PREFERENCES,
      required: Object.keys(HVAC_PREFERENCES),
    },
    Preferences: {
      type: 'object',
      description: 'Account-level preferences.',
      properties: { ...HVAC_PREFERENCES, newsletter_opt_in: NEWSLETTER },
      required: [...Object.keys(HVAC_PREFERENCES), 'newsletter_opt_in'],
    },
    AppliancePreferencesUpdate: { type: 'object', description: 'All fields optional; unspecified fields are preserved.', properties: HVAC_PREFERENCES },
    PreferencesUpdate: {
      type: 'object',
      description: 'All fields optional; only sent fields change.',
      properties: { ...HVAC_PREFERENCES, newsletter_opt_in: NEWSLETTER },
    },
  },
  paths: {
    '/api/v1/preferences': {
      get: operation({
        id: 'getPreferences',
        tag: TAG,
        summary: 'Account-level preferences (defaults when unset)',
        auth: 'user',
        ok: { 200: json('The preferences', ref('Preferences')) },
      }),
      put: put(
        'updatePreferences',
        'Change account-level preferences',
        'A success triggers a debounced recompute, except when only newsletter_opt_in changed.',
        'PreferencesUpdate',
        'Preferences',
        false,
      ),
    },
    '/api/v1/appliances/{appliance_id}/preferences': {
      get: operation({
        id: 'getAppliancePreferences',
        tag: TAG,
        summary: 'Preferences of one HVAC unit',
        description: 'Units with nothing stored get fresh-signup defaults. 404 when the appliance is missing, not owned, or not an HVAC.',
        auth: 'user',
        params: [APPLIANCE_ID_PARAM],
        ok: { 200: json('The preferences', ref('AppliancePreferences')) },
        errors: { 404: [DETAIL.applianceNotFound] },
      }),
      put: put(
        'updateAppliancePreferences',
        'Change the preferences of one HVAC unit',
        'The row is upserted; unspecified fields are preserved; the account-level row is untouched. A success triggers a debounced recompute.',
        'AppliancePreferencesUpdate',
        'AppliancePreferences',
        true,
      ),
    },
  },
};
