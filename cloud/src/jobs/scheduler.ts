// The only place that knows when jobs run. Every rule is in UTC.
import schedule from 'node-schedule';
import { log } from '../log.js';
import type { Services } from '../services/index.js';
import { runDailyMetrics } from './daily-metrics.js';
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
    // Day-ahead prices for tomorrow are out everywhere by then (the last, CAISO, ~13:00 PT).
    { name: 'refresh-prices', cron: '0 22 * * *', run: prices },
    // Picks up a market that published late or failed at 22:00, before the 04:00 UTC nightly run.
    { name: 'refresh-prices-retry', cron: '30 23 * * *', run: prices },
    // The nightly optimization window (interface 8): every account's next local day is planned.
    { name: 'nightly-run', cron: '0 4 * * *', run: (now) => runNightly(services, now) },
    // Daily metrics and rankings of each account's local yesterday, after the nightly run.
    { name: 'daily-metrics', cron: '30 5 * * *', run: (now, signal) => runDailyMetrics(services, now, signal) },
    // Weekly, an hour before Sunday's nightly run, which then plans with the fresh models.
    { name: 'refit-models', cron: '0 3 * * 0', run: (now, signal) => refitModels({ modelRefit: services.modelRefit, jobs: services.store.jobs }, now, signal) },
    // Expired refresh tokens, old claim codes, delivered commands and forecast pushes, daily.
    { name: 'purge-expired', cron: '15 3 * * *', run: (now) => purgeExpired(services, now) },
  ];
}

/** Jobs that also run once at start-up: they only do what is missing (prices not stored yet, today's nightly run when no instance enqueued it). */
const RUN_AT_START = new Set(['refresh-prices', 'nightly-run', 'daily-metrics']);

/**
 * Registers every job and runs the start-up ones. Returns the stop function: it cancels the
 * schedule, aborts running jobs and resolves when they have settled.
 */
export function startScheduler(services: Services): () => Promise<void> {
  const jobLog = log('scheduler');
  const abort = new AbortController();
  const running = new Set<Promise<void>>();
  const launch = (job: ScheduledJob, now: Date) => {
    const run = job.run(now, abort.signal).finally(() => running.delete(run));
    running.add(run);
  };
  const registered = jobsOf(services).map((job) => {
    const handle = schedule.scheduleJob({ rule: job.cron, tz: 'Etc/UTC' }, (fireDate) => launch(job, fireDate));
    jobLog.info({ job: job.name, cron: job.cron }, `job scheduled job=${job.name} cron="${job.cron}" tz=UTC`);
    if (RUN_AT_START.has(job.name)) launch(job, new Date());
    return handle;
  });
  return async () => {
    for (const handle of registered) handle.cancel();
    abort.abort();
    await Promise.allSettled([...running]);
  };
}
