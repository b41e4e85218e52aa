// Hourly weather series and their mapping onto the 48-slot local day. Every source (a hub push,
// the fallback feed) is turned into point samples one hour apart; a slot takes the value at its
// midpoint in real time, so DST days (23 or 25 hours, 0 h and 1.5 h slots) need no special case.
import { HOUR_MS } from '../time/durations.js';

export { HOUR_MS };

/** Point samples one hour apart: `values[k]` holds at `firstAt + k` hours; null is a gap. */
export interface HourlySeries {
  firstAt: Date;
  values: (number | null)[];
}

// A series still covers a slot whose midpoint lies this far before its first or after its last
// sample (the value is held): a push of hours 0..23 then covers the 23:30 slot of its day.
const EDGE_HOLD_MS = HOUR_MS;

/** The value at one instant: linear between the two samples around it, a lone sample when the other is a gap, null when uncovered. */
function valueAt(series: HourlySeries, ms: number): number | null {
  const { values } = series;
  const offset = ms - series.firstAt.getTime();
  const lastOffset = (values.length - 1) * HOUR_MS;
  if (values.length === 0 || offset < -EDGE_HOLD_MS || offset > lastOffset + EDGE_HOLD_MS) return null;
  const x = Math.min(Math.max(offset, 0), lastOffset) / HOUR_MS;
  const j = Math.floor(x);
  const frac = x - j;
  const a = values[j] ?? null;
  const b = frac > 0 ? (values[j + 1] ?? null) : a;
  if (a === null || b === null) return a ?? b;
  return a + (b - a) * frac;
}

/**
 * The series at each slot's midpoint (`slotStarts[i]` plus half of `slotHours[i]`), or null when
 * any slot is not covered: callers then take the next source for the whole day.
 */
export function seriesToSlots(series: HourlySeries, slotStarts: readonly Date[], slotHours: readonly number[]): number[] | null {
  const out: number[] = [];
  for (let i = 0; i < slotStarts.length; i++) {
    const v = valueAt(series, slotStarts[i]!.getTime() + ((slotHours[i] ?? 0) * HOUR_MS) / 2);
    if (v === null) return null;
    out.push(v);
  }
  return out;
}

/** The samples of a series at instants in [fromMs, toMs] (both inclusive), or null when none are. */
export function sliceSeries(series: HourlySeries, fromMs: number, toMs: number): HourlySeries | null {
  const firstMs = series.firstAt.getTime();
  const first = Math.max(0, Math.ceil((fromMs - firstMs) / HOUR_MS));
  const last = Math.min(series.values.length - 1, Math.floor((toMs - firstMs) / HOUR_MS));
  if (last < first) return null;
  return { firstAt: new Date(firstMs + first * HOUR_MS), values: series.values.slice(first, last + 1) };
}
