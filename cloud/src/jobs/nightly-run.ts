import { log } from '../log.js';
import { latestDailyAt, NIGHTLY_RUN_AT } from './job-times.js';
import type { NightlyRunService } from '../services/nightly-run.js';

/** The latest nightly instant at or before `now`: a start-up after the run's time catches up on today's run. */
export const latestNightlyAt = (now: Date): Date => latestDailyAt(now, NIGHTLY_RUN_AT);

/**
 * The nightly run: enqueues one planning job per account for the run of `now` (idempotent, so
 * every instance may do it, and a start-up repeats it harmlessly); the planning workers of all
 * instances then work the jobs and log progress. Never rejects.
 */
export async function runNightly(deps: { nightlyRun: NightlyRunService }, now: Date): Promise<void> {
  try {
    await deps.nightlyRun.enqueue(latestNightlyAt(now));
  } catch (err) {
    log('job.nightly-run').error({ err }, 'nightly run could not be enqueued');
  }
}
