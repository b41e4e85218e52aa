import * as yup from 'yup';
import { onStrings } from '../domain/validation/schema-gate.js';
import { BODY_NOT_OBJECT_DETAIL } from '../domain/validation/plain-object.js';
import { isValidTimeZone } from '../domain/time/slot-grid.js';
import * as t from '../domain/validation/typed-schema.js';

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

const HOME_SIZE_MAX_SQFT = 100_000;

const homeSize = yup
  .number()
  .typeError('home_size_sqft must be an integer')
  .strict()
  .integer('home_size_sqft must be an integer')
  .min(0, `home_size_sqft must be between 0 and ${HOME_SIZE_MAX_SQFT}`)
  .max(HOME_SIZE_MAX_SQFT, `home_size_sqft must be between 0 and ${HOME_SIZE_MAX_SQFT}`);

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

/** The import limit a profile may set, kW. */
const MAX_IMPORT_KW = { min: 1, max: 200 };
const MAX_IMPORT_DETAIL = `max_import_kw must be a number between ${MAX_IMPORT_KW.min} and ${MAX_IMPORT_KW.max} or null`;

/** The range of each coordinate of the home's location, degrees (south and west negative). */
export const COORDINATE_RANGE = { latitude: 90, longitude: 180 } as const;
const coordinateDetail = (field: keyof typeof COORDINATE_RANGE) =>
  `${field} must be a number between -${COORDINATE_RANGE[field]} and ${COORDINATE_RANGE[field]} or null`;
const coordinate = (field: keyof typeof COORDINATE_RANGE) =>
  yup
    .number()
    .strict()
    .typeError(coordinateDetail(field))
    .test({
      name: 'range',
      message: coordinateDetail(field),
      params: { min: -COORDINATE_RANGE[field], max: COORDINATE_RANGE[field] },
      test: (v) => v == null || (Number.isFinite(v) && Math.abs(v) <= COORDINATE_RANGE[field]),
    })
    .nullable()
    .optional();

/** PATCH /auth/me when the patch leaves one coordinate set and the other not. */
export const LOCATION_PAIR_DETAIL = 'latitude and longitude must be set together';

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
      .typeError(MAX_IMPORT_DETAIL)
      .test({
        name: 'range',
        message: MAX_IMPORT_DETAIL,
        params: { min: MAX_IMPORT_KW.min, max: MAX_IMPORT_KW.max },
        test: (v) => v == null || (Number.isFinite(v) && v >= MAX_IMPORT_KW.min && v <= MAX_IMPORT_KW.max),
      })
      .nullable()
      .optional(),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
export type ProfilePatchRequest = yup.InferType<typeof profilePatchSchema>;

export const PASSWORD_POLICY_DETAIL = 'Password should be at least 6 characters';

export const userRef = t.component('UserRef', t.object({ id: t.uuid(), email: t.string() }));

/** Session, returned by signup (unless confirmation is pending), login and refresh. */
export const session = t.component(
  'Session',
  t.object(
    {
      access_token: t.string('Bearer token (JWT); lifetime 1 hour'),
      refresh_token: t.string('Lifetime 30 days; rotated on every refresh'),
      expires_in: t.integer('Seconds; 3600'),
      expires_at: t.integer('Expiry as a Unix timestamp in seconds'),
      token_type: t.oneOf(['bearer']),
      user: t.ref(userRef),
    },
    'A user session.',
  ),
);
export type Session = t.Infer<typeof session>;

/** Signup while email confirmation is pending returns only the user. */
export const pendingSignup = t.component(
  'PendingSignup',
  t.object(
    { user: t.ref(userRef) },
    'Signup while email confirmation is pending: no session fields. Clients treat a missing access_token as a pending confirmation.',
  ),
);
export type PendingSignup = t.Infer<typeof pendingSignup>;

/** What the profile's fields mean, shared by its answer and the bodies that set them. */
export const PROFILE_NOTES = {
  location_zip: 'US ZIP (12345 or 12345-6789); empty when unset; used for weather forecasts',
  home_size_sqft: 'Square feet; 0 when unknown; used to estimate appliance power draw',
  pricing_location: 'Rate-catalog id (one of `available_pricing_zones` of GET /api/v1/rates); default 1',
  latitude:
    "The home's latitude, degrees north (south negative), kept to 0.1 degree; set together with longitude, or both null. " +
    'When set it places the weather forecast and the sun before the ZIP does (docs/forecast-and-solar.md)',
  longitude: "The home's longitude, degrees east (west negative), kept to 0.1 degree; set together with latitude, or both null",
};

/** The account profile. */
export const profile = t.component(
  'Profile',
  t.object(
    {
      user_id: t.uuid('Equals the token subject'),
      email: t.string(),
      location_zip: t.string({ pattern: emptyOr(ZIP_PATTERN), description: PROFILE_NOTES.location_zip }),
      home_size_sqft: t.integer({ minimum: 0, maximum: HOME_SIZE_MAX_SQFT, description: PROFILE_NOTES.home_size_sqft }),
      pricing_location: t.integer(PROFILE_NOTES.pricing_location),
      timezone: t.string("IANA time zone in effect: the stored one, else the ZIP's zone, else `UTC`"),
      subscription_tier: t.oneOf(['free', 'premium'], 'Default `free`'),
      weather_entity_id: t.string('A `weather.*` entity id; empty when unset (a fallback weather source is then used)'),
      household_power_entity_id: t.nullable(
        t.string('The whole-home power `sensor.*` (W or kW) the add-on pushes to /api/v1/household-load/readings; null when unset'),
      ),
      max_import_kw: t.nullable(
        t.number({
          minimum: MAX_IMPORT_KW.min,
          maximum: MAX_IMPORT_KW.max,
          description: "The service's import limit, kW; every slot's planned grid draw stays within it (docs/home-plan.md); null: none",
        }),
      ),
      latitude: t.nullable(t.number({ minimum: -COORDINATE_RANGE.latitude, maximum: COORDINATE_RANGE.latitude, description: PROFILE_NOTES.latitude })),
      longitude: t.nullable(t.number({ minimum: -COORDINATE_RANGE.longitude, maximum: COORDINATE_RANGE.longitude, description: PROFILE_NOTES.longitude })),
    },
    'The account profile; created on the first GET /auth/me.',
  ),
);
export type Profile = t.Infer<typeof profile>;
