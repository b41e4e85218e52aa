// The daily metrics job: materializes each account's figures of its local yesterday (or of a
// backfilled date range), batch by batch in account order, then the fleet's rankings.
// Idempotent: a batch replaces the stored rows of its account-days. Resumable: the run's cursor
// moves with each committed batch, so a run that stopped continues after the last one.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { addDays, daysBetween, type LocalDate } from '../domain/time/slot-grid.js';
import { log } from '../log.js';
import type { Store } from '../store/index.js';
import { computeBatch, type BatchResult } from './metrics-batch.js';
import { createDayContext } from './metrics-day-context.js';
import { localYesterday, materializeRankings } from './metrics-rankings.js';

export interface DailyMetricsOptions {
  /** Fixes each account's local yesterday (the scheduled run's day, and the last day a backfill computes). */
  now: Date;
  /** Backfill: every local day in [start, end], up to each account's yesterday. Omitted: yesterday only. */
  range?: { start: LocalDate; end: LocalDate };
  /** Recompute a run that already finished (a backfill always does). */
  restart?: boolean;
  /** Stops between batches; the run resumes from its cursor next time. */
  signal?: AbortSignal;
}

export interface DailyMetricsOutcome {
  runKey: string;
  /** done: computed and ranked; finished: already done earlier; busy: another worker holds it; stopped: aborted or lost its lease. */
  status: 'done' | 'finished' | 'busy' | 'stopped';
  /** Accounts worked by this call, account-days stored, wall time. */
  accounts: number;
  days: number;
  seconds: number;
}

export interface DailyMetricsConfig {
  defaultAdderCentsPerKwh: number;
  /** Account-days a batch holds (a backfill of n days takes this / n accounts per batch). */
  batchDays: number;
  /** How long a worker holds a run between batches before another may take it over. */
  leaseMs: number;
  minCohortHomes: number;
}

/** Batches computed at once by one run (a 2-core machine keeps both cores busy with two). */
const BATCHES_IN_FLIGHT = 2;

/** The run was taken over by another worker after this one's lease ran out. */
class LeaseLost extends Error {}

/** Finished runs are kept this long for inspection, then deleted by the next run. */
const KEEP_FINISHED_RUN_DAYS = 30;

/** How long a worker holds a run without committing a batch before another may take it over. */
export const METRICS_RUN_LEASE_MS = 10 * 60_000;

/** The run's identity: the scheduled instant, or the backfilled range. */
export const metricsRunKey = (opts: Pick<DailyMetricsOptions, 'now' | 'range'>): string =>
  opts.range ? `backfill:${opts.range.start}:${opts.range.end}` : `daily:${opts.now.toISOString()}`;

/** The local days an account computes: its yesterday, or the range's days up to its yesterday. */
function datesFor(opts: DailyMetricsOptions): (timeZone: string) => LocalDate[] {
  return (timeZone) => {
    const yesterday = localYesterday(opts.now, timeZone);
    if (!opts.range) return [yesterday];
    const dates: LocalDate[] = [];
    for (let d = opts.range.start; d <= opts.range.end && d <= yesterday; d = addDays(d, 1)) dates.push(d);
    return dates;
  };
}

/**
 * Computes page after page of accounts with BATCHES_IN_FLIGHT pages at once (one in PostgreSQL
 * while another is computed here) and commits them in page order, so a cursor moved by `commit`
 * never passes an account that is not stored. Stops between pages when `signal` aborts; the first
 * failure stops everything after it uncommitted.
 */
