// Rows nobody will read again, deleted by the daily purge job (docs/schedules-and-recompute.md,
// "The daily purge"). Each table is deleted in batches so one run never holds a long lock.
import { QueryTypes, type Sequelize } from 'sequelize';

/** Rows deleted per statement. */
const BATCH = 5_000;

/** What is expired, per table: `$1` is the cut-off instant. */
const EXPIRED = {
  // Past its 30-day life: useless to its holder and to theft detection alike.
  refreshTokens: `SELECT id FROM refresh_tokens WHERE expires_at < $1`,
  // Past its hour: an expired link and an unknown one get the same answer.
  passwordResets: `SELECT id FROM password_resets WHERE expires_at < $1`,
  // Claim codes live 15 minutes; kept a while so a late claim still hears "used" or "expired".
  claimCodes: `SELECT id FROM enroll_tokens WHERE expires_at < $1`,
  // Handed over (and so out of the queue) long ago; a pending command is never purged.
  deliveredCommands: `SELECT id FROM device_commands WHERE delivered_at < $1`,
  // Forecast pushes older than the model refit reads (14 days).
  weatherPushes: `SELECT id FROM weather_forecasts WHERE pushed_at < $1`,
} as const;

const TABLE: Record<keyof typeof EXPIRED, string> = {
  refreshTokens: 'refresh_tokens',
  passwordResets: 'password_resets',
  claimCodes: 'enroll_tokens',
  deliveredCommands: 'device_commands',
  weatherPushes: 'weather_forecasts',
};

export type PurgeCounts = Record<keyof typeof EXPIRED, number>;

export function createPurgeRepo(db: Sequelize) {
  /** Deletes the rows `selectSql` finds, BATCH at a time; returns how many. */
  async function deleteAll(table: string, selectSql: string, cutoff: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const [row] = await db.query<{ n: number }>(
        `WITH gone AS (DELETE FROM ${table} WHERE id IN (${selectSql} LIMIT ${BATCH}) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        { bind: [cutoff], type: QueryTypes.SELECT },
      );
      total += row?.n ?? 0;
      if ((row?.n ?? 0) < BATCH) return total;
    }
  }

  return {
    /** Deletes what expired before the cut-offs: `now` for refresh tokens and reset links, `before` for the rest. */
    async purgeExpired(now: Date, before: Date): Promise<PurgeCounts> {
      return {
        refreshTokens: await deleteAll(TABLE.refreshTokens, EXPIRED.refreshTokens, now),
        passwordResets: await deleteAll(TABLE.passwordResets, EXPIRED.passwordResets, now),
        claimCodes: await deleteAll(TABLE.claimCodes, EXPIRED.claimCodes, before),
        deliveredCommands: await deleteAll(TABLE.deliveredCommands, EXPIRED.deliveredCommands, before),
        weatherPushes: await deleteAll(TABLE.weatherPushes, EXPIRED.weatherPushes, before),
      };
    },
  };
}

export type PurgeRepo = ReturnType<typeof createPurgeRepo>;
