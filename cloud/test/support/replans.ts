// What the tests of re-plans from the measured state share: the service's default pacing and the
// planning jobs those re-plans enqueue.
import { MEASURED_CHANGES } from '../../src/domain/planning/plan-made.js';
import type { RunningCloud } from '../../src/server.js';
import { rows } from './readings.js';

/** The default minimum interval between two re-plans from the measured state of one account (REPLAN_MIN_INTERVAL_MS). */
export const MIN_INTERVAL_MS = 900_000;
/** The default debounce of a recompute request (RECOMPUTE_DEBOUNCE_MS). */
export const DEBOUNCE_MS = 3_000;

/** The account's planning jobs enqueued by a re-plan from the measured state, oldest first, with the changes that asked for each. */
export const measuredStateJobs = (cloud: RunningCloud, userId: string) =>
  rows<{ run_after: Date; finished_at: Date | null; reasons: string[] }>(
    cloud,
    `SELECT run_after, finished_at, reasons FROM planning_jobs WHERE user_id = $1 AND reasons && $2::text[] ORDER BY id`,
    [userId, MEASURED_CHANGES],
  );
