import {
  DETAIL,
  LOCATION_PAIR_DETAIL,
  PASSWORD_POLICY_DETAIL,
  PASSWORD_RESET_TTL_MIN,
  PROFILE_NOTES,
  pendingSignup,
  profile,
  session,
  statusBody,
  userRef,
  loginRequestSchema,
  passwordResetRequestSchema,
  profilePatchSchema,
  recoverRequestSchema,
  refreshRequestSchema,
  signupRequestSchema,
} from '../../contract/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, queryParam, ref, type ApiModule } from './builders.js';
import { fromYup } from '../../domain/validation/from-yup.js';

const TAG = 'Auth';
const TOO_MANY = 'Too many attempts; try again in N seconds';
const ZIP = PROFILE_NOTES.location_zip;
const HOME_SIZE = PROFILE_NOTES.home_size_sqft;
const PRICING_LOCATION = PROFILE_NOTES.pricing_location;
const EMAIL = { description: 'Compared case-insensitively; stored trimmed and lower-cased' };
const ZIP_DETAIL = 'location_zip must be a US ZIP code (12345 or 12345-6789)';
const CATALOG_DETAIL = 'pricing_location must be one of the catalog ids: [...]';
const TIMEZONE_DETAIL = 'timezone must be a valid IANA time zone name, such as America/Chicago';

const SIGNUP = fromYup(signupRequestSchema, {
  fields: {
    email: { description: 'Unique; compared case-insensitively' },
    password: { description: 'Subject to the password policy (at least 6 characters, else 422)' },
    location_zip: ZIP,
    home_size_sqft: HOME_SIZE,
    pricing_location: PRICING_LOCATION,
    timezone: {
      description:
        "Additive. IANA time zone the account plans in, such as the browser's own (`America/Chicago`); when left out, the ZIP's zone, else `UTC`. A name that is not an IANA zone gives 400",
    },
    newsletter_opt_in: { description: 'Omitted means opted in' },
  },
});
const PATCH = fromYup(profilePatchSchema, {
  description: 'Only sent fields change; null clears (to `""`, 0, 1, the fallback zone, `""`).',
  fields: {
    location_zip: ZIP,
    home_size_sqft: HOME_SIZE,
    pricing_location: PRICING_LOCATION,
    timezone: { description: 'IANA time zone name' },
    weather_entity_id: { description: 'A `weather.*` entity id preferred by the nightly forecast resolver' },
    household_power_entity_id: { description: 'A `sensor.*` entity id of the whole-home power; null clears' },
    max_import_kw: { description: 'The import limit, kW; null clears (no limit). A change re-plans the home' },
    latitude: { description: `${PROFILE_NOTES.latitude}; used from the next plan` },
    longitude: { description: `${PROFILE_NOTES.longitude}; used from the next plan` },
  },
});

