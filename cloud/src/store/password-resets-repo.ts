// Password reset links: a link's token is stored as its hash, used once, before it expires.
import type { Sql } from './sql.js';

export function createPasswordResetsRepo(sql: Sql) {
  return {
    /** Stores a link for the account of `email`; returns its user id, or null when no account has that email. */
    async issue(email: string, tokenHash: string, expiresAt: Date): Promise<string | null> {
      const [row] = await sql.rows<{ user_id: string }>(
        'INSERT INTO password_resets (user_id, token_hash, expires_at) SELECT id, $2, $3 FROM users WHERE email = $1 RETURNING user_id',
        [email, tokenHash, expiresAt],
      );
      return row?.user_id ?? null;
    },

    /**
     * Uses a live link, in one statement: marks it used, sets the new password hash (the emailed
     * link also proves the address, so an unconfirmed email becomes confirmed), ends the user's
     * other links and revokes every refresh token of the user. Returns the user id, or null when
     * the link is unknown, used or expired (nothing changes then).
     */
    async redeem(tokenHash: string, passwordHash: string, now: Date): Promise<string | null> {
      const [row] = await sql.rows<{ user_id: string }>(
        `WITH used AS (
           UPDATE password_resets SET used_at = $3 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $3 RETURNING user_id
         ), changed AS (
           UPDATE users SET password_hash = $2, email_confirmed_at = COALESCE(email_confirmed_at, $3), confirmation_token_hash = NULL
           FROM used WHERE users.id = used.user_id RETURNING users.id
         ), other_links AS (
           UPDATE password_resets p SET used_at = $3 FROM used
           WHERE p.user_id = used.user_id AND p.used_at IS NULL AND p.token_hash <> $1 RETURNING 1
         ), revoked AS (
           UPDATE refresh_tokens t SET revoked_at = $3 FROM used WHERE t.user_id = used.user_id AND t.revoked_at IS NULL RETURNING 1
         )
         SELECT id AS user_id FROM changed`,
        [tokenHash, passwordHash, now],
      );
      return row?.user_id ?? null;
    },
  };
}

export type PasswordResetsRepo = ReturnType<typeof createPasswordResetsRepo>;
