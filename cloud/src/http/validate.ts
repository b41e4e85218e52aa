import type { RequestHandler } from 'express';
import type * as yup from 'yup';
import { passGate } from '../domain/validation/schema-gate.js';
import { isStorableText } from '../domain/validation/json-text.js';
import { badRequest } from '../errors.js';

/**
 * Runs a yup schema over untrusted input (a body, or `req.query`) through the validation gate
 * (domain/validation/schema-gate.ts) and returns the typed value. A failure becomes 400 with the
 * first problem as `detail` (schemas word their messages as `<field> ...`). A missing body is `{}`.
 */
export function validate<S extends yup.Schema>(schema: S, value: unknown): yup.InferType<S> {
  const result = passGate(schema, value ?? {});
  if (!result.ok) throw badRequest(result.detail);
  return result.value;
}

/**
 * The gate for path parameters, mounted before the routers: a path segment that is not valid
 * percent-encoded UTF-8 (the router would throw a URIError, a 500) or that decodes to text the
 * database cannot hold (NUL) names nothing, so the request is answered like an unknown route.
 * A malformed id in a path is treated as not found.
 */
export const pathGate: RequestHandler = (req, res, next) => {
  if (req.path.split('/').every(isDecodableSegment)) return next();
  res.status(404).json({ detail: `Not found: ${req.method} ${req.path}` });
};

function isDecodableSegment(segment: string): boolean {
  if (!segment.includes('%')) return true;
  try {
    return isStorableText(decodeURIComponent(segment));
  } catch {
    return false;
  }
}
