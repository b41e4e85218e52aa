// Device tokens and claim codes are opaque random values (services/secrets.ts newOpaqueToken);
// a prefix tells them apart from user JWTs (which start with `eyJ`) without a database lookup.

/** Prefix of every device token: the user authenticator refuses these with 403. */
export const DEVICE_TOKEN_PREFIX = 'opk_dev_';

/** Prefix of every claim code (enroll token). */
export const ENROLL_TOKEN_PREFIX = 'opk_claim_';

/** Claim code lifetime (8. Limits: 15 minutes). */
export const ENROLL_TOKEN_TTL_MS = 15 * 60_000;

/** True when a bearer value is shaped like a device token (it may still be unknown or revoked). */
export const isDeviceToken = (bearer: string): boolean => bearer.startsWith(DEVICE_TOKEN_PREFIX);
