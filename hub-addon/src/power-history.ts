// A power sensor's Home Assistant history as half-hour means (the first-start backfills of the
// whole-home power and of each solar array's production). Pure: compressed history rows in, means
// at the slot starts out.

/** One row of history/history_during_period's compressed answer: state and last_updated (epoch s). */
export interface HistoryRow {
  s: string;
  lu: number;
  a?: Record<string, unknown>;
}

/** One 30-minute UTC slot's time-weighted mean. */
export interface HalfHourMean {
  /** The slot's start (ms since the epoch). */
  startMs: number;
  watts: number;
}

export const SLOT_MS = 30 * 60_000;

/**
 * Time-weighted means of the sensor per 30-minute UTC slot in [fromMs, toMs) (both on slot
 * starts): each state holds until the next row, the last until `toMs`. `wattsOf` reads a state in
 * W, null for a gap (unavailable, unknown, out of range); a slot counts only when values cover at
 * least half of it.
 */
export function halfHourMeans(rows: readonly HistoryRow[], wattsOf: (state: string) => number | null, fromMs: number, toMs: number): HalfHourMean[] {
  const points = rows.map((r) => ({ at: Math.round(r.lu * 1000), w: wattsOf(r.s) })).sort((a, b) => a.at - b.at);
  const out: HalfHourMean[] = [];
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
    if (covered >= SLOT_MS / 2) out.push({ startMs: slot, watts: energy / covered });
  }
  return out;
}
