// The 48-slot local-day grid: every schedule, rate curve and comfort band is indexed by it.
// This is the one public module for time-zone arithmetic; import from here, not from the helpers
// it re-exports (calendar.ts: zone-less dates; zone-offset.ts: Intl-backed offsets).
// The DST rule for the grid is written up in slot-grid.md.
import { addDays, dayNumberOf, type LocalDate } from './calendar.js';
import { DAY_MS, MINUTE_MS, firstTransitionAfterMs, localParts, localDateOf, offsetMsAt } from './zone-offset.js';

export { type LocalDate, addDays, daysBetween, isHhMm, isIsoDate, minuteOfDay, weekdayOf } from './calendar.js';
export { isValidTimeZone, localDateOf, localParts, utcOffsetMinutes } from './zone-offset.js';

export const SLOTS_PER_DAY = 48;
export const SLOT_MINUTES = 30;
const SLOT_MS = SLOT_MINUTES * MINUTE_MS;

/** Current slot from local wall time: hour * 2 + (minute >= 30 ? 1 : 0) (the contract's formula). */
export function slotIndexOf(instant: Date, timeZone: string): number {
  const { hour, minute } = localParts(instant, timeZone);
  return hour * 2 + (minute >= 30 ? 1 : 0);
}

/** Epoch ms at which the local wall clock of `timeZone` reads `wallMs` (wall time encoded as UTC). */
function zonedMs(wallMs: number, timeZone: string): number {
  // A transition within a day of the wall time decides which offsets are candidates; with at most
  // one transition nearby, the offsets a day before and a day after are the only two possible.
  const early = offsetMsAt(timeZone, wallMs - DAY_MS);
  const late = offsetMsAt(timeZone, wallMs + DAY_MS);
  const byEarly = wallMs - early;
  if (offsetMsAt(timeZone, byEarly) === early) return byEarly; // also the first of a repeated time
  const byLate = wallMs - late;
  if (offsetMsAt(timeZone, byLate) === late) return byLate;
  // Neither maps back: the wall time was skipped by a forward jump, which lies in (byLate, byEarly].
  // The first instant after the gap is the transition itself.
  const jump = firstTransitionAfterMs(timeZone, byLate, 1);
  if (!jump) throw new RangeError(`No local time for ${wallMs} in ${timeZone}`);
  return jump.atMs;
}

/** Instant when the local clock reads `minuteOfDay` on `date`; skipped times give the gap's end, repeated times the first occurrence. */
export function zonedInstant(date: LocalDate, minuteOfDay: number, timeZone: string): Date {
  if (!Number.isInteger(minuteOfDay)) throw new RangeError(`minuteOfDay must be an integer: ${minuteOfDay}`);
  return new Date(zonedMs(dayNumberOf(date) * DAY_MS + minuteOfDay * MINUTE_MS, timeZone));
}

/** Epoch ms of the 48 slot starts of a local day plus the day's end (49 values). */
function slotEdgesMs(date: LocalDate, timeZone: string): number[] {
  const wall0 = dayNumberOf(date) * DAY_MS;
  const start = zonedMs(wall0, timeZone);
  const end = zonedMs(wall0 + DAY_MS, timeZone);
  const edges = new Array<number>(SLOTS_PER_DAY + 1);
  // Fast path: same offset at both ends of the day means no transition inside it (at most one a day).
  if (end - start === DAY_MS && offsetMsAt(timeZone, start) === offsetMsAt(timeZone, end - 1)) {
    for (let i = 0; i < SLOTS_PER_DAY; i++) edges[i] = start + i * SLOT_MS;
  } else {
    for (let i = 0; i < SLOTS_PER_DAY; i++) edges[i] = zonedMs(wall0 + i * SLOT_MS, timeZone);
  }
  edges[SLOTS_PER_DAY] = end;
  return edges;
}

/** The 48 slot start instants of a local day; slot i starts at zonedInstant(date, i * 30). */
export function slotStartsUtc(date: LocalDate, timeZone: string): Date[] {
  return slotEdgesMs(date, timeZone)
    .slice(0, SLOTS_PER_DAY)
    .map((ms) => new Date(ms));
}

/** First instant of a local day and first instant of the next one (end is exclusive). */
export function dayBoundsUtc(date: LocalDate, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedInstant(date, 0, timeZone),
    end: zonedInstant(addDays(date, 1), 0, timeZone),
  };
}

/** Real length in hours of each of the 48 slots; skipped slots are 0 and the slot before a fall-back lasts longer. */
export function slotDurationsHours(date: LocalDate, timeZone: string): number[] {
  const edges = slotEdgesMs(date, timeZone);
  const hours: number[] = [];
  for (let i = 0; i < SLOTS_PER_DAY; i++) hours.push(((edges[i + 1] ?? 0) - (edges[i] ?? 0)) / 3_600_000);
  return hours;
}

/** The grid slot whose [start, next start) holds the instant; unlike slotIndexOf it never revisits a slot during a repeated hour. */
export function slotIndexOnGrid(instant: Date, timeZone: string): number {
  const ms = instant.getTime();
  const edges = slotEdgesMs(localDateOf(instant, timeZone), timeZone);
  let index = 0;
  for (let i = 1; i < SLOTS_PER_DAY; i++) if ((edges[i] ?? Infinity) <= ms) index = i;
  return index;
}

/** Next UTC offset change strictly after `after` (to the second), or null within the horizon (366 days by default). */
export function nextTransition(after: Date, timeZone: string, horizonDays = 366): { atUtc: Date; utcOffsetMinutesAfter: number } | null {
  const found = firstTransitionAfterMs(timeZone, after.getTime(), horizonDays);
  if (!found) return null;
  return { atUtc: new Date(found.atMs), utcOffsetMinutesAfter: Math.round(found.afterMs / MINUTE_MS) };
}
