// Runs of the daily metrics job (metrics_runs): a lease so one worker at a time works a run, and
// a cursor so a run that stopped (crash, shutdown, lost lease) resumes after its last committed batch.
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/** What taking a run gives: where to start, or why not to. */
export type RunClaim = { status: 'claimed'; cursor: string | null; done: number } | { status: 'finished' } | { status: 'busy' };

interface RunRow {
  cursor: string | null;
  done: number;
  finished_at: Date | null;
  locked_by: string | null;
  is_locked: boolean;
}

/** The job's run bookkeeping; lease times use the database clock. */
export function createMetricsRunsRepo(db: Sequelize) {
  const lease = `now() + $3::int * interval '1 millisecond'`;
  return {
    /**
     * Takes the run for `workerId`: a new run starts at the beginning, an unfinished one resumes at
     * its cursor, a finished one is left alone unless `restart`. Busy while another worker's lease runs.
     */
    claim(runKey: string, workerId: string, leaseMs: number, restart: boolean): Promise<RunClaim> {
      return db.transaction(async (transaction) => {
        const [row] = await db.query<RunRow>(
          `SELECT cursor, done, finished_at, locked_by, coalesce(locked_until > now(), false) AS is_locked FROM metrics_runs WHERE run_key = $1 FOR UPDATE`,
          { bind: [runKey], type: QueryTypes.SELECT, transaction },
        );
        if (!row) {
          await db.query(`INSERT INTO metrics_runs (run_key, locked_by, locked_until) VALUES ($1, $2, ${lease})`, {
            bind: [runKey, workerId, leaseMs],
            transaction,
          });
          return { status: 'claimed', cursor: null, done: 0 };
        }
        if (row.is_locked && row.locked_by !== workerId) return { status: 'busy' };
        if (row.finished_at && !restart) return { status: 'finished' };
        const fresh = row.finished_at !== null;
        await db.query(
          `UPDATE metrics_runs SET locked_by = $2, locked_until = ${lease}${fresh ? ', cursor = NULL, done = 0, finished_at = NULL, started_at = now()' : ''} WHERE run_key = $1`,
          { bind: [runKey, workerId, leaseMs], transaction },
        );
        return fresh ? { status: 'claimed', cursor: null, done: 0 } : { status: 'claimed', cursor: row.cursor, done: row.done };
      });
    },

    /** Moves the cursor past a committed batch and renews the lease; false when the worker no longer holds the run. */
    async advance(runKey: string, workerId: string, leaseMs: number, cursor: string, done: number, transaction: Transaction): Promise<boolean> {
      const rows = await db.query(
        `UPDATE metrics_runs SET cursor = $4, done = $5, locked_until = ${lease} WHERE run_key = $1 AND locked_by = $2 AND finished_at IS NULL RETURNING 1`,
        { bind: [runKey, workerId, leaseMs, cursor, done], type: QueryTypes.SELECT, transaction },
      );
      return rows.length > 0;
    },

    /** Marks the run finished and frees it. */
    async finish(runKey: string, workerId: string): Promise<void> {
      await db.query(`UPDATE metrics_runs SET finished_at = now(), locked_by = NULL, locked_until = NULL WHERE run_key = $1 AND locked_by = $2`, {
        bind: [runKey, workerId],
      });
    },

    /** Deletes the bookkeeping of runs finished more than `keepDays` days ago. */
    async purgeFinished(keepDays: number): Promise<void> {
      await db.query(`DELETE FROM metrics_runs WHERE finished_at < now() - $1::int * interval '1 day'`, { bind: [keepDays] });
    },

    /** Frees an unfinished run at once (a stopping worker), so the next start resumes it without waiting out the lease. */
    async release(runKey: string, workerId: string): Promise<void> {
      await db.query(`UPDATE metrics_runs SET locked_by = NULL, locked_until = NULL WHERE run_key = $1 AND locked_by = $2`, { bind: [runKey, workerId] });
    },
  };
}

export type MetricsRunsRepo = ReturnType<typeof createMetricsRunsRepo>;
