import type { Sequelize } from 'sequelize';
import { Op } from 'sequelize';
import type { Models, RefreshTokenRow } from './models/index.js';

export type RotateOutcome =
  | { kind: 'rotated'; userId: string }
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
     * Swaps a live refresh token for a new one of the same family, atomically. The row is locked so
     * two concurrent refreshes with one token cannot both succeed.
     */
    async rotate(oldHash: string, next: { tokenHash: string; expiresAt: Date }, now: Date): Promise<RotateOutcome> {
      return db.transaction(async (transaction) => {
        const row = (await RefreshToken.findOne({
          where: { token_hash: oldHash },
          lock: transaction.LOCK.UPDATE,
          transaction,
          raw: true,
        })) as RefreshTokenRow | null;
        if (!row || row.revoked_at) return { kind: 'invalid' } as const;
        if (row.rotated_at) {
          await RefreshToken.update(
            { revoked_at: now },
            { where: { family_id: row.family_id, revoked_at: { [Op.is]: null } }, transaction },
          );
          return { kind: 'reused', userId: row.user_id } as const;
        }
        if (row.expires_at <= now) return { kind: 'invalid' } as const;
        await RefreshToken.update({ rotated_at: now }, { where: { id: row.id }, transaction });
        await RefreshToken.create(
          { user_id: row.user_id, family_id: row.family_id, token_hash: next.tokenHash, expires_at: next.expiresAt },
          { transaction },
        );
        return { kind: 'rotated', userId: row.user_id } as const;
      });
    },
  };
}

export type RefreshTokensRepo = ReturnType<typeof createRefreshTokensRepo>;
