import type { Sequelize } from 'sequelize';
import { Op } from 'sequelize';
import type { Models, RefreshTokenRow } from './models/index.js';

export type RotateOutcome =
  | { kind: 'rotated'; userId: string }
  /** A token rotated within the grace came back: its successor (`next`, unchanged) is still live. */
  | { kind: 'replayed'; userId: string }
  | { kind: 'invalid' }
  /** An already-rotated token came back: the whole family has been revoked (likely theft). */
  | { kind: 'reused'; userId: string };

export function createRefreshTokensRepo(db: Sequelize, { RefreshToken }: Models) {
  return {
    async insert(t: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
      await RefreshToken.create({
        user_id: t.userId,
        family_id: t.familyId,
        token_hash: t.tokenHash,
        expires_at: t.expiresAt,
      });
    },

    /**
     * Swaps a live refresh token for `next` of the same family, atomically (the row is locked, so
     * concurrent refreshes of one token are judged one after the other). A token rotated at most
     * `graceMs` ago is a legitimate race when `next` is its live successor (`next` is derived from
     * the token, so the caller passes the same one again): `replayed`, nothing changes. Otherwise a
     * rotated token revokes its family, unless it is within the grace (then only `invalid`).
     */
    async rotate(oldHash: string, next: { tokenHash: string; expiresAt: Date }, now: Date, graceMs: number): Promise<RotateOutcome> {
      return db.transaction(async (transaction) => {
        const row = (await RefreshToken.findOne({
          where: { token_hash: oldHash },
          lock: transaction.LOCK.UPDATE,
          transaction,
          raw: true,
        })) as RefreshTokenRow | null;
        if (!row || row.revoked_at) return { kind: 'invalid' } as const;
        if (row.rotated_at && now.getTime() - row.rotated_at.getTime() <= graceMs) {
          const successor = (await RefreshToken.findOne({
            where: { token_hash: next.tokenHash, family_id: row.family_id },
            transaction,
            raw: true,
          })) as RefreshTokenRow | null;
          const isLive = successor && !successor.rotated_at && !successor.revoked_at && successor.expires_at > now;
          return isLive ? ({ kind: 'replayed', userId: row.user_id } as const) : ({ kind: 'invalid' } as const);
        }
        if (row.rotated_at) {
          await RefreshToken.update({ revoked_at: now }, { where: { family_id: row.family_id, revoked_at: { [Op.is]: null } }, transaction });
          return { kind: 'reused', userId: row.user_id } as const;
        }
        if (row.expires_at <= now) return { kind: 'invalid' } as const;
        await RefreshToken.update({ rotated_at: now }, { where: { id: row.id }, transaction });
        await RefreshToken.create({ user_id: row.user_id, family_id: row.family_id, token_hash: next.tokenHash, expires_at: next.expiresAt }, { transaction });
        return { kind: 'rotated', userId: row.user_id } as const;
      });
    },
  };
}

export type RefreshTokensRepo = ReturnType<typeof createRefreshTokensRepo>;
