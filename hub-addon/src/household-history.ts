// The household power sensor's Home Assistant history as half-hour means (the first-start
// backfill). Pure: compressed history rows in, readings at the slot starts out.
import type { HouseholdLoadReading } from './readings.js';
import { powerW } from './readings.js';

/** One row of history/history_during_period's compressed answer: state and last_updated (epoch s). */
export interface HistoryRow {
  s: string;
  lu: number;
  a?: Record<string, unknown>;
}

export const SLOT_MS = 30 * 60_000;
const MAX_W = 100_000;

/**
 * Time-weighted means of the sensor per 30-minute UTC slot in [fromMs, toMs) (both on slot
 * starts): each state holds until the next row. A slot counts only when a numeric state covers
 * at least half of it (unavailable/unknown are gaps); values are converted to W with `unit`.
 */
export function halfHourMeans(rows: readonly HistoryRow[], unit: unknown, fromMs: number, toMs: number): HouseholdLoadReading[] {
  const points = rows.map((r) => ({ at: Math.round(r.lu * 1000), w: powerW(r.s, unit) })).sort((a, b) => a.at - b.at);
  const out: HouseholdLoadReading[] = [];
  for (let slot = fromMs; slot < toMs; slot += SLOT_MS) {
    const end = slot + SLOT_MS;
    let energy = 0;
    let covered = 0;
    for (let i = 0; i < points.length; i++) {
      const p = points[i]!;
      const until = Math.min(points[i + 1]?.at ?? toMs, end);
      const from = Math.max(p.at, slot);
      if (until <= from || p.w === null) continue;
      energy += p.w * (until - from);
      covered += until - from;
    }
    if (covered < SLOT_MS / 2) continue;
    const mean = energy / covered;
    if (mean >= 0 && mean <= MAX_W) out.push({ timestamp: new Date(slot).toISOString(), value: Math.round(mean) });
  }
  return out;
}
