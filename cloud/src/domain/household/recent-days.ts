// The recent days' real loads behind a measured profile: the spread the home battery is
// planned for (planners/home-battery.md "Planning for the spread"). Same window, same measured
// days and same day-type rule as the profile (measured-profile.ts, docs/home-plan.md).
import { weekdayOf } from '../time/calendar.js';
import type { LocalDate } from '../time/slot-grid.js';
import { toSlotMeans } from './account-load.js';
import type { HouseholdLoad } from './load-source.js';
import { isWeekend, measuredDays, MIN_DAYS_PER_TYPE, WINDOW_DAYS, type SlotMean } from './measured-profile.js';

/**
 * The measured days of the WINDOW_DAYS before `date`, of its day type when it has at least
 * MIN_DAYS_PER_TYPE of them (else all), oldest first, 48 kW each; a slot a day has no reading for
 * takes `fillKw`'s value (the profile's).
 */
export function recentLoadDays(means: readonly SlotMean[], date: LocalDate, fillKw: readonly number[]): number[][] {
  const measured = measuredDays(means, date, WINDOW_DAYS).sort((a, b) => b.age - a.age);
  const weekend = isWeekend(weekdayOf(date));
  const sameType = measured.filter((d) => isWeekend(d.weekday) === weekend);
  const pool = sameType.length >= MIN_DAYS_PER_TYPE ? sameType : measured;
  return pool.map((d) => d.kw.map((kw, s) => Math.max(0, kw ?? fillKw[s] ?? 0)));
}

/** The recent days behind the account's load for `date` when it is measured, else null (a set or typical profile has no spread). */
export function householdLoadDaysFor(
  means: readonly { start: Date; meanWatts: number }[],
  load: HouseholdLoad,
  timeZone: string,
  date: LocalDate,
): number[][] | null {
  if (load.source !== 'measured') return null;
  return recentLoadDays(toSlotMeans(means, timeZone), date, load.loadKw48);
}
