import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { withSessionLock } from './session-lock.js';

export type JobKind = 'recompute' | 'nightly';

/** A planning job as a worker holds it. */
export interface PlanningJob {
  id: number;
  kind: JobKind;
  userId: string;
  /** Nightly: the run it belongs to; null for recomputes. */
  runKey: string | null;
  /** Recompute: the planning changes that asked for it. */
  reasons: string[];
  /** Nightly: the run's instant, which fixes the day planned; recompute: when the debounce ends. */
  runAfter: Date;
  attempts: number;
}

interface JobRow {
  id: number;
  kind: JobKind;
  user_id: string;
  run_key: string | null;
  reasons: string[];
  run_after: Date;
  attempts: number;
}

const toJob = (r: JobRow): PlanningJob => ({
  id: r.id,
  kind: r.kind,
  userId: r.user_id,
  runKey: r.run_key,
  reasons: r.reasons,
  runAfter: r.run_after,
  attempts: r.attempts,
});

// Any constant works; it only has to differ from other advisory locks taken on this database.
const REFIT_LOCK_KEY = 7_201_003;

const WAITING_RECOMPUTE = `(user_id) WHERE kind = 'recompute' AND locked_by IS NULL AND finished_at IS NULL`;

/** The planning job queue (planning_jobs). Times are passed in, so tests control the clock. */
export function createJobsRepo(db: Sequelize) {
  const select = <T extends object>(sql: string, bind: unknown[], transaction?: Transaction) =>
    db.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction });

  return {
    /**
     * Asks for a recompute of the account at `runAfter`, requested at `requestedAt` (a refinement's
     * is deferred: docs/schedules-and-recompute.md "Triggers"). While one waits (not yet taken), a
     * new request moves it to the new `runAfter` (the debounce), but never past `latestAfterFirstMs`
     * after the first request; a `refinement` joins it without moving it later.
     */
    async requestRecompute(
      userId: string,
      reason: string,
      requestedAt: Date,
      runAfter: Date,
      opts: { latestAfterFirstMs: number; refinement: boolean },
    ): Promise<void> {
      await db.query(
        `INSERT INTO planning_jobs (kind, user_id, reasons, run_after, requested_at) VALUES ('recompute', $1, ARRAY[$2::text], $3, $4)
         ON CONFLICT ${WAITING_RECOMPUTE} DO UPDATE
            SET run_after = CASE WHEN $6 THEN LEAST(planning_jobs.run_after, EXCLUDED.run_after)
                                 ELSE LEAST(EXCLUDED.run_after, planning_jobs.requested_at + $5::float8 * interval '1 millisecond') END,
                reasons = CASE WHEN $2::text = ANY(planning_jobs.reasons) THEN planning_jobs.reasons ELSE planning_jobs.reasons || $2::text END`,
        { bind: [userId, reason, runAfter, requestedAt, opts.latestAfterFirstMs, opts.refinement] },
      );
    },

    /** When the account's newest recompute asked for any of `reasons` was (or is) due, or null. */
    async lastDue(userId: string, reasons: readonly string[]): Promise<Date | null> {
      const [row] = await select<{ due: Date | null }>(
        `SELECT max(run_after) AS due FROM planning_jobs WHERE kind = 'recompute' AND user_id = $1 AND reasons && $2::text[]`,
        [userId, reasons],
      );
      return row?.due ?? null;
    },

    /** One nightly job per account with an active appliance; existing ones are kept. Returns how many were added. */
    async enqueueNightly(runKey: string, runAt: Date): Promise<number> {
      const [row] = await select<{ added: number }>(
        `WITH added AS (
           INSERT INTO planning_jobs (kind, user_id, run_key, run_after, requested_at)
           SELECT 'nightly', user_id, $1, $2, $2 FROM (SELECT DISTINCT user_id FROM appliances WHERE is_active) a
           ON CONFLICT (run_key, user_id) WHERE kind = 'nightly' DO NOTHING
           RETURNING 1)
         SELECT count(*)::int AS added FROM added`,
        [runKey, runAt],
      );
      return row?.added ?? 0;
    },

    /**
     * Takes up to `limit` due jobs (recomputes first) for `workerId` with a lease until now +
     * leaseMs. A job whose lease ran out is due again. SKIP LOCKED: concurrent takers never
     * wait on each other and never take the same job.
     */
    async take(workerId: string, now: Date, leaseMs: number, limit: number, maxAttempts: number): Promise<PlanningJob[]> {
      const rows = await select<JobRow>(
        `WITH picked AS (
           SELECT id FROM planning_jobs
            WHERE finished_at IS NULL AND run_after <= $2 AND (locked_until IS NULL OR locked_until <= $2) AND attempts < $5
            ORDER BY kind = 'nightly', run_after, id
            LIMIT $4
            FOR UPDATE SKIP LOCKED)
         UPDATE planning_jobs j SET locked_by = $1, locked_until = $2::timestamptz + $3::float8 * interval '1 millisecond', attempts = j.attempts + 1
           FROM picked WHERE j.id = picked.id
         RETURNING j.id, j.kind, j.user_id, j.run_key, j.reasons, j.run_after, j.attempts`,
        [workerId, now, leaseMs, limit, maxAttempts],
      );
      return rows.map(toJob).sort((a, b) => a.id - b.id);
    },

    /**
     * Marks the job done inside the caller's transaction, only while `workerId` still holds it:
     * false when another worker took it over after this one's lease ran out (the caller then
     * rolls back, so the job's work is stored exactly once).
     */
    async finish(jobId: number, workerId: string, outcome: string, transaction?: Transaction): Promise<boolean> {
      const rows = await select<{ id: number }>(
        `UPDATE planning_jobs SET finished_at = now(), outcome = $3, locked_until = NULL
          WHERE id = $1 AND locked_by = $2 AND finished_at IS NULL RETURNING id`,
        [jobId, workerId, outcome],
        transaction,
      );
      return rows.length === 1;
    },

    /** Gives a failed job back: it is due again at `retryAt`. */
    async release(jobId: number, workerId: string, error: string, retryAt: Date): Promise<void> {
      await db.query(`UPDATE planning_jobs SET locked_until = $4, outcome = $3 WHERE id = $1 AND locked_by = $2 AND finished_at IS NULL`, {
        bind: [jobId, workerId, error, retryAt],
      });
    },

    /** Closes jobs that used all their attempts and whose last lease ran out; returns how many. */
    async abandonExhausted(now: Date, maxAttempts: number): Promise<number> {
      const [row] = await select<{ n: number }>(
        `WITH closed AS (
           UPDATE planning_jobs SET finished_at = now(), outcome = 'abandoned: ' || coalesce(outcome, 'lease expired')
            WHERE finished_at IS NULL AND attempts >= $2 AND locked_until <= $1 RETURNING 1)
         SELECT count(*)::int AS n FROM closed`,
        [now, maxAttempts],
      );
      return row?.n ?? 0;
    },

    /** Accounts of a nightly run: all, finished, and when it was enqueued. */
    async nightlyProgress(runKey: string): Promise<{ total: number; done: number; enqueuedAt: Date | null }> {
      const [row] = await select<{ total: number; done: number; enqueued_at: Date | null }>(
        `SELECT count(*)::int AS total, count(finished_at)::int AS done, min(created_at) AS enqueued_at
           FROM planning_jobs WHERE kind = 'nightly' AND run_key = $1`,
        [runKey],
      );
      return { total: row?.total ?? 0, done: row?.done ?? 0, enqueuedAt: row?.enqueued_at ?? null };
    },

    /**
     * Runs `fn` unless another instance holds the model-refit lock (then returns null). The lock is
     * held on a connection of its own, not a pooled one (store/session-lock.ts).
     */
    withRefitLock<T>(fn: () => Promise<T>): Promise<T | null> {
      return withSessionLock(db, REFIT_LOCK_KEY, fn);
    },

    /** Deletes jobs finished before `before`; returns how many. */
    async purgeFinished(before: Date): Promise<number> {
      const [row] = await select<{ n: number }>(
        `WITH gone AS (DELETE FROM planning_jobs WHERE finished_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        [before],
      );
      return row?.n ?? 0;
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
