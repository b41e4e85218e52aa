import type { Migration } from './index.js';

/** Password reset links (docs/accounts-and-sessions.md "Password reset"): the token's hash only, single-use, expiring. */
export const passwordResets: Migration = {
  name: '0010-password-resets',
  up: [
    `CREATE TABLE password_resets (
       id bigserial PRIMARY KEY,
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       token_hash text NOT NULL UNIQUE,
       expires_at timestamptz NOT NULL,
       used_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE INDEX password_resets_user ON password_resets (user_id)`,
  ],
};
