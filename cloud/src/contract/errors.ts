import * as t from '../domain/validation/typed-schema.js';

/** Every error response body. */
export const errorBody = t.component(
  'Error',
  t.object({ detail: t.string('Human-readable cause; exact texts are listed per response.') }, 'Every error response body.'),
);
/** A 422 validation failure: its detail may be structured. */
export const validationErrorBody = t.component(
  'ValidationError',
  t.object({ detail: t.anyOf([t.string(), t.array(t.anyValue()), t.anyObject()]) }, 'A 422 validation failure; `detail` may be structured.'),
);
export type ErrorBody = t.Infer<typeof errorBody> | t.Infer<typeof validationErrorBody>;

/** The answer of the operations that only report that they are done: `{ status }`. */
export const statusBody = t.component('Status', t.object({ status: t.string() }));
export type StatusBody = t.Infer<typeof statusBody>;

/** Exact error details of the spec that clients branch on. */
export const DETAIL = {
  notAuthenticated: 'Not authenticated',
  invalidToken: 'Invalid token',
  tokenExpired: 'Token expired',
  invalidRefreshToken: 'Invalid Refresh Token',
  userAlreadyRegistered: 'User already registered',
  invalidLoginCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  invalidResetLink: 'Invalid or expired reset link',
  databaseUnavailable: 'Database unavailable',
  upgradeRequired: 'Upgrade required',
  applianceNotFound: 'Appliance not found',
} as const;
