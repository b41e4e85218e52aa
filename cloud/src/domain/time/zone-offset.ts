// UTC offsets of IANA time zones, read from the built-in Intl API (the only tz database we use).
//
// Intl is slow when used naively: constructing a DateTimeFormat costs ~40 us and formatToParts
// ~3 us. This module is on hot paths (thousands of calls per request), so it keeps one formatter
// per zone and memoises, per UTC day, either the single offset in force for that whole day or the
// one transition inside it. After warm-up an offset lookup is two Map reads.
//
// Assumption (true of every real zone in the modern tz database): at most one offset transition
// per UTC day. Transitions are found to the second, which is finer than "exact to the minute".
import { civilFromDayNumber, dayNumberFromCivil, formatLocalDate, type LocalDate } from './calendar.js';
import { DAY_MS, MINUTE_MS } from './durations.js';

export { DAY_MS, MINUTE_MS };

/** Offset facts for one UTC day [d, d+1]: one constant offset, or the one transition inside it. */
type DayInfo = number | { atMs: number; beforeMs: number; afterMs: number };

interface Zone {
  readonly fmt: Intl.DateTimeFormat;
  readonly days: Map<number, DayInfo>;
}

// Both caches are bounded and simply cleared on overflow: callers use a handful of zones and a few
// hundred days, so a crude eviction never triggers in practice but caps memory against odd input.
const MAX_ZONES = 512;
const MAX_DAYS_PER_ZONE = 1024;
const zones = new Map<string, Zone>();

// IANA names start with a letter; this also rejects offset ids such as '+05:00', which newer
// Intl implementations accept but which are not zones with rules.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** The cached zone record for a name; throws RangeError for a name Intl does not know. */
function zoneOf(timeZone: string): Zone {
  let zone = zones.get(timeZone);
  if (zone) return zone;
  if (!IANA_NAME.test(timeZone)) throw new RangeError(`Invalid time zone: ${JSON.stringify(timeZone)}`);
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23', // never '24:00' for midnight
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  if (zones.size >= MAX_ZONES) zones.clear();
  zone = { fmt, days: new Map() };
  zones.set(timeZone, zone);
  return zone;
}

/** Whether Intl knows this IANA time zone name ('UTC', 'America/New_York'; not '', 'Foo/Bar'). */
export function isValidTimeZone(name: string): boolean {
  try {
    zoneOf(name);
    return true;
  } catch {
    return false;
  }
}

/** Offset in ms at an instant, straight from Intl (slow path; Intl has one-second resolution). */
function exactOffsetMs(fmt: Intl.DateTimeFormat, ms: number): number {
  let year = 0,
    month = 1,
    day = 1,
    hour = 0,
    minute = 0,
    second = 0;
  for (const p of fmt.formatToParts(ms)) {
    switch (p.type) {
      case 'year':
        year = Number(p.value);
        break;
      case 'month':
        month = Number(p.value);
        break;
      case 'day':
        day = Number(p.value);
        break;
      case 'hour':
        hour = Number(p.value);
        break;
      case 'minute':
        minute = Number(p.value);
        break;
      case 'second':
        second = Number(p.value);
        break;
    }
  }
  const wallMs = dayNumberFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000;
  return wallMs - Math.floor(ms / 1000) * 1000;
}

/** Offset facts for UTC day d, memoised; a transition is located by bisection to the second. */
function dayInfo(zone: Zone, d: number): DayInfo {
  const cached = zone.days.get(d);
  if (cached !== undefined) return cached;
  // The window includes the next midnight so that a transition exactly at a UTC midnight is
  // attributed to the day that ends there rather than slipping between two "constant" days.
  let lo = d * DAY_MS;
  let hi = lo + DAY_MS;
  const beforeMs = exactOffsetMs(zone.fmt, lo);
  const endMs = exactOffsetMs(zone.fmt, hi);
  let info: DayInfo = beforeMs;
  if (endMs !== beforeMs) {
    // Invariant: offset(lo) === beforeMs, offset(hi) !== beforeMs; shrink to adjacent seconds.
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (exactOffsetMs(zone.fmt, mid) === beforeMs) lo = mid;
      else hi = mid;
    }
    info = { atMs: hi, beforeMs, afterMs: exactOffsetMs(zone.fmt, hi) };
  }
  if (zone.days.size >= MAX_DAYS_PER_ZONE) zone.days.clear();
  zone.days.set(d, info);
  return info;
}

/** Offset in ms (local minus UTC) in force at an epoch-ms instant. */
export function offsetMsAt(timeZone: string, ms: number): number {
  if (!Number.isFinite(ms)) throw new RangeError('Invalid instant');
  const info = dayInfo(zoneOf(timeZone), Math.floor(ms / DAY_MS));
  if (typeof info === 'number') return info;
  return ms < info.atMs ? info.beforeMs : info.afterMs;
}

/** First offset change strictly after `ms`, scanning whole UTC days up to `horizonDays` ahead. */
export function firstTransitionAfterMs(timeZone: string, ms: number, horizonDays: number): { atMs: number; afterMs: number } | null {
  if (!Number.isFinite(ms)) throw new RangeError('Invalid instant');
  const zone = zoneOf(timeZone);
  const first = Math.floor(ms / DAY_MS);
  for (let d = first; d <= first + horizonDays; d++) {
    const info = dayInfo(zone, d);
    if (typeof info !== 'number' && info.atMs > ms) return { atMs: info.atMs, afterMs: info.afterMs };
  }
  return null;
}

/** Signed UTC offset in minutes at an instant, e.g. -300 for New York in winter. */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  // Only pre-1900 local mean time offsets have seconds; round those to the nearest minute.
  return Math.round(offsetMsAt(timeZone, instant.getTime()) / MINUTE_MS);
}

/** Local wall-clock fields of an instant in a zone (month 1-12, weekday 0 = Sunday). */
export function localParts(instant: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; weekday: number } {
  const ms = instant.getTime();
  const localMs = ms + offsetMsAt(timeZone, ms);
  const dayNumber = Math.floor(localMs / DAY_MS);
  const minuteOfDay = Math.floor((localMs - dayNumber * DAY_MS) / MINUTE_MS);
  const { year, month, day } = civilFromDayNumber(dayNumber);
  const weekday = (((dayNumber + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  return { year, month, day, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60, weekday };
}

/** The local calendar date ('YYYY-MM-DD') of an instant in a zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const { year, month, day } = localParts(instant, timeZone);
  return formatLocalDate(year, month, day);
}
