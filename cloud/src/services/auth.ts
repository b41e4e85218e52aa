import { randomUUID } from 'node:crypto';
import {
  DETAIL,
  PASSWORD_MIN_LENGTH,
  PASSWORD_POLICY_DETAIL,
  PASSWORD_RESET_TTL_MIN,
  type LoginRequest,
  type PasswordResetRequest,
  type PendingSignup,
  type Session,
  type SignupRequest,
} from '../contract/index.js';
import { badRequest, tooManyRequests, unprocessable } from '../errors.js';
import { log } from '../log.js';
import { clientNetwork } from '../domain/client-network.js';
import type { Store } from '../store/index.js';
import { ACCESS_TOKEN_TTL_S, REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_MS, signAccessToken } from './access-tokens.js';
import type { Mailer } from './mailer.js';
import type { RateLimiter } from './rate-limiter.js';
import { assertCatalogId } from './profiles.js';
import { dummyPasswordHash, hashPassword, hashToken, newOpaqueToken, successorRefreshToken, verifyPassword } from './secrets.js';

export interface AuthOptions {
  jwtSecret: string;
  emailConfirmationRequired: boolean;
  /** Base of the confirmation link written to the log (read when a mail is sent: the port may be known only after listen). */
  publicUrl: () => string;
  /** Signups and failed logins per account per minute (0 = off). */
  perAccountPerMinute: number;
  /** Signup and login attempts per client IP per minute (0 = off). */
  perIpPerMinute: number;
  mailer: Mailer;
  /** Counts the limits above in PostgreSQL, shared by every instance. */
  rateLimiter: RateLimiter;
  now?: () => Date;
}

const LIMIT_WINDOW_MS = 60_000;

