import { errorBody, validationErrorBody } from '../../contract/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { pathParam, type Schema } from './builders.js';
import { HH_MM_SCHEMA } from '../../domain/validation/json-schema.js';

/** Security schemes: the user session token and the satellite device token. */
export const SECURITY_SCHEMES = {
  userAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'User access token (JWT, 1 hour) from POST /auth/login, /auth/signup or /auth/refresh. On 401 `Token expired`, refresh once and retry.',
  },
  deviceAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Opaque satellite device token returned once by POST /api/v1/devices/claim; scoped to one bound appliance; revoked by DELETE /api/v1/devices/{device_id}.',
  },
} as const;

/** Schemas every resource refers to: the error bodies. */
export const SHARED_SCHEMAS: Record<string, Schema> = componentSchemas([errorBody, validationErrorBody]);

/** Primitive fragments shared by the resource modules. */
export const UUID: Schema = { type: 'string', format: 'uuid' };
export const DATE: Schema = { type: 'string', format: 'date', description: 'YYYY-MM-DD' };
export const DATE_TIME: Schema = { type: 'string', format: 'date-time', description: 'ISO 8601' };
export const HH_MM: Schema = HH_MM_SCHEMA;

/** An array of exactly `n` items. */
export const fixedArray = (n: number, items: Schema, description?: string): Schema => ({
  type: 'array',
  items,
  minItems: n,
  maxItems: n,
  ...(description && { description }),
});

/** The 48 half-hour slots of a local day: index 0 = 00:00-00:30, 47 = 23:30-00:00. */
export const slots48 = (items: Schema, description: string): Schema => fixedArray(48, items, description);

/** The `{appliance_id}` path parameter. */
export const APPLIANCE_ID_PARAM = pathParam('appliance_id', "Id of one of the caller's appliances; another user's or a malformed id gives 404.", UUID);

/** The 400 details of a date window (schedule history, metrics). */
export const WINDOW_ERRORS = ['window exceeds 90 days', 'start must be <= end'];
