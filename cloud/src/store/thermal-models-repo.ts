import { QueryTypes, type Sequelize } from 'sequelize';
import type { ThermalReading } from '../domain/thermal/duty.js';
import type { ThermalModel } from '../domain/thermal/fit.js';
import type { HvacState } from '../domain/readings/hvac-state.js';

/** A fitted model as stored, with when it was fitted. */
export interface StoredThermalModel extends ThermalModel {
  applianceId: string;
  fittedAt: Date;
}

interface ModelRow {
  appliance_id: string;
  params: ThermalModel['params'];
  grid_minutes: number;
  rated_power_w: ThermalModel['ratedPowerW'];
  stats: ThermalModel['stats'];
  confidence: number;
  fitted_at: Date;
}

const toModel = (r: ModelRow): StoredThermalModel => ({
  applianceId: r.appliance_id,
  params: r.params,
  gridMinutes: r.grid_minutes,
  ratedPowerW: r.rated_power_w,
  stats: r.stats,
  confidence: r.confidence,
  fittedAt: r.fitted_at,
});

/** Each HVAC's current thermal model (no row: the unit is warming up) and the readings it is fitted on. */
export function createThermalModelsRepo(db: Sequelize) {
  return {
    /** The stored models of these appliances. */
    async find(applianceIds: readonly string[]): Promise<StoredThermalModel[]> {
      if (applianceIds.length === 0) return [];
      const rows = await db.query<ModelRow>(`SELECT * FROM thermal_models WHERE appliance_id = ANY($1::uuid[])`, {
        bind: [applianceIds],
        type: QueryTypes.SELECT,
      });
      return rows.map(toModel);
    },

    /** Stores a fit, replacing the previous one. */
    async save(applianceId: string, model: ThermalModel, fittedAt: Date): Promise<void> {
      await db.query(
        `INSERT INTO thermal_models (appliance_id, params, grid_minutes, rated_power_w, stats, confidence, fitted_at)
         VALUES ($1, $2::jsonb, $3, $4::jsonb, $5::jsonb, $6, $7)
         ON CONFLICT (appliance_id) DO UPDATE SET params = EXCLUDED.params, grid_minutes = EXCLUDED.grid_minutes,
           rated_power_w = EXCLUDED.rated_power_w, stats = EXCLUDED.stats, confidence = EXCLUDED.confidence, fitted_at = EXCLUDED.fitted_at`,
        {
          bind: [
            applianceId,
            JSON.stringify(model.params),
            model.gridMinutes,
            JSON.stringify(model.ratedPowerW),
            JSON.stringify(model.stats),
            model.confidence,
            fittedAt,
          ],
        },
      );
    },

    /** Readings of one HVAC in [since, until], oldest first, as the fit and the warm-up rule read them. */
    async readings(applianceId: string, since: Date, until: Date): Promise<ThermalReading[]> {
      const rows = await db.query<{
        ts: Date;
        indoor_temp: number;
        hvac_state: HvacState;
        hvac_action: string | null;
        outdoor_temp: number | null;
        power_watts: number | null;
        target_temp: number | null;
        target_temp_step: number | null;
        target_temp_step_unit: 'C' | 'F' | null;
      }>(
        `SELECT ts, indoor_temp, hvac_state, hvac_action, outdoor_temp, power_watts, target_temp, target_temp_step, target_temp_step_unit FROM hvac_readings
          WHERE appliance_id = $1 AND ts >= $2 AND ts <= $3 ORDER BY ts`,
        { bind: [applianceId, since, until], type: QueryTypes.SELECT },
      );
      return rows.map((r) => ({
        at: r.ts,
        indoorTempF: r.indoor_temp,
        hvacState: r.hvac_state,
        hvacAction: r.hvac_action,
        outdoorTempF: r.outdoor_temp,
        powerW: r.power_watts,
        targetTempF: r.target_temp,
        setpointStep: r.target_temp_step != null && r.target_temp_step_unit != null ? { step: r.target_temp_step, unit: r.target_temp_step_unit } : null,
      }));
    },

    /** How many readings each of these HVACs has in [since, until] (the cheap warm-up pre-check). */
    async readingCounts(applianceIds: readonly string[], since: Date, until: Date): Promise<Map<string, number>> {
      if (applianceIds.length === 0) return new Map();
      const rows = await db.query<{ appliance_id: string; n: number }>(
        `SELECT appliance_id, count(*)::int AS n FROM hvac_readings
          WHERE appliance_id = ANY($1::uuid[]) AND ts >= $2 AND ts <= $3 GROUP BY appliance_id`,
        { bind: [applianceIds, since, until], type: QueryTypes.SELECT },
      );
      return new Map(rows.map((r) => [r.appliance_id, r.n]));
    },

    /** Active HVACs of every account, for the weekly refit, in a stable order. */
    async activeHvacs(): Promise<{ applianceId: string; userId: string }[]> {
      return db.query<{ applianceId: string; userId: string }>(
        `SELECT id AS "applianceId", user_id AS "userId" FROM appliances WHERE appliance_type = 'hvac' AND is_active ORDER BY user_id, id`,
        { type: QueryTypes.SELECT },
      );
    },
  };
}

export type ThermalModelsRepo = ReturnType<typeof createThermalModelsRepo>;
