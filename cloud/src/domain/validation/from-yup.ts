// The OpenAPI request schemas come from the contract's yup schemas: a field's type, whether it is
// required or nullable, its bounds and its allowed values are written once, in yup. What yup's
// description cannot carry (a pattern behind a custom test, the type of a `mixed` field the
// service checks) rides on the field as `.meta({ openapi: {...} })`; the prose is the `Notes`
// handed to `fromYup`, which refuses a note on a field the schema does not have.
import type * as yup from 'yup';
import { orNull, type JsonSchema as Schema, type SchemaNotes as Notes } from './json-schema.js';
import type { Typed } from './typed-schema.js';

type Description = yup.SchemaDescription & { default?: unknown; fields?: Record<string, Description>; innerType?: Description };

/** What `.meta({ openapi })` adds to a field; `required` marks a field the service requires after yup. */
const metaFacts = (d: Description): Record<string, unknown> => (d.meta as { openapi?: Record<string, unknown> } | undefined)?.openapi ?? {};

const LOWER = { number: 'minimum', string: 'minLength', array: 'minItems' } as const;
const UPPER = { number: 'maximum', string: 'maxLength', array: 'maxItems' } as const;
const FORMATS: Record<string, string> = { email: 'email', url: 'uri', uuid: 'uuid' };

/** The bounds (of a number, string or array, as `type` says), formats and pattern yup's tests state through their names and params. */
function fromTests(d: Description, type: unknown): Schema {
  const out: Schema = {};
  const kind = type === 'number' || type === 'integer' ? 'number' : type === 'array' ? 'array' : 'string';
  for (const test of d.tests) {
    const p = (test.params ?? {}) as Record<string, unknown>;
    if (typeof p.more === 'number') out.exclusiveMinimum = p.more;
    if (typeof p.less === 'number') out.exclusiveMaximum = p.less;
    if (typeof p.min === 'number') out[p.exclusive === true ? 'exclusiveMinimum' : LOWER[kind]] = p.min;
    if (typeof p.max === 'number') out[UPPER[kind]] = p.max;
    if (typeof p.length === 'number') out[LOWER[kind]] = out[UPPER[kind]] = p.length;
    if (test.name && FORMATS[test.name]) out.format = FORMATS[test.name];
    // JSON Schema patterns have no flags: a case-insensitive regex is left to the field's format or prose.
    if (test.name === 'matches' && p.regex instanceof RegExp && p.regex.flags === '') out.pattern = p.regex.source;
  }
  return out;
}

/** The allowed values: yup's oneOf and a custom test's `values` param (null is the nullable flag's). */
function enumOf(d: Description): unknown[] {
  const values = [...(d.oneOf ?? []), ...d.tests.flatMap((t) => (t.params as { values?: unknown[] } | undefined)?.values ?? [])];
  return values.filter((v) => v !== undefined && v !== null);
}

function typeOf(d: Description): Schema {
  if (d.type === 'number') return { type: d.tests.some((t) => t.name === 'integer') ? 'integer' : 'number' };
  if (d.type === 'string' || d.type === 'boolean' || d.type === 'object' || d.type === 'array') return { type: d.type };
  return {};
}

function convert(d: Description, given: Notes | string, path: string): Schema {
  const notes = typeof given === 'string' ? { description: given } : given;
  const { required: _required, ...facts } = metaFacts(d);
  const values = enumOf(d);
  // A leaf's default (an object's is only its fields' defaults, stated on them).
  const fallback = d.type !== 'object' && d.type !== 'array' && d.default !== undefined ? { default: d.default } : {};
  const type = typeOf(d);
  const schema: Schema = { ...type, ...fromTests(d, facts.type ?? type.type), ...(values.length > 0 && { enum: values }), ...fallback, ...facts };
  if (d.type === 'object' && d.fields) {
    for (const key of Object.keys(notes.fields ?? {})) if (!(key in d.fields)) throw new Error(`fromYup: a note names ${path}.${key}, which the schema lacks`);
    schema.properties = Object.fromEntries(Object.entries(d.fields).map(([key, f]) => [key, convert(f, notes.fields?.[key] ?? {}, `${path}.${key}`)]));
    const required = Object.entries(d.fields).filter(([, f]) => !f.optional || metaFacts(f).required === true);
    if (required.length > 0) schema.required = required.map(([key]) => key);
  } else if (notes.fields) throw new Error(`fromYup: ${path} has no fields to note`);
  if (d.type === 'array' && d.innerType) schema.items = convert(d.innerType, notes.items ?? {}, `${path}[]`);
  const body = notes.ref ? { $ref: `#/components/schemas/${notes.ref}` } : schema;
  return {
    ...(d.nullable ? orNull(body) : body),
    ...(notes.description && { description: notes.description }),
    ...(notes.examples && { examples: notes.examples }),
  };
}

/**
 * The OpenAPI (JSON Schema 2020-12) form of a yup schema: its type (`integer` for yup's integer
 * test), required fields, nullability, bounds, enums, formats, nested objects and arrays, then
 * the `.meta({ openapi })` facts and the notes' prose. `context` is what the schema's
 * conditions read (`$previous`), as for `describe`.
 */
export function fromYup(schema: yup.Schema, notes: Notes = {}, context?: object): Schema {
  return convert(schema.describe({ value: {}, context }) as Description, notes, 'body');
}

/** One property of a derived object schema, to state the same field in a response; `description` replaces its own. */
export function propertyOf(schema: Schema, name: string, description?: string): Schema {
  const property = (schema.properties as Record<string, Schema> | undefined)?.[name];
  if (!property) throw new Error(`propertyOf: no property ${name}`);
  return description ? { ...property, description } : property;
}

/**
 * The fields of a yup object schema as typed schemas (typed-schema.ts), each as the value it holds
 * once present: a response that sends every field of a request's object states them with
 * `object({ ...fieldsOf(schema, notes), ... })`, so their bounds and prose are written once.
 */
export function fieldsOf<S extends yup.AnyObjectSchema>(
  schema: S,
  notes: Notes = {},
): { [K in keyof yup.InferType<S>]-?: Typed<Exclude<yup.InferType<S>[K], undefined>> } {
  const properties = fromYup(schema, notes).properties as Record<string, Schema>;
  return Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, { schema: property }])) as never;
}
