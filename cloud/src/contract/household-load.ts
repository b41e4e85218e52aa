import * as yup from 'yup';
import { isIsoTimestamp, MAX_READINGS_PER_REQUEST } from './readings.js';
import { LOAD_SOURCES } from '../domain/household/load-source.js';
import { BODY_NOT_OBJECT_DETAIL, isPlainObject } from '../domain/validation/plain-object.js';
import * as t from '../domain/validation/typed-schema.js';

// The household's own load (docs/home-plan.md): whole-home readings, a set profile, and
// the profile the plans use.

/** Highest whole-home reading, W. */
export const MAX_HOUSEHOLD_WATTS = 100_000;
/** Highest value of a set profile, kW. */
export const MAX_HOUSEHOLD_LOAD_KW = 100;

const load48 = (description: string) => t.slots48(t.number({ minimum: 0, maximum: MAX_HOUSEHOLD_LOAD_KW }), description);

/** GET /api/v1/household-load (and PUT's answer). */
export const householdLoadProfile = t.component(
  'HouseholdLoadProfile',
  t.object({
    source: t.oneOf(LOAD_SOURCES, {
      description: 'measured once at least 3 of the last 28 days have readings covering 36 or more of their 48 slots; else set; else the typical profile',
    }),
    load_kw_48: load48('48 half-hourly kW values of the local day (slot 0 = 00:00)'),
    days_measured: t.integer({ minimum: 0, description: 'Days of the last 28 whose readings cover at least 36 slots' }),
  }),
);
export type HouseholdLoadProfile = t.Infer<typeof householdLoadProfile>;
/** Where the load the plans use comes from: measured (3+ days of readings), set by the user, or typical. */
export type HouseholdLoadSource = HouseholdLoadProfile['source'];

/**
 * PUT /api/v1/household-load body. It is checked by hand (householdLoadPutIssue: one detail naming
 * the first bad slot), so this schema describes it from the same limit.
 */
export const householdLoadUpdate = t.component(
  'HouseholdLoadUpdate',
  t.object({ load_kw_48: t.nullable(load48(`48 numbers, each 0-${MAX_HOUSEHOLD_LOAD_KW} kW; null clears the set profile`)) }),
);
export type HouseholdLoadUpdate = t.Infer<typeof householdLoadUpdate>;

const reading = yup
  .object({
    timestamp: yup
      .string()
      .strict()
      .typeError('timestamp must be a string')
      .required('timestamp is required')
      .test('iso', 'timestamp must be an ISO 8601 date-time with a time zone, e.g. 2024-07-01T14:05:00Z', (v) => isIsoTimestamp(v))
      .meta({ openapi: { format: 'date-time' } }),
    value: yup
      .number()
      .strict()
      .typeError('value must be a number')
      .required('value is required')
      .test({
        name: 'range',
        message: `value must be between 0 and ${MAX_HOUSEHOLD_WATTS}`,
        params: { min: 0, max: MAX_HOUSEHOLD_WATTS },
        test: (v) => Number.isFinite(v) && v >= 0 && v <= MAX_HOUSEHOLD_WATTS,
      }),
  })
  .typeError('each reading must be an object')
  .nonNullable('each reading must be an object');

/** POST /api/v1/household-load/readings body: whole-home consumption in W, before solar. */
export const householdLoadReadingsRequestSchema = yup
  .object({
    readings: yup
      .array()
      .of(reading)
      .typeError('readings must be an array')
      .required('readings is required')
      .min(1, `readings must contain between 1 and ${MAX_READINGS_PER_REQUEST} readings`)
      .max(MAX_READINGS_PER_REQUEST, `readings must contain between 1 and ${MAX_READINGS_PER_REQUEST} readings`),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type HouseholdLoadReadingsRequest = yup.InferType<typeof householdLoadReadingsRequestSchema>;

/**
 * The 400 detail of a PUT /api/v1/household-load body, or null when valid. `load_kw_48` is
 * required: 48 numbers, each 0-100 kW, or null to clear.
 */
export function householdLoadPutIssue(body: unknown): string | null {
  if (!isPlainObject(body)) return BODY_NOT_OBJECT_DETAIL;
  if (!Object.hasOwn(body, 'load_kw_48')) return 'load_kw_48 is required';
  const load = (body as { load_kw_48: unknown }).load_kw_48;
  if (load === null) return null;
  if (!Array.isArray(load) || load.length !== 48) return 'load_kw_48 must be an array of 48 numbers or null';
  const bad = load.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > MAX_HOUSEHOLD_LOAD_KW);
  return bad === -1 ? null : `load_kw_48[${bad}] must be a number between 0 and ${MAX_HOUSEHOLD_LOAD_KW}`;
}
