// JSON Schema as plain data, and the prose of the OpenAPI description that sits beside the pure
// schemas it describes (each appliance type's config and constraints, domain/appliance-types/).

/** A JSON Schema 2020-12 object, as OpenAPI 3.1 embeds it. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * The prose of a schema derived from a yup schema (from-yup.ts): nothing here states a
 * type, bound or enum. A field's notes may be just its description.
 */
export interface SchemaNotes {
  description?: string;
  examples?: unknown[];
  /** Stand the derived schema in by a reference to this component (itself derived from the same yup schema). */
  ref?: string;
  fields?: Record<string, SchemaNotes | string>;
  items?: SchemaNotes;
}

/** The schema, or null. */
export function orNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string' && !('enum' in schema)) return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** A local wall time `HH:MM`, 24-hour. */
export const HH_MM_SCHEMA: JsonSchema = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, 24-hour local time' };
