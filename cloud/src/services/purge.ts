// The daily purge of expired rows: refresh tokens and password reset links past their life, claim codes,
// delivered device commands and forecast pushes older than the retention. docs/schedules-and-recompute.md.
import type { Logger } from 'pino';
import { log } from '../log.js';
import type { PurgeCounts, Store } from '../store/index.js';
import { DAY_MS } from '../domain/time/durations.js';

/** Days expired claim codes, delivered commands and forecast pushes are kept by default (PURGE_RETENTION_DAYS). */
export const DEFAULT_PURGE_RETENTION_DAYS = 30;

export function createPurgeService(store: Store, deps: { retentionDays?: number; logger?: Logger } = {}) {
  const retentionDays = deps.retentionDays ?? DEFAULT_PURGE_RETENTION_DAYS;
  const logger = deps.logger ?? log('purge');
  return {
    /** Deletes what expired before `now` (refresh tokens, reset links) or before `now` less the retention (the rest). */
    async run(now: Date): Promise<PurgeCounts> {
      const counts = await store.purge.purgeExpired(now, new Date(now.getTime() - retentionDays * DAY_MS));
      logger.info(
        counts,
        `purge done refresh_tokens=${counts.refreshTokens} password_resets=${counts.passwordResets} claim_codes=${counts.claimCodes} commands=${counts.deliveredCommands} weather=${counts.weatherPushes}`,
      );
      return counts;
    },
  };
}

export type PurgeService = ReturnType<typeof createPurgeService>;
