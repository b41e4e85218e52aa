import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { createSecretKey } from 'node:crypto';
import { ExtractJwt } from 'passport-jwt';
import { DETAIL, DEVICE_DETAIL } from '../contract/index.js';
import { isDeviceToken } from '../domain/devices/tokens.js';
import { isUuid } from '../domain/uuid.js';
import { forbidden, unauthorized } from '../errors.js';

export interface AuthUser {
  id: string;
  email: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface User {
      id: string;
      email: string;
    }
  }
}

/**
 * The user JWT check of every user route (interface 4.18): the bearer token of the
 * `Authorization` header (passport-jwt's extractor), verified as HS256 with `jwtSecret`, whose
 * subject is an account id. It is what passport-jwt's strategy did, called directly: passport's
 * per-request strategy set-up cost more than the signature check (docs/performance.md). One
 * authenticator per app (tests run several apps with different secrets).
 */
export function createUserAuthenticator(jwtSecret: string): RequestHandler {
  // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse
  // it as a PEM public key on every verification, which cost a third of a request's CPU.
  const key = createSecretKey(Buffer.from(jwtSecret));
  const bearer = ExtractJwt.fromAuthHeaderAsBearerToken();
  // Express 5 forwards the AppError to the error middleware.
  return (req, _res, next) => {
    const token = bearer(req);
    if (!token) return next(unauthorized(DETAIL.notAuthenticated));
    // A device token is a valid credential, but not for user routes (interface 4.18): 403, not 401.
    if (isDeviceToken(token)) return next(forbidden(DEVICE_DETAIL.deviceTokenRefused));
    let payload: { sub?: unknown; email?: unknown } | string;
    try {
      payload = jwt.verify(token, key, { algorithms: ['HS256'] }) as typeof payload;
    } catch (err) {
      return next(unauthorized((err as Error).name === 'TokenExpiredError' ? DETAIL.tokenExpired : DETAIL.invalidToken));
    }
    // Every account id is a UUID: any other subject (a token signed by something else that knows
    // the secret) is an invalid token, never a query on a malformed id.
    if (typeof payload !== 'object' || !isUuid(payload.sub)) return next(unauthorized(DETAIL.invalidToken));
    req.user = { id: payload.sub, email: typeof payload.email === 'string' ? payload.email : '' };
    next();
  };
}

/** The authenticated user of a request behind the user authenticator. */
export function currentUser(req: Express.Request): AuthUser {
  if (!req.user) throw unauthorized(DETAIL.notAuthenticated);
  return req.user;
}
