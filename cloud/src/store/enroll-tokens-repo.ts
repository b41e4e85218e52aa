import type { Transaction } from 'sequelize';
import type { EnrollTokenRow, Models } from './models/index.js';

/** Satellite claim codes, looked up by hash only. */
export function createEnrollTokensRepo({ EnrollToken }: Models) {
  return {
    async insert(t: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
      await EnrollToken.create({ user_id: t.userId, token_hash: t.tokenHash, expires_at: t.expiresAt });
    },

    /** The code with this hash, locked for the rest of `transaction` (two claims with one code queue here), or null. */
    async lockByHash(tokenHash: string, transaction: Transaction): Promise<EnrollTokenRow | null> {
      return (await EnrollToken.findOne({ where: { token_hash: tokenHash }, lock: transaction.LOCK.UPDATE, transaction, raw: true })) as EnrollTokenRow | null;
    },

    async markUsed(id: number, now: Date, transaction: Transaction): Promise<void> {
      await EnrollToken.update({ used_at: now }, { where: { id }, transaction });
    },
  };
}

export type EnrollTokensRepo = ReturnType<typeof createEnrollTokensRepo>;
