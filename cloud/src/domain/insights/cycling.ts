// Short cycling: the compressor starting too often per running hour, for hours on end. Counted from
// the readings' running/resting state (readings pushed on every hvac_action change show each cycle;
// five-minute snapshots alone see at most one start per two readings).
import { readingDuty, type ThermalReading } from '../thermal/duty.js';
import { marginConfidence, type Hint } from './hint.js';

/** Starts per hour of the window from which a home cycles too often. */
export const SHORT_CYCLE_STARTS_PER_HOUR = 10;
/** Hours the rate must hold (a sliding window over the readings). */
export const SHORT_CYCLE_WINDOW_HOURS = 3;
/** Readings further apart than this break the count (a gap hides starts). */
const MAX_READING_GAP_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

const isRunning = (r: ThermalReading) => {
  const d = readingDuty(r, { cool: null, heat: null });
  return d.cool + d.heat > 0;
};

/** The first window of readings (in the last `recentMs`) where starts per hour reach the threshold, and the worst rate since. */
export function detectShortCycling(readings: readonly ThermalReading[], nowMs: number, recentMs: number): Hint | null {
  const sorted = readings.filter((r) => r.at.getTime() > nowMs - recentMs && r.at.getTime() <= nowMs).sort((a, b) => a.at.getTime() - b.at.getTime());
  const starts: number[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]!.at.getTime() - sorted[i - 1]!.at.getTime();
    if (gap <= MAX_READING_GAP_MS && isRunning(sorted[i]!) && !isRunning(sorted[i - 1]!)) starts.push(sorted[i]!.at.getTime());
  }
  const windowMs = SHORT_CYCLE_WINDOW_HOURS * HOUR_MS;
  let first: number | null = null;
  let worst = 0;
  for (let i = 0, j = 0; i < starts.length; i++) {
    while (starts[j]! < starts[i]! - windowMs) j++;
    const rate = (i - j + 1) / SHORT_CYCLE_WINDOW_HOURS;
    if (rate >= SHORT_CYCLE_STARTS_PER_HOUR) {
      first ??= starts[j]!;
      worst = Math.max(worst, rate);
    }
  }
  if (first == null) return null;
  const perHour = Math.round(worst * 10) / 10;
  return {
    kind: 'short_cycling',
    since: new Date(first),
    numbers: { starts_per_hour: perHour, threshold_starts_per_hour: SHORT_CYCLE_STARTS_PER_HOUR, window_hours: SHORT_CYCLE_WINDOW_HOURS },
    confidence: marginConfidence(worst, SHORT_CYCLE_STARTS_PER_HOUR, 2),
    advice: `The unit starts about ${Math.round(worst)} times an hour; have a technician check the refrigerant charge, the filter and the thermostat's placement, since short cycling wears the compressor.`,
  };
}
