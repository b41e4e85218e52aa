// Calendar helpers for market-local timestamps (hour-beginning/ending labels in an ISO's zone).
import type { PricePoint } from '../price-point.js';
import { dayBoundsUtc, localParts, type LocalDate } from '../../time/slot-grid.js';
import { HOUR_MS } from '../../time/durations.js';

export { addDays } from '../../time/slot-grid.js';

/** One hour in milliseconds. */
export { HOUR_MS };

/** The price of the market hour that starts at `startUtc`, $/MWh as published. */
export const hourlyPoint = (startUtc: Date, pricePerMwh: number): PricePoint => ({ startUtc, endUtc: new Date(startUtc.getTime() + HOUR_MS), pricePerMwh });

/** 'YYYY-MM-DD' → 'YYYYMMDD', the compact form most ISO URLs use. */
export function compactDate(date: LocalDate): string {
  return date.replaceAll('-', '');
}

/** An instant as 'YYYYMMDDHHmm' in UTC (ENTSO-E period parameters). */
export function compactUtcMinute(instant: Date): string {
  return instant.toISOString().slice(0, 16).replace(/[-:T]/g, '');
}

/** The UTC start of each local clock hour of a market day, in order, with its local hour. */
export function localHourStarts(date: LocalDate, timeZone: string): { utc: Date; hour: number }[] {
  // Walking whole UTC hours across the local day yields 23, 24 or 25 entries on DST days;
  // all zones used here have whole-hour offsets, so each entry is a local clock hour.
  const { start, end } = dayBoundsUtc(date, timeZone);
  const out: { utc: Date; hour: number }[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += HOUR_MS) {
    const utc = new Date(t);
    out.push({ utc, hour: localParts(utc, timeZone).hour });
  }
  return out;
}

/**
 * UTC start of local hour `hour` (0-23, hour-beginning) on a market day; `occurrence` 1 picks the
 * repeated hour of a fall-back day. Undefined when that wall-clock hour does not exist.
 */
export function localHourStartUtc(date: LocalDate, hour: number, timeZone: string, occurrence = 0): Date | undefined {
  return localHourStarts(date, timeZone).filter((h) => h.hour === hour)[occurrence]?.utc;
}

/** 'MM/DD/YYYY' → 'YYYY-MM-DD', or undefined when the text is not in that form. */
export function usDateToLocal(text: string): LocalDate | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return m ? `${m[3]}-${m[1]}-${m[2]}` : undefined;
}
