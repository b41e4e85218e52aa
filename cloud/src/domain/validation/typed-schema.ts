// A response body's shape, written once. Each builder returns the JSON Schema the OpenAPI document
// serves and carries the TypeScript type of the values it describes (`Infer<typeof shape>`), so a
// field, its type, enum, bounds, nullability and description are stated in one place and the type
// the code and the clients compile against cannot drift from the description served.
// Request bodies are yup schemas instead (they validate; from-yup.ts describes them, and `fieldsOf` lends a response their fields).
import { orNull, type JsonSchema } from './json-schema.js';

declare const TYPE: unique symbol;

/** A JSON Schema that carries the TypeScript type of the values it describes. */
export interface Typed<T> {
  readonly schema: JsonSchema;
  /** Type-level only: never set. */
  readonly [TYPE]: T;
}

/** An object property the value may leave out. */
export interface Optional<T> extends Typed<T> {
  readonly optional: true;
}

/** A schema stated once under `components.schemas` and referred to by `ref`. */
export interface Component<T> extends Typed<T> {
  readonly name: string;
}

/** The TypeScript type a typed schema describes. */
export type Infer<S> = S extends Typed<infer T> ? T : never;

/** A description, or further keywords (description, examples, bounds). */
type Facts = string | JsonSchema;

const keywords = (facts?: Facts): JsonSchema => (facts === undefined ? {} : typeof facts === 'string' ? { description: facts } : facts);
const typed = <T>(schema: JsonSchema, facts?: Facts): Typed<T> => ({ schema: { ...schema, ...keywords(facts) } }) as Typed<T>;

export const string = (facts?: Facts) => typed<string>({ type: 'string' }, facts);
export const number = (facts?: Facts) => typed<number>({ type: 'number' }, facts);
export const integer = (facts?: Facts) => typed<number>({ type: 'integer' }, facts);
export const boolean = (facts?: Facts) => typed<boolean>({ type: 'boolean' }, facts);

export const uuid = (facts?: Facts) => typed<string>({ type: 'string', format: 'uuid' }, facts);
export const date = (facts?: Facts) => typed<string>({ type: 'string', format: 'date', description: 'YYYY-MM-DD' }, facts);
export const dateTime = (facts?: Facts) => typed<string>({ type: 'string', format: 'date-time', description: 'ISO 8601' }, facts);

/** A string that is always `value`. */
export const constant = <const V extends string>(value: V, facts?: Facts) => typed<V>({ type: 'string', const: value }, facts);

/** One of the listed strings. */
export const oneOf = <const V extends string>(values: readonly V[], facts?: Facts) => typed<V>({ type: 'string', enum: [...values] }, facts);

/** Any JSON value (an array's items the schema leaves open). */
export const anyValue = () => typed<unknown>({});

/** One of the listed integers. */
export const integerOf = <const V extends number>(values: readonly V[], facts?: Facts) => typed<V>({ type: 'integer', enum: [...values] }, facts);

/** Any JSON object; the description says what it holds. */
export const anyObject = (facts?: Facts) => typed<Record<string, unknown>>({ type: 'object' }, facts);

/** An object of any keys, each holding a `values`. */
export const record = <T>(values: Typed<T>, facts?: Facts) => typed<Record<string, T>>({ type: 'object', additionalProperties: values.schema }, facts);

/** An object with no properties (`{}`). */
export const emptyObject = (facts?: Facts) => typed<Record<string, never>>({ type: 'object', maxProperties: 0 }, facts);

/** An array of `items` (of anything, when `items` is `anyValue()`). */
export const array = <T>(items: Typed<T>, facts?: Facts) =>
  typed<T[]>({ type: 'array', ...(Object.keys(items.schema).length > 0 && { items: items.schema }) }, facts);

/** An array of exactly `n` items. */
export const fixedArray = <T>(n: number, items: Typed<T>, facts?: Facts) => typed<T[]>({ type: 'array', items: items.schema, minItems: n, maxItems: n }, facts);

/** The 48 half-hour slots of a local day: index 0 = 00:00-00:30, 47 = 23:30-00:00. */
export const slots48 = <T>(items: Typed<T>, facts?: Facts) => fixedArray(48, items, facts);

/** The value, or null (its description stays on it); an enum lists null among its values. */
export function nullable<T>(inner: Typed<T>, facts?: Facts): Typed<T | null> {
  const { type, enum: values } = inner.schema;
  if (typeof type === 'string' && Array.isArray(values)) return typed({ ...inner.schema, type: [type, 'null'], enum: [...values, null] }, facts);
  return typed(orNull(inner.schema), facts);
}

/** A property the object may leave out. */
export const optional = <T>(inner: Typed<T>): Optional<T> => ({ ...inner, optional: true });

type Properties = Record<string, Typed<unknown>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<P extends Properties> = Flat<
  { [K in keyof P as P[K] extends Optional<unknown> ? never : K]: Infer<P[K]> } & {
    [K in keyof P as P[K] extends Optional<unknown> ? K : never]?: Infer<P[K]>;
  }
>;

/** The TypeScript type of an object of these properties (what `object(properties)` describes). */
export type InferFields<P extends Properties> = ObjectOf<P>;

/** An object of these properties; every one not marked `optional` is required. */
export function object<P extends Properties>(properties: P, facts?: Facts): Typed<ObjectOf<P>> {
  const required = Object.keys(properties).filter((key) => !('optional' in properties[key]!));
  const schemas = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, property.schema]));
  return typed({ type: 'object', properties: schemas, ...(required.length > 0 && { required }) }, facts);
}

/** Any of the shapes. */
export const anyOf = <S extends Typed<unknown>[]>(shapes: S, facts?: Facts) => typed<Infer<S[number]>>({ anyOf: shapes.map((s) => s.schema) }, facts);

/** Both shapes at once (an object extended by another). */
export const allOf = <A, B>(a: Typed<A>, b: Typed<B>, facts?: Facts) => typed<A & B>({ allOf: [a.schema, b.schema] }, facts);

/** The shape under a name in `components.schemas`. */
export const component = <T>(name: string, shape: Typed<T>): Component<T> => ({ ...shape, name });

/** A reference to a component; `facts` sit beside the `$ref`. */
export const ref = <T>(target: Component<T>, facts?: Facts) => typed<T>({ $ref: `#/components/schemas/${target.name}` }, facts);

/** The components by name, as `components.schemas` holds them. */
export const componentSchemas = (components: Component<unknown>[]): Record<string, JsonSchema> => Object.fromEntries(components.map((c) => [c.name, c.schema]));
