import { QueryTypes } from 'sequelize';
import type { RunningCloud } from '../../src/server.js';

/** An ISO timestamp `minutes` before `nowMs` (default now: pass one clock reading to space a batch exactly). */
export const minutesAgo = (minutes: number, nowMs = Date.now()) => new Date(nowMs - minutes * 60_000).toISOString();

/** A valid HVAC reading taken a minute ago, with `overrides` applied. */
export const hvacReading = (overrides: Record<string, unknown> = {}) => ({ timestamp: minutesAgo(1), indoor_temp: 72.5, hvac_state: 'COOL', ...overrides });

/** Rows of one SQL query (bind parameters $1...). */
export async function rows<T extends object = Record<string, unknown>>(cloud: RunningCloud, sql: string, bind: unknown[] = []): Promise<T[]> {
  return cloud.db.query<T>(sql, { bind, type: QueryTypes.SELECT });
}

/** What a user has stored: HVAC readings, appliance readings and today's ceiling counter. */
export async function storedCounts(cloud: RunningCloud, userId: string) {
  const [row] = await rows<{ hvac: number; appliance: number; counted: number }>(
    cloud,
    `SELECT (SELECT count(*) FROM hvac_readings WHERE user_id = $1)::int AS hvac,
            (SELECT count(*) FROM appliance_readings WHERE user_id = $1)::int AS appliance,
            (SELECT coalesce(sum(count), 0) FROM reading_counts WHERE user_id = $1)::int AS counted`,
    [userId],
  );
  return row!;
}
