import type * as yup from 'yup';
import { passGate } from '../validation/schema-gate.js';
import { BODY_NOT_OBJECT_DETAIL, isPlainObject } from '../validation/plain-object.js';

/** A validated value, or the detail of the first failing field. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; detail: string };

export { BODY_NOT_OBJECT_DETAIL };

/**
 * Runs a yup object schema over a request body through the validation gate (unknown keys dropped
 * before the cast, leaves checked for depth and storable text); a missing body counts as `{}`.
 */
export function parseBody<S extends yup.AnyObjectSchema>(schema: S, raw: unknown): Parsed<yup.InferType<S>> {
  const body = raw ?? {};
  if (!isPlainObject(body)) return { ok: false, detail: BODY_NOT_OBJECT_DETAIL };
  return passGate(schema, body);
}
