// The home block of each plan (docs/home-plan.md): append-only rows per (account, local date).
import type { Sequelize, Transaction } from 'sequelize';
import type { HomeBlock } from '../domain/planning/home-plan.js';
import type { Sql } from './sql.js';

export function createHomePlansRepo(db: Sequelize, sql: Sql) {
  return {
    async insert(rows: readonly { userId: string; date: string; plan: HomeBlock }[], opts: { transaction: Transaction }): Promise<void> {
      if (rows.length === 0) return;
      await db.query('INSERT INTO home_plans (user_id, local_date, plan) SELECT * FROM unnest($1::uuid[], $2::date[], $3::jsonb[])', {
        bind: [rows.map((r) => r.userId), rows.map((r) => r.date), rows.map((r) => JSON.stringify(r.plan))],
        transaction: opts.transaction,
      });
    },

    /** The newest home block of the account's local date, or null. */
    async newest(userId: string, date: string): Promise<HomeBlock | null> {
      const [row] = await sql.rows<{ plan: HomeBlock }>('SELECT plan FROM home_plans WHERE user_id = $1 AND local_date = $2 ORDER BY id DESC LIMIT 1', [
        userId,
        date,
      ]);
      return row?.plan ?? null;
    },
  };
}

export type HomePlansRepo = ReturnType<typeof createHomePlansRepo>;
