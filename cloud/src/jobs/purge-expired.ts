import { log } from '../log.js';
import type { PurgeService } from '../services/purge.js';

/** The daily purge of expired rows. Every instance may run it (deletes are idempotent). Never rejects. */
export async function purgeExpired(deps: { purge: PurgeService }, now: Date): Promise<void> {
  try {
    await deps.purge.run(now);
  } catch (err) {
    log('job.purge-expired').error({ err }, 'purge of expired rows failed');
  }
}
