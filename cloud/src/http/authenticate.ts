import type { RequestHandler } from 'express';
import { createSecretKey } from 'node:crypto';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
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

/** A passport instance of its own per app (tests run several apps with different secrets). */
export function createUserAuthenticator(jwtSecret: string): RequestHandler {
  const authenticator = new passport.Passport();
  authenticator.use(
    'user-jwt',
    new JwtStrategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse
        // it as a PEM public key on every verification, which cost a third of a request's CPU.
        secretOrKey: createSecretKey(Buffer.from(jwtSecret)) as unknown as string,
        algorithms: ['HS256'],
      },
      (payload: { sub?: unknown; email?: unknown }, done: (err: unknown, user?: AuthUser | false) => void) => {
        // Every account id is a UUID: any other subject (a token signed by something else that
        // knows the secret) is an invalid token, never a query on a malformed id.
        if (!isUuid(payload.sub)) return done(null, false);
        done(null, { id: payload.sub, email: typeof payload.email === 'string' ? payload.email : '' });
      },
    ),
  );
  // Express 5 forwards the thrown AppError to the error middleware.
  const bearer = ExtractJwt.fromAuthHeaderAsBearerToken();
  return (req, res, next) => {
    // A device token is a valid credential, but not for user routes: 403, not 401.
    if (isDeviceToken(bearer(req) ?? '')) return next(forbidden(DEVICE_DETAIL.deviceTokenRefused));
    authenticator.authenticate('user-jwt', { session: false }, (err: unknown, user: AuthUser | false, info: unknown) => {
      if (err) return next(err);
      if (!user) return next(unauthorized(jwtFailureDetail(info)));
      req.user = user;
      next();
    })(req, res, next);
  };
}

/** Maps passport-jwt's failure info to the spec's three 401 details. */
function jwtFailureDetail(info: unknown): string {
  const name = (info as { name?: string } | undefined)?.name;
  const message = (info as { message?: string } | undefined)?.message ?? '';
  if (name === 'TokenExpiredError') return DETAIL.tokenExpired;
  if (/No auth token/i.test(message)) return DETAIL.notAuthenticated;
  return DETAIL.invalidToken;
}

/** The authenticated user of a request behind the user authenticator. */
export function currentUser(req: Express.Request): AuthUser {
  if (!req.user) throw unauthorized(DETAIL.notAuthenticated);
  return req.user;
}
