// Reading timestamps relative to the receiving clock.

/** How far ahead of the server clock a reading may be stamped (client clock skew). */
export const MAX_FUTURE_SKEW_MS = 15 * 60_000;

export const FUTURE_TIMESTAMP_DETAIL = 'timestamp must not be more than 15 minutes in the future';

/**
 * True when a reading is stamped too far ahead of `now`. A far-future reading would read as
 * "current" in link health for as long as it stays in the future, hiding a stalled pipeline.
 */
export function isTooFarInFuture(timestamp: Date, now: Date): boolean {
  return timestamp.getTime() - now.getTime() > MAX_FUTURE_SKEW_MS;
}
