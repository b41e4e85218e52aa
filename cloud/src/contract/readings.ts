import * as yup from 'yup';
import { HVAC_STATE_ALIASES, HVAC_STATES } from '../domain/readings/hvac-state.js';
import { INDOOR_SOURCES } from '../domain/readings/request-issues.js';
import { BODY_NOT_OBJECT_DETAIL, isPlainObject } from '../domain/validation/plain-object.js';
import { UUID_PATTERN } from '../domain/uuid.js';
import * as t from '../domain/validation/typed-schema.js';

// POST /api/v1/readings and POST /api/v1/appliances/{id}/readings. Field
// failures answer 400 `<field> ...`; `client` and `indoor_source` answer 422 with a structured
// detail (ValidationIssue[]) and are checked before these schemas run, so here they pass through.

/** Readings per request on both endpoints. */
export const MAX_READINGS_PER_REQUEST = 100;

/** 201 body of both readings endpoints: the number of readings stored. */
export const readingsAccepted = t.component('ReadingsAccepted', t.object({ accepted: t.integer({ minimum: 0, description: 'Number stored' }) }));
export type ReadingsAccepted = t.Infer<typeof readingsAccepted>;

/** One item of a structured 422 detail (FastAPI/pydantic shape). */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** Display-only description of the pushing client, stored on each HVAC reading. */
export interface ReadingClient {
  kind: 'hacs' | 'node';
  version: string;
  node_bundle?: string | null;
  ha_version?: string | null;
}

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/i;

/** True for an ISO 8601 date-time that names its zone (Z or an offset) and exists on the calendar. */
export function isIsoTimestamp(value: string): boolean {
  const m = ISO_TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offH, offM] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p))) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day! && hour! < 24 && minute! < 60 && second! < 60 && offH! < 24 && offM! < 60;
}

const timestamp = yup
  .string()
  .strict()
  .typeError('timestamp must be a string')
  .required('timestamp is required')
  .test('iso', 'timestamp must be an ISO 8601 date-time with a time zone, e.g. 2024-07-01T14:05:00Z', (v) => isIsoTimestamp(v))
  .meta({ openapi: { format: 'date-time' } });

const numberBetween = (field: string, min: number, max: number) =>
  yup
    .number()
    .strict()
    .typeError(`${field} must be a number`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);

const optionalNumber = (field: string, min: number, max: number) => numberBetween(field, min, max).nullable().optional();

const label = (field: string, max = 64) => yup.string().strict().typeError(`${field} must be a string`).max(max, `${field} must be at most ${max} characters`);

const COMMANDED_MODES = ['COOL', 'HEAT', 'OFF'];
/** The units a thermostat's setpoint step is reported in. */
export const SETPOINT_STEP_UNITS = ['C', 'F'] as const;

