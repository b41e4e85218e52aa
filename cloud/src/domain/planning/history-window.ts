// The date window of GET /api/v1/schedules/history.
import { addDays, daysBetween, isIsoDate, type LocalDate } from '../time/slot-grid.js';

/** end - start at most this many days, both dates inclusive. */
export const MAX_WINDOW_DAYS = 90;
/** start defaults to end minus this many days. */
export const DEFAULT_WINDOW_DAYS = 14;

/** The 400 details, in the order they are checked. */
export const WINDOW_DETAIL = {
  startNotDate: 'start must be ISO YYYY-MM-DD',
  endNotDate: 'end must be ISO YYYY-MM-DD',
  startAfterEnd: 'start must be <= end',
  windowTooLong: 'window exceeds 90 days',
} as const;

export type WindowResult = { ok: true; start: LocalDate; end: LocalDate } | { ok: false; detail: string };

const isDate = (v: unknown): v is LocalDate => typeof v === 'string' && isIsoDate(v);

/**
 * The window from the query: end defaults to the account's local today, start to end - 14. The
 * first failure wins: a malformed start, a malformed end, start after end, a window over 90 days.
 */
export function historyWindow(query: { start?: unknown; end?: unknown }, today: LocalDate): WindowResult {
  if (query.start !== undefined && !isDate(query.start)) return { ok: false, detail: WINDOW_DETAIL.startNotDate };
  if (query.end !== undefined && !isDate(query.end)) return { ok: false, detail: WINDOW_DETAIL.endNotDate };
  const end = (query.end as LocalDate | undefined) ?? today;
  const start = (query.start as LocalDate | undefined) ?? addDays(end, -DEFAULT_WINDOW_DAYS);
  if (start > end) return { ok: false, detail: WINDOW_DETAIL.startAfterEnd };
  if (daysBetween(start, end) > MAX_WINDOW_DAYS) return { ok: false, detail: WINDOW_DETAIL.windowTooLong };
  return { ok: true, start, end };
}
