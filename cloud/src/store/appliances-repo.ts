import type { Transaction } from 'sequelize';
import type { ApplianceRow, ApplianceType, Models } from './models/index.js';
import type { Sql } from './sql.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed UUID; a malformed id in a path is treated as not found. */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

// The model's columns, read on the hot paths without the model (sql.ts).
const SELECT = 'SELECT id, user_id, appliance_type, name, config, is_active, created_at FROM appliances';

/** Appliances, always scoped to their owner. */
export function createAppliancesRepo({ Appliance }: Models, sql: Sql) {
  return {
    /** The caller's appliances, oldest first. */
    async listByUser(userId: string, opts: { transaction?: Transaction } = {}): Promise<ApplianceRow[]> {
      return sql.rows<ApplianceRow>(`${SELECT} WHERE user_id = $1 ORDER BY created_at, id`, [userId], opts);
    },

    /** One appliance when it exists and belongs to the user, else null (never another user's). */
    async findOwned(userId: string, id: string, opts: { transaction?: Transaction } = {}): Promise<ApplianceRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await sql.rows<ApplianceRow>(`${SELECT} WHERE id = $1 AND user_id = $2`, [id, userId], opts);
      return row ?? null;
    },

    async insert(
      row: { userId: string; type: ApplianceType; name: string; config: Record<string, unknown> },
      opts: { transaction?: Transaction } = {},
    ): Promise<ApplianceRow> {
      const created = await Appliance.create(
        { user_id: row.userId, appliance_type: row.type, name: row.name, config: row.config },
        { transaction: opts.transaction },
      );
      return created.get({ plain: true }) as ApplianceRow;
    },

    async update(userId: string, id: string, patch: { name?: string; config?: Record<string, unknown>; is_active?: boolean }): Promise<ApplianceRow | null> {
      if (!isUuid(id)) return null;
      const [count, rows] = await Appliance.update(patch, { where: { id, user_id: userId }, returning: true });
      return count ? (rows[0]!.get({ plain: true }) as ApplianceRow) : null;
    },

    /** Deletes the appliance; readings, schedules, constraints and preferences go with it (ON DELETE CASCADE). */
    async delete(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return (await Appliance.destroy({ where: { id, user_id: userId } })) > 0;
    },
  };
}

export type AppliancesRepo = ReturnType<typeof createAppliancesRepo>;
