import * as yup from 'yup';
import { onStrings } from '../domain/validation/schema-gate.js';
import { BODY_NOT_OBJECT_DETAIL } from '../domain/validation/plain-object.js';
import { isValidTimeZone } from '../domain/time/slot-grid.js';

/** Session, returned by signup (unless confirmation is pending), login and refresh. */
export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: 'bearer';
  user: { id: string; email: string };
}

/** Signup while email confirmation is pending returns only the user. */
export interface PendingSignup {
  user: { id: string; email: string };
}

/** Profile. */
export interface Profile {
  user_id: string;
  email: string;
  location_zip: string;
  home_size_sqft: number;
  pricing_location: number;
  timezone: string;
  subscription_tier: 'free' | 'premium';
  weather_entity_id: string;
  /** The whole-home power sensor (`sensor.*`, W or kW) the add-on pushes, or null. */
  household_power_entity_id: string | null;
  /** The service's import limit, kW (1-200), or null for none. */
  max_import_kw: number | null;
}

const ZIP_PATTERN = /^[0-9]{5}(-[0-9]{4})?$/;
const WEATHER_ENTITY_PATTERN = /^weather\.[a-z0-9_]+$/;
const SENSOR_ENTITY_PATTERN = /^sensor\.[a-z0-9_]+$/;
/** The pattern of a field that is empty or matches `pattern`. */
const emptyOr = (pattern: RegExp) => `^(${pattern.source.slice(1, -1)})?$`;

/** Checked as a string first (the gate), then trimmed and lower-cased, then validated. */
const email = yup
  .string()
  .typeError('email must be a string')
  .transform(onStrings((v) => v.trim().toLowerCase()))
  .required('email is required')
  .email('email must be a valid email address')
  .max(254, 'email must be at most 254 characters');

/** Non-empty when set; an empty string means "no ZIP". */
const locationZip = yup
  .string()
  .typeError('location_zip must be a string')
  .transform(onStrings((v) => v.trim()))
  .test('zip', 'location_zip must be a US ZIP code (12345 or 12345-6789)', (v) => !v || ZIP_PATTERN.test(v))
  .meta({ openapi: { pattern: emptyOr(ZIP_PATTERN) } });

const homeSize = yup
  .number()
  .typeError('home_size_sqft must be an integer')
  .strict()
  .integer('home_size_sqft must be an integer')
  .min(0, 'home_size_sqft must be between 0 and 100000')
  .max(100_000, 'home_size_sqft must be between 0 and 100000');

/** An IANA zone name; null (in a profile patch) clears it. */
const timeZone = yup
  .string()
  .strict()
  .typeError('timezone must be a string')
  .test('iana', 'timezone must be a valid IANA time zone name, such as America/Chicago', (v) => v == null || isValidTimeZone(v));

const pricingLocation = yup.number().typeError('pricing_location must be an integer').strict().integer('pricing_location must be an integer');

export const PASSWORD_MIN_LENGTH = 6;

export const signupRequestSchema = yup
  .object({
    email,
    // The password policy answers 422, so it is checked by the service, not here.
    password: yup.mixed().meta({ openapi: { required: true, type: 'string', minLength: PASSWORD_MIN_LENGTH } }),
    location_zip: locationZip.optional(),
    home_size_sqft: homeSize.optional(),
    pricing_location: pricingLocation.optional(),
    // The zone a client proposes (a browser's own); the ZIP's zone applies when it is left out.
    timezone: timeZone.optional(),
    newsletter_opt_in: yup.boolean().strict().typeError('newsletter_opt_in must be a boolean').optional(),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type SignupRequest = yup.InferType<typeof signupRequestSchema>;

export const loginRequestSchema = yup
  .object({
    email,
    password: yup.string().strict().typeError('password must be a string').required('password is required'),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type LoginRequest = yup.InferType<typeof loginRequestSchema>;

/** POST /auth/recover: where to send a password reset link. */
export const recoverRequestSchema = yup.object({ email }).typeError(BODY_NOT_OBJECT_DETAIL);
export type RecoverRequest = yup.InferType<typeof recoverRequestSchema>;

/** POST /auth/reset: the emailed link's token and the new password. */
export const passwordResetRequestSchema = yup
  .object({
    token: yup.string().strict().typeError('token must be a string').required('token is required'),
    // The password policy answers 422, so it is checked by the service, not here.
    password: yup.mixed().meta({ openapi: { required: true, type: 'string', minLength: PASSWORD_MIN_LENGTH } }),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type PasswordResetRequest = yup.InferType<typeof passwordResetRequestSchema>;

/** How long an emailed password reset link works. */
export const PASSWORD_RESET_TTL_MIN = 60;

export const refreshRequestSchema = yup
  .object({
    refresh_token: yup.string().strict().typeError('refresh_token must be a string').required('refresh_token is required'),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);

/** PATCH /auth/me: every field optional; null clears (the cleared values are the defaults). */
export const profilePatchSchema = yup
  .object({
    location_zip: locationZip.nullable().optional(),
    home_size_sqft: homeSize.nullable().optional(),
    pricing_location: pricingLocation.nullable().optional(),
    timezone: timeZone.nullable().optional(),
    weather_entity_id: yup
      .string()
      .strict()
      .typeError('weather_entity_id must be a string')
      .test('weather', 'weather_entity_id must be a weather.* entity id', (v) => v == null || v === '' || WEATHER_ENTITY_PATTERN.test(v))
      .meta({ openapi: { pattern: emptyOr(WEATHER_ENTITY_PATTERN) } })
      .nullable()
      .optional(),
    household_power_entity_id: yup
      .string()
      .strict()
      .typeError('household_power_entity_id must be a sensor.* entity id or null')
      .test('sensor', 'household_power_entity_id must be a sensor.* entity id or null', (v) => v == null || SENSOR_ENTITY_PATTERN.test(v))
      .meta({ openapi: { pattern: SENSOR_ENTITY_PATTERN.source } })
      .nullable()
      .optional(),
    max_import_kw: yup
      .number()
      .strict()
      .typeError('max_import_kw must be a number between 1 and 200 or null')
      .test({
        name: 'range',
        message: 'max_import_kw must be a number between 1 and 200 or null',
        params: { min: 1, max: 200 },
        test: (v) => v == null || (Number.isFinite(v) && v >= 1 && v <= 200),
      })
      .nullable()
      .optional(),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type ProfilePatchRequest = yup.InferType<typeof profilePatchSchema>;

export const PASSWORD_POLICY_DETAIL = 'Password should be at least 6 characters';
