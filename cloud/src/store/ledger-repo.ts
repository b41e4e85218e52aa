// The readings the day's ledger reads (docs/ledger.md): every reading of an account's appliances
// in one local day, with the values and power the ledger prices. One statement per table.
import type { Sql } from './sql.js';

/** One reading as the ledger reads it: a value (SoC %, tank F, or an HVAC's indoor F) and the metered power, W. */
export interface LedgerReading {
  applianceId: string;
  at: Date;
  value: number;
  powerW: number | null;
  /** HVAC readings: the outdoor temperature reported, F. */
  outdoorF: number | null;
}

const APPLIANCE_SQL = `SELECT appliance_id, ts, value, power_watts, NULL::float8 AS outdoor_temp FROM appliance_readings
  WHERE user_id = $1 AND ts >= $2 AND ts < $3 ORDER BY appliance_id, ts`;
const HVAC_SQL = `SELECT appliance_id, ts, indoor_temp AS value, power_watts, outdoor_temp FROM hvac_readings
  WHERE user_id = $1 AND appliance_id IS NOT NULL AND ts >= $2 AND ts < $3 ORDER BY appliance_id, ts`;

type Row = { appliance_id: string; ts: Date; value: number; power_watts: number | null; outdoor_temp: number | null };
const toReading = (r: Row): LedgerReading => ({
  applianceId: r.appliance_id,
  at: new Date(r.ts),
  value: Number(r.value),
  powerW: r.power_watts === null ? null : Number(r.power_watts),
  outdoorF: r.outdoor_temp === null ? null : Number(r.outdoor_temp),
});

export function createLedgerRepo(sql: Sql) {
  return {
    /** The account's appliance and HVAC readings in [since, until), oldest first per appliance. */
    async dayReadings(userId: string, since: Date, until: Date): Promise<LedgerReading[]> {
      const [values, hvac] = await Promise.all([sql.rows<Row>(APPLIANCE_SQL, [userId, since, until]), sql.rows<Row>(HVAC_SQL, [userId, since, until])]);
      return [...values, ...hvac].map(toReading);
    },
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
