// The next-day load forecasts compared on the recorded home: ours (the measured profile the
// plans use), and what peers default to: yesterday's load (persistence) and a 14-day per-slot
// median. Each sees only the days before the one it forecasts.
import { householdLoadFor } from '../../domain/household/account-load.js';
import { MIN_SLOTS_PER_DAY, windowStart } from '../../domain/household/measured-profile.js';
import { TYPICAL_HOUSEHOLD_LOAD_KW } from '../../domain/planning/household-load.js';
import { DAY_MS } from '../../domain/time/durations.js';
import { addDays, dayBoundsUtc, slotStartsUtc, SLOTS_PER_DAY, type LocalDate } from '../../domain/time/slot-grid.js';
import { median } from '../../domain/statistics.js';
import { meansBetween, TIME_ZONE, type HalfHourMean, type RecordedDay } from './recorded-load.js';

export type ForecastName = 'measured' | 'persistence' | 'median14' | 'typical';
export const FORECASTS: readonly ForecastName[] = ['measured', 'persistence', 'median14', 'typical'];

/**
 * A forecast for day `index` of `days`, or null when the method has nothing to go on; one that
 * follows the day is made at its slot `fromSlot` (default: at midnight).
 */
export type Forecaster = (index: number, fromSlot?: number) => number[] | null;

/** Fewer than this many values in a slot and the 14-day median has no forecast. */
const MIN_MEDIAN_DAYS = 3;

/**
 * Every forecaster over one recorded home; `means` must be sorted by start. `measuredTwoDays` is
 * the measured profile of the day and of the next (a two-day horizon's load) as the service makes
 * them at the day's slot `fromSlot`: today's from the days before it, tomorrow's from the readings
 * so far, in which today is one of tomorrow's measured days once it covers MIN_SLOTS_PER_DAY slots.
 */
export function forecasters(
  days: readonly RecordedDay[],
  means: readonly HalfHourMean[],
  timeZone = TIME_ZONE,
): Record<ForecastName, Forecaster> & { measuredTwoDays: Forecaster } {
  // The readings the cloud would load to plan day `index` at its slot `fromSlot`: from the
  // profile's window start to that slot's start.
  const windowUntil = (index: number, fromSlot: number) => {
    const { date } = days[index]!;
    const from = dayBoundsUtc(windowStart(date), timeZone).start;
    const until = fromSlot === 0 ? dayBoundsUtc(date, timeZone).start : slotStartsUtc(date, timeZone)[fromSlot]!;
    return meansBetween(means, new Date(from.getTime() - DAY_MS), until);
  };
  const measuredOn = (index: number, date: LocalDate, fromSlot = 0) => {
    const load = householdLoadFor(windowUntil(index, fromSlot), null, timeZone, date);
    return load.source === 'measured' ? load.loadKw48 : null;
  };
  let lastTwoDays: { index: number; upTo: number; load: number[] | null } | null = null;
  return {
    measured: (index) => measuredOn(index, days[index]!.date),
    measuredTwoDays: (index, fromSlot = 0) => {
      // Before today covers MIN_SLOTS_PER_DAY slots, the profiles are the midnight ones: made once.
      const upTo = fromSlot < MIN_SLOTS_PER_DAY ? 0 : fromSlot;
      if (lastTwoDays?.index !== index || lastTwoDays.upTo !== upTo) {
        const today = measuredOn(index, days[index]!.date);
        const tomorrow = measuredOn(index, addDays(days[index]!.date, 1), upTo);
        lastTwoDays = { index, upTo, load: today && tomorrow && [...today, ...tomorrow] };
      }
      return lastTwoDays.load;
    },
    persistence: (index) => {
      const yesterday = days[index - 1]?.kw;
      return yesterday && yesterday.every((v) => v !== null) ? (yesterday as number[]) : null;
    },
    median14: (index) => {
      const past = days.slice(Math.max(0, index - 14), index);
      const slots = Array.from({ length: SLOTS_PER_DAY }, (_, s) => past.flatMap((d) => (d.kw[s] == null ? [] : [d.kw[s]!])));
      return slots.every((v) => v.length >= MIN_MEDIAN_DAYS) ? slots.map(median) : null;
    },
    typical: () => [...TYPICAL_HOUSEHOLD_LOAD_KW],
  };
}
