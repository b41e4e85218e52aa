import type * as yup from 'yup';
import { passGate } from '../validation/schema-gate.js';

/** A validated value, or the detail of the first failing field. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; detail: string };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The 400 detail for a body that is not a JSON object (as the other endpoints word it). */
export const BODY_NOT_OBJECT_DETAIL = 'request body must be a JSON object';

/**
 * Runs a yup object schema over a request body through the validation gate (unknown keys dropped
 * before the cast, leaves checked for depth and storable text); a missing body counts as `{}`.
 */
export function parseBody<S extends yup.AnyObjectSchema>(schema: S, raw: unknown): Parsed<yup.InferType<S>> {
  const body = raw ?? {};
  if (!isPlainObject(body)) return { ok: false, detail: BODY_NOT_OBJECT_DETAIL };
  return passGate(schema, body);
}
