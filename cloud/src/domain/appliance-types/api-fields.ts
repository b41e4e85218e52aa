// Builders of the OpenAPI fragments each appliance type carries (its `api` part): plain JSON
// Schema that http/openapi/ assembles into the document, kept honest against the yup schemas by
// http/openapi/schemas-match.test.ts.
import { HH_MM_SCHEMA, orNull, type JsonSchema } from '../validation/json-schema.js';

/** A hub entity id field. */
export const apiEntity = (description: string): JsonSchema => ({ type: 'string', description });

/** A hub entity id field that accepts null. */
export const apiOptionalEntity = (description: string): JsonSchema => orNull(apiEntity(description));

/** A number in [minimum, maximum] (`integer` for whole numbers). */
export const apiNumber = (minimum: number, maximum: number, description: string, type: 'number' | 'integer' = 'number'): JsonSchema => ({
  type,
  minimum,
  maximum,
  description,
});

/** A percentage 0-100. */
export const apiPercent = (description: string): JsonSchema => apiNumber(0, 100, description);

/** A local wall time HH:MM (the assembled description says so once, before the types' texts). */
export const apiHhMm = (description: string): JsonSchema => ({ ...HH_MM_SCHEMA, description });
