// The daily reading ceiling: a runaway-loop safeguard shared by both readings endpoints, counted
// per account and UTC day of receipt. One appliance pushing every 5 minutes sends 288 a day; the
// default allowance (config READINGS_DAILY_LIMIT_PER_APPLIANCE = 1440) is five times that, so only
// a client stuck in a loop reaches it.
import { dayBoundsUtc, localDateOf, type LocalDate } from '../time/slot-grid.js';

/** The account's ceiling for a day: the allowance per active appliance, at least one appliance's worth. */
export function dailyCeiling(activeAppliances: number, perAppliance: number): number {
  return perAppliance * Math.max(1, activeAppliances);
}

/** The UTC day the counter of a reading received at `now` belongs to. */
export function ceilingDay(now: Date): LocalDate {
  return localDateOf(now, 'UTC');
}

/** Whole seconds (at least 1) until the counter resets at the next 00:00 UTC, for Retry-After. */
export function secondsUntilReset(now: Date): number {
  const { end } = dayBoundsUtc(ceilingDay(now), 'UTC');
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/** What a refused batch is told: the ceiling, how it was derived, today's use and the reset time. */
export function ceilingExceededDetail(c: { perAppliance: number; activeAppliances: number; storedToday: number; batch: number }): string {
  const ceiling = dailyCeiling(c.activeAppliances, c.perAppliance);
  const basis =
    c.activeAppliances === 0
      ? `${c.perAppliance} per active appliance; an account with no active appliance gets one appliance's worth`
      : `${c.perAppliance} per active appliance x ${c.activeAppliances} active appliance${c.activeAppliances === 1 ? '' : 's'}`;
  return (
    `Rate limit exceeded: at most ${ceiling} readings per day (${basis}); ` +
    `${c.storedToday} already stored today and this batch of ${c.batch} would exceed it; resets at 00:00 UTC`
  );
}
