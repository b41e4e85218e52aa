// The nightly run: at 04:00 UTC every instance enqueues one planning job per account (the same
// run adds nothing twice); the workers of all instances then plan each account's next local day.
import type { Logger } from 'pino';
import { log } from '../log.js';
import type { Store } from '../store/index.js';

/** Finished jobs are kept this long for inspection, then deleted by the next run. */
const KEEP_FINISHED_MS = 7 * 86_400_000;

/** The id of the run firing at `runAt`: its UTC date (one run a day). */
export const nightlyRunKey = (runAt: Date): string => `nightly:${runAt.toISOString().slice(0, 10)}`;

export function createNightlyRunService(store: Store, deps: { logger?: Logger } = {}) {
  const logger = deps.logger ?? log('nightly-run');
  return {
    /**
     * Enqueues the run: one job per account with an active appliance, due at `runAt` (which also
     * fixes each account's planned day). Idempotent per run. Returns the run key and counts.
     */
    async enqueue(runAt: Date): Promise<{ runKey: string; added: number; total: number }> {
      const runKey = nightlyRunKey(runAt);
      const purged = await store.jobs.purgeFinished(new Date(runAt.getTime() - KEEP_FINISHED_MS));
      const added = await store.jobs.enqueueNightly(runKey, runAt);
      const { total } = await store.jobs.nightlyProgress(runKey);
      logger.info({ runKey, added, total, purged }, `nightly run ${runKey}: ${added} accounts enqueued (${total} in the run)`);
      return { runKey, added, total };
    },

    /** Accounts of a run: all and finished. */
    progress: (runKey: string) => store.jobs.nightlyProgress(runKey),
  };
}

export type NightlyRunService = ReturnType<typeof createNightlyRunService>;
