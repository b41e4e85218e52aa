import jwt from 'jsonwebtoken';

export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** Signs an HS256 access token whose subject is the user id. */
export function signAccessToken(secret: string, user: { id: string; email: string }, nowS: number) {
  const token = jwt.sign({ sub: user.id, email: user.email, role: 'authenticated', iat: nowS, exp: nowS + ACCESS_TOKEN_TTL_S }, secret, {
    algorithm: 'HS256',
  });
  return { token, expiresAt: nowS + ACCESS_TOKEN_TTL_S };
}
