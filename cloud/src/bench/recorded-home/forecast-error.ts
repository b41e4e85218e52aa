// Next-day forecast error on the recorded home: the mean absolute error of each forecast's 48
// half-hour values (kW) against the day that followed, over the days every forecast could make.
import { weekdayOf } from '../../domain/time/calendar.js';
import { FORECASTS, type ForecastName, type Forecaster } from './forecasters.js';
import type { RecordedDay } from './recorded-load.js';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export interface ErrorTable {
  /** Mean absolute error, kW, per forecast: over the year and per weekday (index 0 = Sunday). */
  year: Record<ForecastName, number>;
  byWeekday: Record<ForecastName, number>[];
  days: number;
  daysByWeekday: number[];
}

const mae = (forecast: readonly number[], actual: readonly (number | null)[]) => {
  const pairs = actual.flatMap((a, s) => (a === null ? [] : [Math.abs(forecast[s]! - a)]));
  return pairs.reduce((x, y) => x + y, 0) / pairs.length;
};

/** A day counts when it was recorded in full and every forecast had something to say about it. */
export function forecastErrors(days: readonly RecordedDay[], forecast: Record<ForecastName, Forecaster>): ErrorTable {
  const zero = () => Object.fromEntries(FORECASTS.map((f) => [f, 0])) as Record<ForecastName, number>;
  const sums = Array.from({ length: 7 }, zero);
  const counts = Array(7).fill(0) as number[];
  days.forEach((day, index) => {
    if (day.kw.some((v) => v === null)) return;
    const made = FORECASTS.map((f) => forecast[f](index));
    if (made.some((m) => m === null)) return;
    const weekday = weekdayOf(day.date);
    FORECASTS.forEach((f, k) => (sums[weekday]![f] += mae(made[k]!, day.kw)));
    counts[weekday]! += 1;
  });
  const total = counts.reduce((a, b) => a + b, 0);
  const year = zero();
  for (const f of FORECASTS) year[f] = sums.reduce((s, w) => s + w[f], 0) / total;
  const byWeekday = sums.map((w, d) => Object.fromEntries(FORECASTS.map((f) => [f, w[f] / counts[d]!])) as Record<ForecastName, number>);
  return { year, byWeekday, days: total, daysByWeekday: counts };
}