/** One HVAC reading. hvac_state aliases are resolved by the service (unknown ones: 400). */
export const hvacReadingSchema = yup
  .object({
    timestamp,
    indoor_temp: numberBetween('indoor_temp', 30, 120).required('indoor_temp is required'),
    hvac_state: label('hvac_state')
      .required('hvac_state is required')
      .meta({ openapi: { enum: [...HVAC_STATES, ...HVAC_STATE_ALIASES] } }),
    indoor_humidity: optionalNumber('indoor_humidity', 0, 100),
    outdoor_temp: optionalNumber('outdoor_temp', -50, 150),
    target_temp: optionalNumber('target_temp', 30, 120),
    fan_mode: label('fan_mode').nullable().optional(),
    power_watts: optionalNumber('power_watts', 0, 100_000),
    hvac_action: label('hvac_action').nullable().optional(),
    commanded_hvac_mode: label('commanded_hvac_mode')
      .nullable()
      .optional()
      .test({
        name: 'mode',
        message: `commanded_hvac_mode must be one of ${COMMANDED_MODES.join(', ')}`,
        params: { values: COMMANDED_MODES },
        test: (v) => v == null || COMMANDED_MODES.includes(v.toUpperCase()),
      }),
    commanded_fan_mode: label('commanded_fan_mode').nullable().optional(),
    commanded_setpoint: optionalNumber('commanded_setpoint', 30, 120),
    // Checked by the service (422 with a structured detail).
    indoor_source: yup
      .mixed<(typeof INDOOR_SOURCES)[number]>()
      .nullable()
      .optional()
      .meta({ openapi: { type: 'string', enum: INDOOR_SOURCES } }),
    override_active: yup.boolean().strict().typeError('override_active must be a boolean').nullable().optional(),
    room_target: optionalNumber('room_target', 30, 120),
    target_temp_step: optionalNumber('target_temp_step', 0.01, 5),
    target_temp_step_unit: yup
      .mixed<(typeof SETPOINT_STEP_UNITS)[number]>()
      .nullable()
      .optional()
      .test({
        name: 'unit',
        message: `target_temp_step_unit must be one of ${SETPOINT_STEP_UNITS.join(', ')}`,
        test: (v) => v == null || (SETPOINT_STEP_UNITS as readonly unknown[]).includes(v),
      })
      .meta({ openapi: { type: 'string', enum: SETPOINT_STEP_UNITS } }),
    appliance_id: yup
      .string()
      .strict()
      .typeError('appliance_id must be a string')
      .matches(UUID_PATTERN, 'appliance_id must be a UUID')
      .meta({ openapi: { format: 'uuid' } })
      .nullable()
      .optional(),
  })
  .typeError('each reading must be an object')
  .nonNullable('each reading must be an object');
export type HvacReadingInput = yup.InferType<typeof hvacReadingSchema>;

const readingsArray = <S extends yup.AnyObjectSchema>(item: S) =>
  yup
    .array()
    .of(item)
    .typeError('readings must be an array')
    .required('readings is required')
    .min(1, `readings must contain between 1 and ${MAX_READINGS_PER_REQUEST} readings`)
    .max(MAX_READINGS_PER_REQUEST, `readings must contain between 1 and ${MAX_READINGS_PER_REQUEST} readings`);

/** POST /api/v1/readings body. */
export const hvacReadingsRequestSchema = yup
  .object({
    readings: readingsArray(hvacReadingSchema),
    client: yup.mixed<ReadingClient>().nullable().optional(),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type HvacReadingsRequest = yup.InferType<typeof hvacReadingsRequestSchema>;

const MAX_METADATA_CHARS = 4096;

/** One non-HVAC reading; the per-type range of `value` is checked by the service. */
export const applianceReadingSchema = yup
  .object({
    timestamp,
    state: label('state').required('state is required'),
    value: yup.number().strict().typeError('value must be a number').required('value is required'),
    power_watts: optionalNumber('power_watts', -100_000, 100_000),
    plugged_in: yup.boolean().strict().typeError('plugged_in must be true or false').nullable().optional(),
    metadata: yup
      .mixed<Record<string, unknown>>()
      .nullable()
      .optional()
      .test('object', 'metadata must be a JSON object', (v) => v == null || isPlainObject(v))
      .test('size', `metadata must be at most ${MAX_METADATA_CHARS} characters as JSON`, (v) => v == null || JSON.stringify(v).length <= MAX_METADATA_CHARS)
      .meta({ openapi: { type: 'object' } }),
  })
  .typeError('each reading must be an object')
  .nonNullable('each reading must be an object');
export type ApplianceReadingInput = yup.InferType<typeof applianceReadingSchema>;

/** POST /api/v1/appliances/{id}/readings body. */
export const applianceReadingsRequestSchema = yup.object({ readings: readingsArray(applianceReadingSchema) }).typeError(BODY_NOT_OBJECT_DETAIL);
export type ApplianceReadingsRequest = yup.InferType<typeof applianceReadingsRequestSchema>;
