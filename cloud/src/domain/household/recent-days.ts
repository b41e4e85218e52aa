// The recent days' real loads behind a measured profile (issue 20): the spread the home battery is
// planned for (planners/home-battery.md "Planning for the spread"). Same window, same measured
// days and same day-type rule as the profile (measured-profile.ts, docs/home-plan.md).
import { daysBetween, weekdayOf } from '../time/calendar.js';
import type { LocalDate } from '../time/slot-grid.js';
import { toSlotMeans } from './account-load.js';
import type { HouseholdLoad } from './load-source.js';
import { MIN_DAYS_PER_TYPE, MIN_SLOTS_PER_DAY, SLOTS, WINDOW_DAYS, type SlotMean } from './measured-profile.js';

const isWeekend = (date: LocalDate) => [0, 6].includes(weekdayOf(date));

/** The measured days (MIN_SLOTS_PER_DAY or more slots) of the WINDOW_DAYS before `date`, oldest first, with their slot values. */
export function measuredDaysBefore(means: readonly SlotMean[], date: LocalDate): [LocalDate, (number | null)[]][] {
  const byDay = new Map<LocalDate, (number | null)[]>();
  for (const m of means) {
    const age = daysBetween(m.date, date);
    if (age < 1 || age > WINDOW_DAYS || m.slot < 0 || m.slot >= SLOTS || !Number.isFinite(m.kw)) continue;
    const day = byDay.get(m.date) ?? new Array<number | null>(SLOTS).fill(null);
    day[m.slot] = m.kw;
    byDay.set(m.date, day);
  }
  return [...byDay].filter(([, slots]) => slots.filter((v) => v !== null).length >= MIN_SLOTS_PER_DAY).sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * The measured days before `date`, of its day type when it has at least MIN_DAYS_PER_TYPE of them
 * (else all), oldest first, 48 kW each; a slot a day has no reading for takes `fillKw`'s value
 * (the profile's).
 */
export function recentLoadDays(means: readonly SlotMean[], date: LocalDate, fillKw: readonly number[]): number[][] {
  const measured = measuredDaysBefore(means, date);
  const sameType = measured.filter(([d]) => isWeekend(d) === isWeekend(date));
  const pool = sameType.length >= MIN_DAYS_PER_TYPE ? sameType : measured;
  return pool.map(([, slots]) => slots.map((kw, s) => Math.max(0, kw ?? fillKw[s] ?? 0)));
}

/** The recent days behind the account's load for `date` when it is measured, else null (a set or typical profile has no spread). */
export function householdLoadDaysFor(means: readonly { start: Date; meanWatts: number }[], load: HouseholdLoad, timeZone: string, date: LocalDate): number[][] | null {
  if (load.source !== 'measured') return null;
  return recentLoadDays(toSlotMeans(means, timeZone), date, load.loadKw48);
}
