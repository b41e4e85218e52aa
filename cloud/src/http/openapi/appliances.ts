import {
  APPLIANCE_TYPE_DETAIL,
  DETAIL,
  appliance,
  applianceCreateSchema,
  applianceCreated,
  applianceReadingSchema,
  applianceReadingsRequestSchema,
  applianceUpdateSchema,
} from '../../contract/index.js';
import { applianceTypeSchema } from '../../domain/appliance-types/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { APPLIANCE_CONFIG_SCHEMAS, CONFIG_BY_TYPE, readingValues } from './appliance-configs.js';
import { empty, json, operation, ref, type ApiModule, type Schema } from './builders.js';
import { APPLIANCE_ID_PARAM } from './components.js';
import { fromYup } from '../../domain/validation/from-yup.js';

const TAG = 'Appliances';
const FIELD_DETAIL = '<field>: <message>';
const RATE_LIMIT = 'Rate limit exceeded: ...';
const READING_VALUES = readingValues();

/** `config` must match the shape of `appliance_type`, expressed with JSON Schema if/then. */
function configMatchesType(overrides: Record<string, Schema> = {}): Schema[] {
  return Object.entries(CONFIG_BY_TYPE).map(([type, name]) => ({
    if: { properties: { appliance_type: { const: type } }, required: ['appliance_type'] },
    then: { properties: { config: overrides[type] ?? ref(name) } },
  }));
}

/** Appliance CRUD and non-HVAC readings. */
export const appliancesApi: ApiModule = {
  tag: { name: TAG, description: "The caller's household machines." },
  schemas: {
    ...APPLIANCE_CONFIG_SCHEMAS,
    ...componentSchemas([applianceTypeSchema]),
    ApplianceConfig: {
      description: 'A per-type config object; it must match the appliance_type.',
      anyOf: Object.values(CONFIG_BY_TYPE).map(ref),
    },
    Appliance: { ...appliance.schema, allOf: configMatchesType() },
    ApplianceCreate: {
      ...fromYup(applianceCreateSchema, { fields: { appliance_type: { ref: 'ApplianceType' }, config: { description: 'Per-type shape' } } }),
      allOf: configMatchesType({ hvac: { allOf: [ref('HvacConfig'), { required: ['entity_id'] }] } }),
    },
    ...componentSchemas([applianceCreated]),
    ApplianceUpdate: fromYup(applianceUpdateSchema, {
      description: "When config is sent it must be the full per-type object of the appliance's type (the whole shape is re-validated).",
      fields: {
        config: { ref: 'ApplianceConfig' },
        is_active: { description: "The unit's own optimization switch" },
        appliance_type: { description: 'Cannot change: any value other than the stored type is refused' },
      },
    }),
    ApplianceReading: fromYup(applianceReadingSchema, {
      description: 'A non-HVAC reading.',
      fields: {
        timestamp: { description: 'ISO 8601' },
        state: { description: 'Free-form label such as `CHARGING`, `IDLE`, `ON`, `OFF`, `DISCHARGING`' },
        value: { description: `Per appliance type: ${READING_VALUES.description}` },
        plugged_in: {
          description:
            "EV only (400 on another type): whether the car is plugged in. A value other than the one today's plan assumed (absent: plugged in) re-plans the rest of the day; unplugged, nothing charges. Without it, a falling charge is read as the car driven and re-plans nothing",
        },
        power_watts: {
          description:
            "The appliance's metered power, W: positive while it draws, negative while it delivers (a battery discharging). The household's own load is the whole-home reading less the power of every appliance but a solar array in the same half hour",
        },
        metadata: { description: 'Stored as sent' },
      },
    }),
    ApplianceReadingsRequest: fromYup(applianceReadingsRequestSchema, {
      description: 'All or nothing: one invalid reading rejects the request and stores nothing.',
      fields: { readings: { items: { ref: 'ApplianceReading' } } },
    }),
  },
  paths: {
    '/api/v1/appliances': {
      post: operation({
        id: 'createAppliance',
        tag: TAG,
        summary: 'Register an appliance',
        description: 'The free tier permits one HVAC (every HVAC counts, active or not, satellites included).',
        auth: 'user',
        body: ref('ApplianceCreate'),
        ok: { 201: json('Created', ref(applianceCreated)) },
        errors: {
          400: [APPLIANCE_TYPE_DETAIL, FIELD_DETAIL, 'Appliance limit reached: an account may have at most <n> appliances; delete one first'],
          403: [DETAIL.upgradeRequired],
        },
      }),
      get: operation({
        id: 'listAppliances',
        tag: TAG,
        summary: "List the caller's appliances",
        description: 'Constraints are not included.',
        auth: 'user',
        ok: { 200: json('The appliances', { type: 'array', items: ref(appliance) }) },
      }),
    },
    '/api/v1/appliances/{appliance_id}': {
      put: operation({
        id: 'updateAppliance',
        tag: TAG,
        summary: 'Rename an appliance or replace its config',
        auth: 'user',
        params: [APPLIANCE_ID_PARAM],
        body: ref('ApplianceUpdate'),
        ok: { 200: json('The Appliance', ref(appliance)) },
        errors: { 400: [FIELD_DETAIL], 404: [DETAIL.applianceNotFound] },
      }),
      delete: operation({
        id: 'deleteAppliance',
        tag: TAG,
        summary: 'Delete an appliance permanently',
        description: 'Cascades through its readings, schedules and constraints; a satellite bound to it is unbound.',
        auth: 'user',
        params: [APPLIANCE_ID_PARAM],
        ok: { 204: empty('Deleted') },
        errors: { 404: [DETAIL.applianceNotFound], 503: ['Failed to delete appliance'] },
      }),
    },
    '/api/v1/appliances/{appliance_id}/readings': {
      post: operation({
        id: 'pushApplianceReadings',
        tag: TAG,
        summary: 'Push readings of a non-HVAC appliance (EV, battery, robot, water heater, solar)',
        description: 'Shares the daily reading ceiling with POST /api/v1/readings.',
        auth: 'user',
        params: [APPLIANCE_ID_PARAM],
        body: ref('ApplianceReadingsRequest'),
        ok: { 201: json('Stored', ref('ReadingsAccepted')) },
        errors: {
          400: READING_VALUES.details,
          404: [DETAIL.applianceNotFound],
          429: [RATE_LIMIT],
        },
      }),
    },
  },
};
