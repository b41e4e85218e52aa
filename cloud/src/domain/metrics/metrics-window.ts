// Date windows of the metrics endpoints.
import { historyWindow, type WindowResult } from '../planning/history-window.js';
import { addDays, isIsoDate, type LocalDate } from '../time/slot-grid.js';

/** Default of the summary and rankings `window`, and of the daily range (start = end minus this). */
export const DEFAULT_METRICS_WINDOW_DAYS = 30;

/**
 * The daily endpoint's range: end defaults to the account's local today, start to end minus 30
 * days; the history rules apply (malformed start, malformed end, start after end, over 90 days).
 */
export function dailyWindow(query: { start?: unknown; end?: unknown }, today: LocalDate): WindowResult {
  const end = query.end ?? today;
  const start = query.start ?? (typeof end === 'string' && isIsoDate(end) ? addDays(end, -DEFAULT_METRICS_WINDOW_DAYS) : undefined);
  return historyWindow({ start, end }, today);
}

/** First day of a trailing window of `days` days ending on `latest` (both included). */
export const windowStart = (latest: LocalDate, days: number): LocalDate => addDays(latest, -(days - 1));
