// Credentials a hostile or confused client presents: each one names what is wrong with it, so a
// failing fuzz case says which token it sent. Built from the caller's real session so that only
// the one flaw differs (same subject, same claims).
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { signAccessToken } from '../../src/services/access-tokens.js';

export interface SessionFor {
  userId: string;
  email: string;
  refreshToken: string;
}

/** Authorization header values by name: every way a bearer token can be the wrong one. */
export function hostileCredentials(jwtSecret: string, session: SessionFor, nowS = Math.floor(Date.now() / 1000)): Record<string, string> {
  const user = { id: session.userId, email: session.email };
  const bearer = (token: string) => `Bearer ${token}`;
  return {
    missing: '',
    'no token': 'Bearer',
    'empty token': 'Bearer ',
    malformed: 'Bearer x.y.z',
    'basic auth': 'Basic YTpi',
    'lower-case scheme with NUL': 'bearer %00',
    'bare device prefix': 'Bearer dev_',
    'very long': bearer('a'.repeat(4000)),
    'alg none': bearer(
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: user.id, exp: nowS + 600 })).toString('base64url')}.`,
    ),
    expired: bearer(signAccessToken(jwtSecret, user, nowS - 7200).token),
    'signed with another secret': bearer(signAccessToken('another-secret-that-is-long-enough-for-hs256', user, nowS).token),
    'refresh token as access token': bearer(session.refreshToken),
    // A valid signature for an account that does not exist (deleted since, or never made).
    'unknown account': bearer(signAccessToken(jwtSecret, { id: randomUUID(), email: 'gone@example.com' }, nowS).token),
    'subject not a uuid': bearer(jwt.sign({ sub: 'admin', email: user.email, exp: nowS + 600 }, jwtSecret, { algorithm: 'HS256' })),
    'subject not a string': bearer(jwt.sign({ sub: 42, exp: nowS + 600 } as object, jwtSecret, { algorithm: 'HS256' })),
    'HS512 with the right secret': bearer(jwt.sign({ sub: user.id, email: user.email, exp: nowS + 600 }, jwtSecret, { algorithm: 'HS512' })),
  };
}