/** Accounts and sessions and the email confirmation link. */
export const authApi: ApiModule = {
  tag: { name: TAG, description: 'Accounts, sessions and the profile (no version segment).' },
  schemas: {
    ...componentSchemas([userRef, session, pendingSignup, profile]),
    SignupRequest: SIGNUP,
    LoginRequest: fromYup(loginRequestSchema, { fields: { email: EMAIL } }),
    RefreshRequest: fromYup(refreshRequestSchema),
    RecoverRequest: fromYup(recoverRequestSchema, { fields: { email: EMAIL } }),
    PasswordResetRequest: fromYup(passwordResetRequestSchema, {
      fields: {
        token: { description: 'The token of the emailed link (`/reset-password?token=...`)' },
        password: { description: 'The new password; subject to the password policy (at least 6 characters, else 422)' },
      },
    }),
    ProfilePatch: PATCH,
  },
  paths: {
    '/auth/signup': {
      post: operation({
        id: 'signup',
        tag: TAG,
        summary: 'Create an account',
        description: 'Optional profile fields are stored and applied at the first authenticated request.',
        auth: 'none',
        body: ref('SignupRequest'),
        ok: { 200: json('A Session, or only `{ user }` when email confirmation is pending', { anyOf: [ref(session), ref(pendingSignup)] }) },
        errors: {
          400: [
            DETAIL.userAlreadyRegistered,
            'email is required',
            'email must be a valid email address',
            ZIP_DETAIL,
            'home_size_sqft must be an integer',
            'home_size_sqft must be between 0 and 100000',
            'newsletter_opt_in must be a boolean',
            CATALOG_DETAIL,
            TIMEZONE_DETAIL,
          ],
          422: [PASSWORD_POLICY_DETAIL],
          429: [TOO_MANY],
          502: ['Auth service unreachable'],
          503: ['Auth not configured', DETAIL.databaseUnavailable],
        },
      }),
    },
    '/auth/login': {
      post: operation({
        id: 'login',
        tag: TAG,
        summary: 'Sign in and obtain a Session',
        auth: 'none',
        body: ref('LoginRequest'),
        ok: { 200: json('A Session', ref(session)) },
        errors: {
          400: [DETAIL.invalidLoginCredentials, DETAIL.emailNotConfirmed, 'email is required', 'password is required'],
          429: [TOO_MANY],
          503: [DETAIL.databaseUnavailable],
        },
      }),
    },
    '/auth/refresh': {
      post: operation({
        id: 'refreshSession',
        tag: TAG,
        summary: 'Rotate the refresh token and obtain a new Session',
        description:
          'The presented refresh token is discarded; save both new tokens. Presented again within 10 seconds (another tab, a retry after a lost response) it gives the same new refresh token; later, it revokes the session.',
        auth: 'none',
        body: ref('RefreshRequest'),
        ok: { 200: json('A Session with a new refresh token', ref(session)) },
        errors: { 400: [DETAIL.invalidRefreshToken, 'refresh_token is required'], 503: [DETAIL.databaseUnavailable] },
      }),
    },
    '/auth/recover': {
      post: operation({
        id: 'requestPasswordReset',
        tag: TAG,
        summary: 'Email a password reset link',
        description: `Additive. When an account has this email, a link to \`/reset-password?token=...\` on the dashboard is emailed (written to the log until a mailer is configured); it works once, for ${PASSWORD_RESET_TTL_MIN} minutes. The answer is the same whether or not an account exists. Counted against the signup and login rate limits.`,
        auth: 'none',
        body: ref('RecoverRequest'),
        ok: { 200: json('Accepted; `status` is `sent`', ref(statusBody)) },
        errors: { 400: ['email is required', 'email must be a valid email address'], 429: [TOO_MANY], 503: [DETAIL.databaseUnavailable] },
      }),
    },
    '/auth/reset': {
      post: operation({
        id: 'resetPassword',
        tag: TAG,
        summary: 'Set a new password with the emailed link',
        description:
          "Additive. Uses the link's token (once): the new password replaces the old one, every refresh token of the account is revoked (access tokens already issued run out within the hour), the account's other reset links stop working, and an unconfirmed email counts as confirmed. Then sign in with the new password.",
        auth: 'none',
        body: ref('PasswordResetRequest'),
        ok: { 200: json('Changed; `status` is `reset`', ref(statusBody)) },
        errors: {
          400: [DETAIL.invalidResetLink, 'token is required'],
          422: [PASSWORD_POLICY_DETAIL],
          503: [DETAIL.databaseUnavailable],
        },
      }),
    },
    '/auth/confirm': {
      get: operation({
        id: 'confirmEmail',
        tag: TAG,
        summary: 'Confirm an email address (the link of the confirmation mail)',
        auth: 'none',
        params: [queryParam('token', 'The single-use confirmation token from the mailed link', { type: 'string' })],
        ok: { 200: json('Confirmed; `status` is `confirmed`', ref(statusBody)) },
        errors: { 400: ['Invalid or used confirmation link'], 503: [DETAIL.databaseUnavailable] },
      }),
    },
    '/auth/me': {
      get: operation({
        id: 'getProfile',
        tag: TAG,
        summary: "The caller's profile (created on first call)",
        auth: 'user',
        ok: { 200: json('The Profile', ref(profile)) },
        errors: { 503: ['Auth not configured'] },
      }),
      patch: operation({
        id: 'updateProfile',
        tag: TAG,
        summary: "Change fields of the caller's profile",
        auth: 'user',
        body: ref('ProfilePatch'),
        ok: { 200: json('The full Profile after the change', ref(profile)) },
        errors: {
          400: [
            ZIP_DETAIL,
            'home_size_sqft must be an integer',
            'home_size_sqft must be between 0 and 100000',
            CATALOG_DETAIL,
            TIMEZONE_DETAIL,
            'weather_entity_id must be a weather.* entity id',
            'household_power_entity_id must be a sensor.* entity id or null',
            'max_import_kw must be a number between 1 and 200 or null',
            'latitude must be a number between -90 and 90 or null',
            'longitude must be a number between -180 and 180 or null',
            LOCATION_PAIR_DETAIL,
          ],
        },
      }),
    },
  },
};