/** Signup, login, refresh rotation and email confirmation. */
export function createAuthService(store: Store, opts: AuthOptions) {
  const now = opts.now ?? (() => new Date());
  const authLog = log('auth');
  const accountKey = (email: string) => `auth:account:${email}`;

  /**
   * Counts the attempt against the client IP's and the account's limits in one round trip, before
   * any password is verified, so concurrent attempts cannot all get past the limit.
   */
  async function throttle(ip: string, email: string): Promise<void> {
    const { allowed, retryAfterS } = await opts.rateLimiter.consumeAll([
      { key: `auth:ip:${clientNetwork(ip)}`, limit: opts.perIpPerMinute, windowMs: LIMIT_WINDOW_MS },
      { key: accountKey(email), limit: opts.perAccountPerMinute, windowMs: LIMIT_WINDOW_MS },
    ]);
    if (!allowed) throw tooManyRequests(`Too many attempts; try again in ${retryAfterS} seconds`, retryAfterS);
  }

  async function issueSession(user: { id: string; email: string }, familyId: string = randomUUID()): Promise<Session> {
    const t = now();
    const { token, expiresAt } = signAccessToken(opts.jwtSecret, user, Math.floor(t.getTime() / 1000));
    const refresh = newOpaqueToken('rt_');
    await store.refreshTokens.insert({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(t.getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return sessionBody(token, refresh, expiresAt, user);
  }

  return {
    async signup(input: SignupRequest, ip: string): Promise<Session | PendingSignup> {
      await throttle(ip, input.email);
      if (typeof input.password !== 'string' || input.password.length < PASSWORD_MIN_LENGTH) {
        throw unprocessable(PASSWORD_POLICY_DETAIL);
      }
      if (input.pricing_location !== undefined) assertCatalogId(input.pricing_location);
      const confirmationToken = opts.emailConfirmationRequired ? newOpaqueToken() : null;
      const user = await store.users.insert({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        confirmed: !opts.emailConfirmationRequired,
        confirmationTokenHash: confirmationToken && hashToken(confirmationToken),
        signupProfile: {
          ...(input.location_zip !== undefined && { location_zip: input.location_zip }),
          ...(input.home_size_sqft !== undefined && { home_size_sqft: input.home_size_sqft }),
          ...(input.pricing_location !== undefined && { pricing_location: input.pricing_location }),
          ...(input.timezone !== undefined && { timezone: input.timezone }),
          ...(input.newsletter_opt_in !== undefined && { newsletter_opt_in: input.newsletter_opt_in }),
        },
      });
      if (!user) throw badRequest(DETAIL.userAlreadyRegistered);
      const publicUser = { id: user.id, email: user.email };
      authLog.info({ user_id: user.id }, 'account created');
      if (confirmationToken) {
        await opts.mailer({
          to: user.email,
          subject: 'Confirm your Offpeak account',
          text: `Open this link to confirm your email: ${opts.publicUrl()}/auth/confirm?token=${confirmationToken}`,
        });
        return { user: publicUser };
      }
      return issueSession(publicUser);
    },

    async login(input: LoginRequest, ip: string): Promise<Session> {
      await throttle(ip, input.email);
      const user = await store.users.findByEmail(input.email);
      const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
      if (!user || !ok) throw badRequest(DETAIL.invalidLoginCredentials);
      // Only failed logins use up the account's limit: give back the attempt counted above.
      if (opts.perAccountPerMinute > 0) await opts.rateLimiter.refund(accountKey(input.email));
      if (!user.email_confirmed_at) throw badRequest(DETAIL.emailNotConfirmed);
      return issueSession({ id: user.id, email: user.email });
    },

    /**
     * Rotates a refresh token. The same token presented again within REFRESH_REUSE_GRACE_MS gets
     * the same successor (and a fresh access token); later, it revokes its whole family (theft).
     */
    async refresh(refreshToken: string): Promise<Session> {
      const t = now();
      const next = successorRefreshToken(opts.jwtSecret, refreshToken);
      const outcome = await store.refreshTokens.rotate(
        hashToken(refreshToken),
        { tokenHash: hashToken(next), expiresAt: new Date(t.getTime() + REFRESH_TOKEN_TTL_MS) },
        t,
        REFRESH_REUSE_GRACE_MS,
      );
      if (outcome.kind === 'reused') authLog.warn({ user_id: outcome.userId }, 'rotated refresh token reused; session family revoked');
      if (outcome.kind === 'replayed') authLog.info({ user_id: outcome.userId }, 'refresh token presented again within the grace; same successor returned');
      if (outcome.kind !== 'rotated' && outcome.kind !== 'replayed') throw badRequest(DETAIL.invalidRefreshToken);
      const user = await store.users.findById(outcome.userId);
      if (!user) throw badRequest(DETAIL.invalidRefreshToken);
      const { token, expiresAt } = signAccessToken(opts.jwtSecret, user, Math.floor(t.getTime() / 1000));
      return sessionBody(token, next, expiresAt, { id: user.id, email: user.email });
    },

    /**
     * Emails a password reset link to the account of `email`, if there is one. The caller answers
     * the same either way, so the answer does not tell whether an account exists.
     */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      await throttle(ip, email);
      const token = newOpaqueToken();
      const userId = await store.passwordResets.issue(email, hashToken(token), new Date(now().getTime() + PASSWORD_RESET_TTL_MIN * 60_000));
      if (!userId) return;
      authLog.info({ user_id: userId }, 'password reset requested');
      await opts.mailer({
        to: email,
        subject: 'Reset your Offpeak password',
        text: `Open this link within ${PASSWORD_RESET_TTL_MIN} minutes to set a new password: ${opts.publicUrl()}/reset-password?token=${token}`,
      });
    },

    /** Sets a new password with an emailed link's token (once, before it expires) and signs every session out. */
    async resetPassword(input: PasswordResetRequest): Promise<void> {
      if (typeof input.password !== 'string' || input.password.length < PASSWORD_MIN_LENGTH) throw unprocessable(PASSWORD_POLICY_DETAIL);
      const userId = await store.passwordResets.redeem(hashToken(input.token), await hashPassword(input.password), now());
      if (!userId) throw badRequest(DETAIL.invalidResetLink);
      authLog.info({ user_id: userId }, 'password reset; every refresh token revoked');
    },

    /** Opens the link from the confirmation email; returns whether it matched a pending account. */
    async confirmEmail(token: string): Promise<boolean> {
      const user = await store.users.confirmEmail(hashToken(token));
      if (user) authLog.info({ user_id: user.id }, 'email confirmed');
      return user !== null;
    },
  };
}

function sessionBody(accessToken: string, refreshToken: string, expiresAt: number, user: { id: string; email: string }): Session {
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: ACCESS_TOKEN_TTL_S,
    expires_at: expiresAt,
    token_type: 'bearer',
    user,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
