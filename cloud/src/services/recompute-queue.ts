// The planning job queue: debounced recomputes requested by planning events, and nightly jobs,
// both rows in planning_jobs that any instance's worker takes with FOR UPDATE SKIP LOCKED under a
// lease. docs/schedules-and-recompute.md "Triggers".
import { createHash, randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../clock.js';
import { DatabaseUnavailableError } from '../errors.js';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { log } from '../log.js';
import type { PlanningJob, Store } from '../store/index.js';
import { planningChangesOf } from '../domain/planning/plan-made.js';
import { PACED, REFINEMENTS, type PlanningChange, type PlanningEvents } from './planning-events.js';
import type { RecomputeService, RecomputeTarget } from './recompute.js';

export interface RecomputeQueueConfig {
  /** A burst of changes within this long gives one recompute. */
  debounceMs: number;
  /** How long a taken job is held before another worker may take it again. */
  leaseMs: number;
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** Worker loops per instance (each holds at most one database connection at a time). */
  concurrency: number;
  /** Jobs taken at once by one loop; their inputs are loaded with one set of queries. */
  batchSize: number;
  /** A refinement (planning-events.ts REFINEMENTS) waits the debounce plus the account's offset in [0, this). */
  refinementSpreadMs: number;
  /** A paced re-plan (planning-events.ts PACED) is due no sooner than this after the account's previous one. */
  pacedMinIntervalMs: number;
}

/** A recompute waits at most this many debounce periods after the first change, however many follow. */
export const MAX_DEBOUNCE_PERIODS = 10;
/** A job is given up after this many attempts. */
export const MAX_ATTEMPTS = 5;
/** A failed job is retried after attempts x this. */
const RETRY_STEP_MS = 30_000;
/** At most one progress line per run this often (and one when the run completes). */
const PROGRESS_EVERY_MS = 5_000;

/** The account's fixed place in a spread of `spreadMs`: the same every day, different across accounts. */
export function spreadOffsetMs(userId: string, spreadMs: number): number {
  return Math.floor((createHash('sha256').update(userId).digest().readUInt32BE(0) / 2 ** 32) * spreadMs);
}

/** Creates the queue and subscribes it to planning events (enqueueing works whether or not this instance runs the worker). */
export function createRecomputeQueue(
  store: Store,
  deps: { recompute: Pick<RecomputeService, 'planAccounts'>; planningEvents: PlanningEvents; config: RecomputeQueueConfig; logger?: Logger; clock?: Clock },
) {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? log('planning-jobs');
  const instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pending = new Set<Promise<void>>();
  const lastProgress = new Map<string, number>();
  let loop: { stop: () => Promise<void> } | undefined;

  /**
   * Asks for a debounced recompute of the account; never throws (a failure is logged). A
   * refinement is requested at the account's offset into the spread (its debounce, and the cap on
   * how far later saves move it, count from there) and never delays a recompute already waiting.
   */
  function request(userId: string, reason: PlanningChange | string, now = clock()): Promise<void> {
    const refinement = REFINEMENTS.has(reason);
    const requestedAt = new Date(now.getTime() + (refinement ? spreadOffsetMs(userId, config.refinementSpreadMs) : 0));
    const debounced = new Date(requestedAt.getTime() + config.debounceMs);
    // A paced re-plan waits out the minimum interval after the account's previous one.
    const dueAt = async () => {
      if (!PACED.has(reason)) return debounced;
      const last = await store.jobs.lastDue(userId, [...PACED]);
      return last && last.getTime() + config.pacedMinIntervalMs > debounced.getTime() ? new Date(last.getTime() + config.pacedMinIntervalMs) : debounced;
    };
    const done = dueAt()
      .then((runAfter) =>
        store.jobs.requestRecompute(userId, reason, requestedAt, runAfter, {
          latestAfterFirstMs: config.debounceMs * MAX_DEBOUNCE_PERIODS,
          refinement: refinement || PACED.has(reason),
        }),
      )
      .catch((err: unknown) => logger.error({ err, userId, reason }, `recompute request failed user=${userId} reason=${reason}`))
      .finally(() => pending.delete(done));
    pending.add(done);
    return done;
  }
  deps.planningEvents.subscribe((userId, reason) => void request(userId, reason));

  /**
   * Logs `nightly run: 1200/2000 accounts, 85.3 accounts/s` at most every 5 s, and at the end. The
   * rate is over wall-clock time since the run was enqueued, whatever clock the planning uses.
   */
  async function logProgress(runKey: string): Promise<void> {
    const { total, done, enqueuedAt } = await store.jobs.nightlyProgress(runKey);
    const wall = Date.now();
    const last = lastProgress.get(runKey) ?? 0;
    // Infinity: the end was logged already (by another loop of this worker).
    if (last === Infinity || (done < total && wall - last < PROGRESS_EVERY_MS)) return;
    lastProgress.set(runKey, done >= total ? Infinity : wall);
    const seconds = enqueuedAt ? Math.max(0.001, (wall - new Date(enqueuedAt).getTime()) / 1000) : 0;
    const rate = seconds > 0 ? done / seconds : 0;
    logger.info({ runKey, done, total, accountsPerSecond: Number(rate.toFixed(1)) }, `nightly run: ${done}/${total} accounts, ${rate.toFixed(1)} accounts/s`);
  }

  /** Takes one batch and works it; returns how many jobs it took. */
  async function runBatch(workerId: string, now: Date): Promise<number> {
    const jobs = await store.jobs.take(workerId, now, config.leaseMs, config.batchSize, MAX_ATTEMPTS);
    if (jobs.length === 0) return 0;
    const targets: RecomputeTarget[] = jobs.map((job) => ({
      userId: job.userId,
      trigger: job.kind === 'nightly' ? 'nightly' : 'debounced',
      changes: planningChangesOf(job.reasons),
      ...(job.kind === 'nightly' && { runAt: job.runAfter }),
      job: { job, workerId },
    }));
    let outcomes: PromiseSettledResult<unknown>[];
    try {
      outcomes = await deps.recompute.planAccounts(targets, now);
    } catch (reason) {
      outcomes = jobs.map(() => ({ status: 'rejected', reason }) as const);
    }
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status === 'fulfilled') continue;
      await giveBack(jobs[i]!, workerId, outcome.reason, now);
    }
    for (const runKey of new Set(jobs.flatMap((j) => (j.runKey ? [j.runKey] : [])))) await logProgress(runKey);
    return jobs.length;
  }

  async function giveBack(job: PlanningJob, workerId: string, reason: unknown, now: Date): Promise<void> {
    const message = reason instanceof Error ? reason.message : String(reason);
    logger.error(
      { err: reason, jobId: job.id, userId: job.userId, attempt: job.attempts },
      `planning job failed job=${job.id} user=${job.userId} attempt=${job.attempts}: ${message}`,
    );
    await store.jobs.release(job.id, workerId, message.slice(0, 500), new Date(now.getTime() + job.attempts * RETRY_STEP_MS)).catch((err: unknown) => {
      logger.error({ err, jobId: job.id }, 'planning job could not be given back; its lease will run out');
    });
  }

  /**
   * Works every due job with `concurrency` loops until none is left (or `signal` aborts, between
   * batches); returns how many were taken. `now` fixes the clock (tests); by default each batch
   * reads the clock.
   */
  async function runDue(now?: Date, signal?: AbortSignal): Promise<number> {
    await store.jobs.abandonExhausted(now ?? clock(), MAX_ATTEMPTS);
    const counts = await Promise.all(
      Array.from({ length: Math.max(1, config.concurrency) }, async (_, i) => {
        let taken = 0;
        while (!signal?.aborted) {
          const n = await runBatch(`${instanceId}#${i}`, now ?? clock());
          if (n === 0) break;
          taken += n;
        }
        return taken;
      }),
    );
    return counts.reduce((a, b) => a + b, 0);
  }

  return {
    request,
    runDue,

    /** Resolves when every request made so far is stored (tests). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /** Starts this instance's worker: polls for due jobs every pollMs. */
    start(): void {
      if (loop) return;
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<unknown> = Promise.resolve();
      // A database outage is said once when it starts and once when it ends, not at every poll.
      let databaseDown = false;
      const tick = () => {
        running = runDue(undefined, abort.signal)
          .then(() => {
            if (databaseDown) logger.info('planning worker resumed: database reachable again');
            databaseDown = false;
          })
          .catch((err: unknown) => {
            if (!(err instanceof DatabaseUnavailableError)) return logger.error({ err }, 'planning worker poll failed');
            if (!databaseDown) logger.warn({ reason: err.message }, 'planning worker paused: database unavailable');
            databaseDown = true;
          })
          .finally(() => {
            if (!abort.signal.aborted) timer = setTimeout(tick, config.pollMs);
          });
      };
      tick();
      loop = {
        stop: async () => {
          abort.abort();
          clearTimeout(timer);
          await running;
        },
      };
      logger.info({ concurrency: config.concurrency, batchSize: config.batchSize }, `planning worker started id=${instanceId}`);
    },

    /** Stops the worker after the batches in progress; their jobs are stored or given back. */
    async stop(): Promise<void> {
      await loop?.stop();
      loop = undefined;
      await Promise.all([...pending]);
    },
  };
}

export type RecomputeQueue = ReturnType<typeof createRecomputeQueue>;
