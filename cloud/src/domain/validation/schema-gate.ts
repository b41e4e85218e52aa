// The validation gate: the one way an untrusted value (a request body, query or a part of one) is
// run through a yup schema. Every route schema, the device plane's bodies and the appliance type
// registry call it, so a hostile input behaves the same everywhere:
//  - Keys the schema does not declare are dropped BEFORE yup casts the value, by reading only the
//    schema's own field names off the input's own properties. yup looks each input key up in its
//    `fields` object, so a key such as `constructor` or `__proto__` would find a prototype member
//    there and crash the cast (`field.resolve is not a function`). The copy yup sees has a null
//    prototype (yup reads a declared field `toString` with `in`, which would otherwise find
//    Object.prototype.toString), so a schema field named like a prototype member is validated as
//    data; the copies get their ordinary prototype back before the value is returned.
//  - Every value that reaches a leaf of the schema (a scalar field, or a free-form object such as
//    metadata) is checked for depth and storable text first (json-text.ts), so nothing downstream
//    recurses through a value nested a million levels deep or stores a NUL.
//  - A yup ValidationError becomes the first message, which the schemas word as `<field> ...`.
//  - Types are checked before any transform: a value of the wrong JSON type at a string, number or
//    boolean field reaches yup as an empty array, which no yup coercion converts (yup would call
//    `toString()` on an object, and a JSON object's `toString` key makes that a TypeError; it
//    would also turn 12345 into "12345") and no type check accepts. So the field's own type error
//    (`location_zip must be a string`) is reported, in declaration order, and no transform ever
//    sees the value.
import * as yup from 'yup';
import { jsonTextProblem } from './json-text.js';
import { isPlainObject } from './plain-object.js';

/** The validated value, or the 400 detail of the first problem. */
export type GateResult<T> = { ok: true; value: T } | { ok: false; detail: string };

export interface GateOptions {
  /** yup context (`$previous` of an appliance config). */
  context?: object;
}

/**
 * The one abortEarly setting of every schema run: off, so yup collects every error and sorts them
 * by the schema's field order, and the detail is the first failing field in declaration order
 * (with it on, a field that another one's `when` depends on, or a field's own test, would win).
 */
const ABORT_EARLY = false;

/** Runs `schema` over `input` behind the gate; never throws for any JSON input. */
export function passGate<S extends yup.Schema>(schema: S, input: unknown, options: GateOptions = {}): GateResult<yup.InferType<S>> {
  const copies: object[] = [];
  const pruned = pruneToSchema(schema, input, '', copies);
  if (!pruned.ok) return pruned;
  try {
    const value = schema.validateSync(pruned.value, { abortEarly: ABORT_EARLY, stripUnknown: true, context: options.context });
    return { ok: true, value };
  } catch (err) {
    if (err instanceof yup.ValidationError) return { ok: false, detail: String(err.errors[0] ?? err.message) };
    throw err;
  } finally {
    for (const copy of copies) Object.setPrototypeOf(copy, Object.prototype);
  }
}

/**
 * A copy of `value` holding only what `schema` declares (own keys of both; objects copied with a
 * null prototype, collected in `copies`), with every leaf value
 * checked by jsonTextProblem. A value whose shape does not match the schema's (an array where an
 * object is expected) is a leaf too: it is checked, then left for yup's type error.
 */
function pruneToSchema(schema: unknown, value: unknown, path: string, copies: object[]): GateResult<unknown> {
  if (schema instanceof yup.ObjectSchema && isPlainObject(value)) {
    const fields = schema.fields as Record<string, unknown>;
    const out: Record<string, unknown> = Object.create(null);
    copies.push(out);
    for (const key of Object.keys(fields)) {
      if (!Object.hasOwn(value, key)) continue;
      const child = pruneToSchema(fields[key], value[key], path === '' ? key : `${path}.${key}`, copies);
      if (!child.ok) return child;
      out[key] = child.value;
    }
    return { ok: true, value: out };
  }
  if (schema instanceof yup.ArraySchema && Array.isArray(value) && schema.innerType) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const child = pruneToSchema(schema.innerType, value[i], `${path}[${i}]`, copies);
      if (!child.ok) return child;
      out.push(child.value);
    }
    return { ok: true, value: out };
  }
  const problem = jsonTextProblem(value, path === '' ? 'request body' : path);
  if (problem !== null) return { ok: false, detail: problem };
  return { ok: true, value: isWrongPrimitive(schema, value) ? WRONG_TYPE : value };
}

/** What a wrongly typed primitive field is validated as: fails every type check, survives every coercion. */
const WRONG_TYPE: readonly unknown[] = Object.freeze([]);

/** True when `schema` is a string, number or boolean field and `value` is present but of another JSON type. */
function isWrongPrimitive(schema: unknown, value: unknown): boolean {
  if (value === undefined || value === null || !(schema instanceof yup.Schema)) return false;
  const type = schema.type;
  return (type === 'string' || type === 'number' || type === 'boolean') && typeof value !== type;
}

/**
 * A string transform that leaves non-strings alone. The gate never lets a non-string reach a
 * string field's transforms; this keeps a schema safe when run without it (a dashboard form).
 */
export const onStrings =
  (fn: (s: string) => string) =>
  (value: unknown): unknown =>
    typeof value === 'string' ? fn(value) : value;