async function pipeline<T>(
  nextPage: () => Promise<string[]>,
  compute: (ids: string[]) => Promise<T>,
  commit: (ids: string[], result: T) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<void> {
  let committed: Promise<void> = Promise.resolve();
  const inFlight: Promise<void>[] = [];
  while (!signal?.aborted) {
    const ids = await nextPage();
    if (ids.length === 0) break;
    committed = Promise.all([compute(ids), committed]).then(([result]) => commit(ids, result));
    // Awaited below or by the next page; this only keeps a failure from counting as unhandled meanwhile.
    committed.catch(() => {});
    inFlight.push(committed);
    if (inFlight.length >= BATCHES_IN_FLIGHT) await inFlight.shift();
  }
  await committed;
}

/** The job over one store. */
export function createDailyMetricsJob(store: Store, config: DailyMetricsConfig, deps: { logger?: Logger } = {}) {
  const logger = deps.logger ?? log('daily-metrics');
  const workerId = randomUUID();

  return {
    /** Runs (or resumes) the job; resolves when it is done, skipped or stopped. */
    async run(opts: DailyMetricsOptions): Promise<DailyMetricsOutcome> {
      const startedAt = Date.now();
      const runKey = metricsRunKey(opts);
      if (opts.range && opts.range.start > opts.range.end) throw new RangeError(`backfill start ${opts.range.start} is after end ${opts.range.end}`);
      const outcome = (status: DailyMetricsOutcome['status'], accounts = 0, days = 0): DailyMetricsOutcome => ({
        runKey,
        status,
        accounts,
        days,
        seconds: (Date.now() - startedAt) / 1000,
      });

      await store.metricsRuns.purgeFinished(KEEP_FINISHED_RUN_DAYS);
      const claim = await store.metricsRuns.claim(runKey, workerId, config.leaseMs, Boolean(opts.range || opts.restart));
      if (claim.status !== 'claimed') {
        logger.info({ runKey, status: claim.status }, `metrics run ${runKey}: ${claim.status === 'busy' ? 'held by another worker' : 'already finished'}`);
        return outcome(claim.status);
      }
      const total = await store.metrics.countAccounts();
      const spanDays = opts.range ? daysBetween(opts.range.start, opts.range.end) + 1 : 1;
      const batchAccounts = Math.max(1, Math.floor(config.batchDays / spanDays));
      const context = createDayContext(store, config);
      const datesOf = datesFor(opts);
      let { done } = claim;
      let accounts = 0;
      let days = 0;
      logger.info({ runKey, total, resumedAt: done }, `metrics run ${runKey}: ${total} homes${done ? `, resuming after ${done}` : ''}`);

      /** Stores a computed batch and moves the cursor past it, in one transaction. */
      const commit = async (ids: string[], batch: BatchResult) => {
        const isHeld = await store.transaction(async (transaction) => {
          if (!(await store.metricsRuns.advance(runKey, workerId, config.leaseMs, ids.at(-1)!, done + ids.length, transaction))) return false;
          await store.metrics.replaceDays(batch.pairs, batch.days, batch.machines, new Date(), transaction);
          return true;
        });
        if (!isHeld) throw new LeaseLost();
        done += ids.length;
        accounts += ids.length;
        days += batch.days.length;
        const rate = Math.round(accounts / ((Date.now() - startedAt) / 1000));
        logger.info({ runKey, done, total, days, homesPerSecond: rate }, `metrics run ${runKey}: ${done}/${total} homes (${rate} homes/s)`);
      };

      let next = claim.cursor;
      const nextPage = async () => {
        const ids = await store.metrics.accountsAfter(next, batchAccounts);
        next = ids.at(-1) ?? next;
        return ids;
      };
      try {
        await pipeline(nextPage, (ids) => computeBatch(store, context, ids, datesOf), commit, opts.signal);
      } catch (err) {
        if (!(err instanceof LeaseLost)) {
          await store.metricsRuns.release(runKey, workerId);
          throw err;
        }
        logger.warn({ runKey }, `metrics run ${runKey}: lease lost to another worker, stopping`);
        return outcome('stopped', accounts, days);
      }
      if (opts.signal?.aborted) {
        await store.metricsRuns.release(runKey, workerId);
        logger.info({ runKey, done, total }, `metrics run ${runKey}: stopped at ${done}/${total} homes, will resume`);
        return outcome('stopped', accounts, days);
      }
      const ranked = await materializeRankings(store, opts.now, config.minCohortHomes);
      await store.metricsRuns.finish(runKey, workerId);
      const result = outcome('done', accounts, days);
      logger.info({ ...result, ranked }, `metrics run ${runKey}: done, ${accounts} homes, ${days} days, ${ranked} ranked in ${result.seconds.toFixed(1)} s`);
      return result;
    },
  };
}

export type DailyMetricsJob = ReturnType<typeof createDailyMetricsJob>;
