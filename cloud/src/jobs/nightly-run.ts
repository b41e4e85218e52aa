import { log } from '../log.js';
import type { NightlyRunService } from '../services/nightly-run.js';

/** The nightly optimization window opens at this UTC hour (interface 8); the scheduler fires then. */
export const NIGHTLY_HOUR_UTC = 4;

/** The latest nightly instant at or before `now`: a start-up after 04:00 UTC catches up on today's run. */
export function latestNightlyAt(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_HOUR_UTC));
  if (at > now) at.setUTCDate(at.getUTCDate() - 1);
  return at;
}

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
