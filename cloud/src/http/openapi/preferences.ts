import { DETAIL } from '../../contract/index.js';
import { accountPreferences, appliancePreferences, NEWSLETTER_FIELD } from '../../domain/preferences/preference-bodies.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, ref, type ApiModule, type Operation, type Schema } from './builders.js';
import { APPLIANCE_ID_PARAM } from './components.js';

const TAG = 'Preferences';
// A PUT body has the same fields, each optional.
const HVAC_PREFERENCES = appliancePreferences.schema.properties as Record<string, Schema>;

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
    ...componentSchemas([appliancePreferences, accountPreferences]),
    AppliancePreferencesUpdate: { type: 'object', description: 'All fields optional; unspecified fields are preserved.', properties: HVAC_PREFERENCES },
    PreferencesUpdate: {
      type: 'object',
      description: 'All fields optional; only sent fields change.',
      properties: { ...HVAC_PREFERENCES, newsletter_opt_in: NEWSLETTER_FIELD.schema },
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
