import type { Models } from './models/index.js';

/** Constraint sets of non-HVAC appliances, one row per appliance. */
export function createConstraintsRepo({ ApplianceConstraints }: Models) {
  return {
    /** The stored set, or null when none was ever saved. */
    async find(applianceId: string): Promise<Record<string, unknown> | null> {
      const row = (await ApplianceConstraints.findByPk(applianceId, { raw: true })) as { constraints: Record<string, unknown> } | null;
      return row?.constraints ?? null;
    },

    /** Replaces the whole set (fields not sent are cleared). */
    async replace(applianceId: string, constraints: Record<string, unknown>): Promise<void> {
      await ApplianceConstraints.upsert({ appliance_id: applianceId, constraints, updated_at: new Date() });
    },
  };
}

export type ConstraintsRepo = ReturnType<typeof createConstraintsRepo>;
