import { QueryTypes, type Sequelize } from 'sequelize';
import type { SolarYieldFit } from '../domain/solar/yield-fit.js';

type StoredFit = Omit<SolarYieldFit, 'calculatedAt'> & { calculatedAt: string };

/** The accepted learned yield of each solar array, and the production readings it is fitted on. */
export function createSolarFitsRepo(db: Sequelize) {
  return {
    /** The stored fits of these appliances, by appliance id. */
    async find(applianceIds: readonly string[]): Promise<Map<string, SolarYieldFit>> {
      if (applianceIds.length === 0) return new Map();
      const rows = await db.query<{ appliance_id: string; fit: StoredFit }>(
        `SELECT appliance_id, fit FROM solar_yield_fits WHERE appliance_id = ANY($1::uuid[])`,
        {
          bind: [applianceIds],
          type: QueryTypes.SELECT,
        },
      );
      return new Map(rows.map((r) => [r.appliance_id, { ...r.fit, calculatedAt: new Date(r.fit.calculatedAt) }]));
    },

    /** Stores an accepted fit, replacing the previous one. */
    async save(applianceId: string, fit: SolarYieldFit): Promise<void> {
      await db.query(
        `INSERT INTO solar_yield_fits (appliance_id, fit, fitted_at) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (appliance_id) DO UPDATE SET fit = EXCLUDED.fit, fitted_at = EXCLUDED.fitted_at`,
        { bind: [applianceId, JSON.stringify(fit), fit.calculatedAt] },
      );
    },

    /** Forgets a fit that is no longer accepted (the array falls back to the irradiance tier). */
    async remove(applianceId: string): Promise<void> {
      await db.query(`DELETE FROM solar_yield_fits WHERE appliance_id = $1`, { bind: [applianceId] });
    },

    /** Production readings (W) of one array in [since, until], oldest first. */
    async production(applianceId: string, since: Date, until: Date): Promise<{ ts: Date; watts: number }[]> {
      return db.query<{ ts: Date; watts: number }>(
        `SELECT ts, value AS watts FROM appliance_readings WHERE appliance_id = $1 AND ts >= $2 AND ts <= $3 ORDER BY ts`,
        { bind: [applianceId, since, until], type: QueryTypes.SELECT },
      );
    },

    /** Active solar arrays of every account with their config and owner's profile (null when it has none yet), for the weekly refit. */
    async activeArrays(): Promise<
      {
        applianceId: string;
        userId: string;
        config: Record<string, unknown>;
        profile: { timezone: string | null; location_zip: string; latitude: number | null; longitude: number | null } | null;
      }[]
    > {
      return db.query(
        `SELECT a.id AS "applianceId", a.user_id AS "userId", a.config,
                CASE WHEN p.user_id IS NULL THEN NULL ELSE json_build_object('timezone', p.timezone, 'location_zip', p.location_zip, 'latitude', p.latitude, 'longitude', p.longitude) END AS profile
           FROM appliances a LEFT JOIN profiles p ON p.user_id = a.user_id
          WHERE a.appliance_type = 'solar' AND a.is_active ORDER BY a.user_id, a.id`,
        { type: QueryTypes.SELECT },
      );
    },
  };
}

export type SolarFitsRepo = ReturnType<typeof createSolarFitsRepo>;
