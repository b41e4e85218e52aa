import { log } from '../log.js';
import { DAILY_METRICS_AT, latestDailyAt } from './job-times.js';
import type { DailyMetricsJob } from '../services/daily-metrics-job.js';

/** The latest scheduled instant at or before `now`: a start-up after the run's time catches up on that day's run. */
export const latestMetricsRunAt = (now: Date): Date => latestDailyAt(now, DAILY_METRICS_AT);

/**
 * The daily metrics run of `now`'s scheduled instant: each account's local yesterday, then the
 * rankings. A finished run is not repeated; an unfinished one resumes. Never rejects.
 */
export async function runDailyMetrics(deps: { dailyMetrics: DailyMetricsJob }, now: Date, signal: AbortSignal): Promise<void> {
  try {
    await deps.dailyMetrics.run({ now: latestMetricsRunAt(now), signal });
  } catch (err) {
    log('job.daily-metrics').error({ err }, 'daily metrics run failed');
  }
}
