import jwt from 'jsonwebtoken';
import { createSecretKey, type KeyObject } from 'node:crypto';

export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/**
 * A rotated refresh token presented again within this long gets the same successor (two tabs
 * refreshing at once, a retry after a lost response); later, it is taken for theft.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const keys = new Map<string, KeyObject>();

/** Signs an HS256 access token whose subject is the user id. */
export function signAccessToken(secret: string, user: { id: string; email: string }, nowS: number) {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  const token = jwt.sign({ sub: user.id, email: user.email, role: 'authenticated', iat: nowS, exp: nowS + ACCESS_TOKEN_TTL_S }, key, {
    algorithm: 'HS256',
  });
  return { token, expiresAt: nowS + ACCESS_TOKEN_TTL_S };
}
