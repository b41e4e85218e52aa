import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/** What the free-tier HVAC limit is checked against. */
export interface HvacQuota {
  tier: 'free' | 'premium';
  /** Every HVAC of the account, active or not, satellites included. */
  hvacCount: number;
  /** Every appliance of the account, of any type, active or not (the per-account limit). */
  applianceCount: number;
}

/** The free-tier HVAC limit and the per-account appliance limit, read under a lock so concurrent creates cannot both pass them. */
export function createApplianceQuotaRepo(db: Sequelize) {
  return {
    /**
     * Locks the user row (FOR UPDATE) for the rest of `transaction` and returns the account's tier
     * (free until a profile says otherwise) and HVAC count; null when the user does not exist.
     */
    async lockHvacQuota(userId: string, transaction: Transaction): Promise<HvacQuota | null> {
      const [owner] = await db.query<{ tier: 'free' | 'premium' | null }>(
        `SELECT p.subscription_tier AS tier FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1 FOR UPDATE OF u`,
        { bind: [userId], type: QueryTypes.SELECT, transaction },
      );
      if (!owner) return null;
      const [count] = await db.query<{ hvac: number; total: number }>(
        `SELECT count(*) FILTER (WHERE appliance_type = 'hvac')::int AS hvac, count(*)::int AS total FROM appliances WHERE user_id = $1`,
        { bind: [userId], type: QueryTypes.SELECT, transaction },
      );
      return { tier: owner.tier ?? 'free', hvacCount: count?.hvac ?? 0, applianceCount: count?.total ?? 0 };
    },
  };
}

export type ApplianceQuotaRepo = ReturnType<typeof createApplianceQuotaRepo>;
