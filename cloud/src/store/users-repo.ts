import { UniqueConstraintError } from 'sequelize';
import type { Models, SignupProfile, UserRow } from './models/index.js';
import type { Sql } from './sql.js';

export function createUsersRepo({ User }: Models, sql: Sql) {
  return {
    /** Inserts a user; returns null when the email is already registered. */
    async insert(user: {
      email: string;
      passwordHash: string;
      confirmed: boolean;
      confirmationTokenHash: string | null;
      signupProfile: SignupProfile;
    }): Promise<UserRow | null> {
      try {
        const row = await User.create({
          email: user.email,
          password_hash: user.passwordHash,
          email_confirmed_at: user.confirmed ? new Date() : null,
          confirmation_token_hash: user.confirmationTokenHash,
          signup_profile: user.signupProfile,
        });
        return row.get({ plain: true }) as UserRow;
      } catch (err) {
        if (err instanceof UniqueConstraintError) return null;
        throw err;
      }
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      return (await User.findOne({ where: { email }, raw: true })) as UserRow | null;
    },

    async findById(id: string): Promise<UserRow | null> {
      // The model's columns, without the model (sql.ts): every authenticated profile read asks.
      const [row] = await sql.rows<UserRow>(
        'SELECT id, email, password_hash, email_confirmed_at, confirmation_token_hash, signup_profile, created_at FROM users WHERE id = $1',
        [id],
      );
      return row ?? null;
    },

    /** Marks the email confirmed for the holder of this link token; returns the user or null. */
    async confirmEmail(tokenHash: string): Promise<UserRow | null> {
      const [count, rows] = await User.update(
        { email_confirmed_at: new Date(), confirmation_token_hash: null },
        { where: { confirmation_token_hash: tokenHash }, returning: true },
      );
      return count ? (rows[0]!.get({ plain: true }) as UserRow) : null;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
