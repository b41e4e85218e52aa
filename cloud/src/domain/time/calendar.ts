// Pure calendar arithmetic on 'YYYY-MM-DD' dates and 'HH:MM' wall times. No time zones here:
// a LocalDate names a day on some local calendar; which zone it belongs to is the caller's business.
// Dates are converted to a day number (days since 1970-01-01) with integer civil-calendar formulas,
// which avoids the Date object's two-digit-year quirks and is allocation free.

/** A calendar date 'YYYY-MM-DD' on a local (zone-less) calendar. */
export type LocalDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether a year is a leap year in the proleptic Gregorian calendar. */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days in a month (1-12) of a given year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Strict 'YYYY-MM-DD' check that also requires a real calendar date (2025-02-30 is false). */
export function isIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil, valid for all years). */
export function dayNumberFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12; // March = 0, so the leap day is the last day of the "year"
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Civil date of a day number (inverse of dayNumberFromCivil). */
export function civilFromDayNumber(n: number): { year: number; month: number; day: number } {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: era * 400 + yoe + (month <= 2 ? 1 : 0), month, day };
}

/** Day number of a LocalDate; throws RangeError on a malformed or impossible date. */
export function dayNumberOf(date: LocalDate): number {
  if (!isIsoDate(date)) throw new RangeError(`Invalid date: ${JSON.stringify(date)}`);
  return dayNumberFromCivil(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
}

/** Formats civil fields as 'YYYY-MM-DD'; throws when the year leaves 0000-9999 (not representable). */
export function formatLocalDate(year: number, month: number, day: number): LocalDate {
  if (year < 0 || year > 9999) throw new RangeError(`Year out of range: ${year}`);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** LocalDate of a day number. */
export function localDateOfDayNumber(n: number): LocalDate {
  const { year, month, day } = civilFromDayNumber(n);
  return formatLocalDate(year, month, day);
}

/** The date `days` days after `date` (negative goes back). */
export function addDays(date: LocalDate, days: number): LocalDate {
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer: ${days}`);
  return localDateOfDayNumber(dayNumberOf(date) + days);
}

/** Whole days from a to b (b - a); positive when b is later. */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return dayNumberOf(b) - dayNumberOf(a);
}

/** Day of the week of a date, 0 = Sunday. */
export function weekdayOf(date: LocalDate): number {
  // 1970-01-01 was a Thursday (4); the double modulo keeps pre-1970 dates non-negative.
  return (((dayNumberOf(date) + 4) % 7) + 7) % 7;
}

/** Strict 'HH:MM' check, 00:00 to 23:59. */
export function isHhMm(s: string): boolean {
  return HH_MM.test(s);
}

/** Minutes since midnight of an 'HH:MM' time; throws RangeError on malformed input (validate first). */
export function minuteOfDay(hhmm: string): number {
  const m = HH_MM.exec(hhmm);
  if (!m) throw new RangeError(`Invalid HH:MM time: ${JSON.stringify(hhmm)}`);
  return Number(m[1]) * 60 + Number(m[2]);
}
