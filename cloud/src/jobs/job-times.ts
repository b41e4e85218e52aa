// The UTC times of the two daily jobs whose instant also names their run (a start-up after the
// time catches up on that day's run). The scheduler builds their cron rules from these, and the
// jobs find "the latest run at or before now" from them, so each time is written once.

/** A time of day in UTC. */
export interface DailyTimeUtc {
  hour: number;
  minute: number;
}

/** The nightly optimization window opens at 04:00 UTC. */
export const NIGHTLY_RUN_AT: DailyTimeUtc = { hour: 4, minute: 0 };

/** Daily metrics: 90 minutes after the nightly run opens (docs/metrics-and-rankings.md). */
export const DAILY_METRICS_AT: DailyTimeUtc = { hour: 5, minute: 30 };

/** The cron rule firing every day at `at`. */
export const dailyCron = (at: DailyTimeUtc): string => `${at.minute} ${at.hour} * * *`;

/** The latest instant at `at` at or before `now`. */
export function latestDailyAt(now: Date, at: DailyTimeUtc): Date {
  const instant = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), at.hour, at.minute));
  if (instant > now) instant.setUTCDate(instant.getUTCDate() - 1);
  return instant;
}
