// The only place that knows when jobs run. Every rule is in UTC; the two daily times that also
// name a run (nightly, metrics) come from job-times.ts.
import schedule from 'node-schedule';
import type { Clock } from '../clock.js';
import { log } from '../log.js';
import type { Services } from '../services/index.js';
import { runDailyMetrics } from './daily-metrics.js';
import { DAILY_METRICS_AT, dailyCron, NIGHTLY_RUN_AT } from './job-times.js';
import { runNightly } from './nightly-run.js';
import { purgeExpired } from './purge-expired.js';
import { refreshPrices } from './refresh-prices.js';
import { refitModels } from './refit-models.js';

/** A recurring job: a cron rule in UTC and what to run. */
interface ScheduledJob {
  name: string;
  cron: string;
  run: (now: Date, signal: AbortSignal) => Promise<void>;
}

function jobsOf(services: Services): ScheduledJob[] {
  const prices = (now: Date, signal: AbortSignal) => refreshPrices(services, now, signal);
  return [
    // Hourly, so a market's tomorrow is stored (and its accounts re-plan over two days) within the
    // hour after it publishes; a day stored in full is not fetched again, a missing one is retried.
    { name: 'refresh-prices', cron: '5 * * * *', run: prices },
    // The nightly optimization window: every account's next local day is planned.
    { name: 'nightly-run', cron: dailyCron(NIGHTLY_RUN_AT), run: (now) => runNightly(services, now) },
    // Daily metrics and rankings of each account's local yesterday, after the nightly run.
    { name: 'daily-metrics', cron: dailyCron(DAILY_METRICS_AT), run: (now, signal) => runDailyMetrics(services, now, signal) },
    // Weekly, an hour before Sunday's nightly run, which then plans with the fresh models.
    { name: 'refit-models', cron: '0 3 * * 0', run: (now, signal) => refitModels(services, now, signal) },
    // Expired refresh tokens, old claim codes, delivered commands and forecast pushes, daily.
    { name: 'purge-expired', cron: '15 3 * * *', run: (now) => purgeExpired(services, now) },
  ];
}

/** Jobs that also run once at start-up: they only do what is missing (prices not stored yet, today's nightly run when no instance enqueued it). */
const RUN_AT_START = new Set(['refresh-prices', 'nightly-run', 'daily-metrics']);

/** How the jobs are timed: node-schedule on the system clock, or a ticker over an accelerated clock (the system tests). */
export type SchedulerTiming = { kind: 'system' } | { kind: 'accelerated'; clock: Clock; tickMs?: number };

/**
 * Registers every job and runs the start-up ones. Returns the stop function: it cancels the
 * schedule, aborts running jobs and resolves when they have settled.
 */
export function startScheduler(services: Services, timing: SchedulerTiming = { kind: 'system' }): () => Promise<void> {
  const jobLog = log('scheduler');
  const abort = new AbortController();
  const running = new Set<Promise<void>>();
  const launch = (job: ScheduledJob, now: Date) => {
    const run = job.run(now, abort.signal).finally(() => running.delete(run));
    running.add(run);
  };
  const jobs = jobsOf(services);
  const registered =
    timing.kind === 'system'
      ? jobs.map((job) => {
          const handle = schedule.scheduleJob({ rule: job.cron, tz: 'Etc/UTC' }, (fireDate) => launch(job, fireDate));
          jobLog.info({ job: job.name, cron: job.cron }, `job scheduled job=${job.name} cron="${job.cron}" tz=UTC`);
          return () => handle.cancel();
        })
      : [tickAccelerated(jobs, timing.clock, timing.tickMs ?? 100, launch)];
  const startedAt = timing.kind === 'system' ? new Date() : timing.clock();
  for (const job of jobs) if (RUN_AT_START.has(job.name)) launch(job, startedAt);
  return async () => {
    for (const cancel of registered) cancel();
    abort.abort();
    await Promise.allSettled([...running]);
  };
}

/**
 * Fires the jobs by an accelerated clock: every `tickMs` of real time, each simulated minute passed
 * since the last tick that matches a job's rule launches it with that minute as its fire date (as
 * node-schedule would at real speed). Returns the cancel function.
 */
function tickAccelerated(jobs: ScheduledJob[], clock: Clock, tickMs: number, launch: (job: ScheduledJob, at: Date) => void): () => void {
  const jobLog = log('scheduler');
  for (const job of jobs) jobLog.info({ job: job.name, cron: job.cron }, `job scheduled job=${job.name} cron="${job.cron}" tz=UTC (accelerated clock)`);
  let lastMinute = Math.floor(clock().getTime() / 60_000);
  const timer = setInterval(() => {
    const minute = Math.floor(clock().getTime() / 60_000);
    for (let m = lastMinute + 1; m <= minute; m++) {
      const at = new Date(m * 60_000);
      for (const job of jobs) if (cronMatches(job.cron, at)) launch(job, at);
    }
    lastMinute = Math.max(lastMinute, minute);
  }, tickMs);
  return () => clearInterval(timer);
}

/** Whether a five-field cron rule of numbers and `*` (the only kind this file writes) matches the UTC minute `at`. */
export function cronMatches(cron: string, at: Date): boolean {
  const fields = cron.trim().split(/\s+/);
  const values = [at.getUTCMinutes(), at.getUTCHours(), at.getUTCDate(), at.getUTCMonth() + 1, at.getUTCDay()];
  return fields.length === 5 && fields.every((f, i) => f === '*' || f.split(',').some((v) => Number(v) === values[i]));
}
