import { log } from '../log.js';
import type { DailyMetricsJob } from '../services/daily-metrics-job.js';

/** The metrics job fires at this UTC time, 90 minutes after the 04:00 UTC nightly run opens (docs/metrics-and-rankings.md). */
export const METRICS_HOUR_UTC = 5;
export const METRICS_MINUTE_UTC = 30;

/** The latest scheduled instant at or before `now`: a start-up after 05:30 UTC catches up on that day's run. */
export function latestMetricsRunAt(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), METRICS_HOUR_UTC, METRICS_MINUTE_UTC));
  if (at > now) at.setUTCDate(at.getUTCDate() - 1);
  return at;
}

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
