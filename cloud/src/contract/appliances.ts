// Appliances and constraints. The per-type config and constraint
// schemas live in the pure appliance type registry; this file holds the request envelopes.
import * as yup from 'yup';
import { constraintSet } from '../domain/appliance-types/constraint-set.js';
import { pyTuple } from '../domain/appliance-types/fields.js';
import { APPLIANCE_TYPES, applianceTypeSchema, type ApplianceType } from '../domain/appliance-types/spec.js';
import * as t from '../domain/validation/typed-schema.js';
import { BODY_NOT_OBJECT_DETAIL, isPlainObject } from '../domain/validation/plain-object.js';

export { APPLIANCE_TYPES, type ApplianceType, type EntitiesBlock } from '../domain/appliance-types/spec.js';
/** The config and constraints of an appliance type, derived from its spec: `ApplianceConfig<'ev_charger'>`. */
export type { ApplianceConfig, ApplianceConstraints } from '../domain/appliance-types/index.js';

/** Appliance. */
export const appliance = t.component(
  'Appliance',
  t.object(
    {
      id: t.uuid(),
      user_id: t.uuid('Owner'),
      appliance_type: t.ref(applianceTypeSchema),
      name: t.string(),
      config: t.anyObject('Per-type shape'),
      is_active: t.boolean(),
      created_at: t.dateTime(),
    },
    'An appliance.',
  ),
);
export type Appliance = t.Infer<typeof appliance>;

/** POST /api/v1/appliances answer. */
export const applianceCreated = t.component('ApplianceCreated', t.object({ appliance_id: t.uuid() }));
export type ApplianceCreated = t.Infer<typeof applianceCreated>;

/** POST /api/v1/appliances/{id}/constraints body: the whole set of the appliance's type. */
export const constraints = t.component('Constraints', constraintSet);

/** GET and POST /api/v1/appliances/{id}/constraints answer; `constraints` holds only the set fields. */
export const constraintsResponse = t.component(
  'ConstraintsResponse',
  t.object({ status: t.constant('ok'), constraints: t.ref(constraints, '`{}` when none are set') }),
);
export type ConstraintsResponse = t.Infer<typeof constraintsResponse>;

export const APPLIANCE_NAME_MAX_LENGTH = 200;
export const APPLIANCE_TYPE_DETAIL = `appliance_type must be one of ${pyTuple(APPLIANCE_TYPES)}`;

const applianceType = yup.mixed<ApplianceType>().test({
  name: 'type',
  message: APPLIANCE_TYPE_DETAIL,
  params: { values: APPLIANCE_TYPES },
  test: (v) => (APPLIANCE_TYPES as readonly unknown[]).includes(v),
});

/** The name as sent; the service stores it trimmed. */
const name = yup
  .string()
  .strict()
  .typeError('name must be a string')
  .test('blank', 'name must not be empty', (v) => v === undefined || v.trim() !== '')
  .test('length', `name must be at most ${APPLIANCE_NAME_MAX_LENGTH} characters`, (v) => v === undefined || v.trim().length <= APPLIANCE_NAME_MAX_LENGTH);

/** The per-type shape is checked by the registry; here only "an object". */
const config = yup
  .mixed<Record<string, unknown>>()
  .test('object', 'config must be an object', (v) => v === undefined || isPlainObject(v))
  .meta({ openapi: { type: 'object' } });

export const applianceCreateSchema = yup
  .object({
    appliance_type: applianceType.required(APPLIANCE_TYPE_DETAIL),
    name: name.required('name is required'),
    config: config.required('config is required'),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type ApplianceCreateRequest = yup.InferType<typeof applianceCreateSchema>;

/** PUT /api/v1/appliances/{id}: a sent config is the whole per-type object; appliance_type cannot change. */
export const applianceUpdateSchema = yup
  .object({
    name: name.optional(),
    config: config.nonNullable('config must be an object').optional(),
    is_active: yup.boolean().strict().typeError('is_active must be a boolean').nonNullable('is_active must be a boolean').optional(),
    appliance_type: yup.mixed().optional(),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type ApplianceUpdateRequest = yup.InferType<typeof applianceUpdateSchema>;
