// When the indoor temperature says an HVAC's plan no longer holds: the mean reading of the half
// hour a plan starts from (thermal/current-temperature.ts) lies outside the plan's 80 % prediction
// band for the current slot, widened (an 80 % band is left by one reading in five by design), so the
// rest of the day is re-planned from it
// (docs/schedules-and-recompute.md "Re-plans from the measured state").
import { SLOTS_PER_DAY } from '../time/slot-grid.js';
/**
 * Each side of the 80 % band is widened by this factor around the predicted temperature: the
 * ratio of the normal quantiles of a 95 % and an 80 % central interval (1.960 / 1.282). A plan's
 * misses have heavier tails than a normal error's, so the widened band holds less than 95 % of
 * them (docs/benchmarks.md).
 */
export const BAND_95_FROM_80 = 1.96 / 1.2816;

/** What a schedule row predicts per slot end (48 values each); absent or malformed arrays say nothing. */
export interface PredictedTemperatures {
  /** The slot the row was planned from, and the indoor temperature it started from there. */
  from_slot?: unknown;
  start_temp_f?: unknown;
  temp_trajectory?: unknown;
  trajectory_low_temps?: unknown;
  trajectory_high_temps?: unknown;
}

const at = (values: unknown, slot: number): number | null => {
  const v = Array.isArray(values) ? (values as unknown[])[slot] : undefined;
  return typeof v === 'number' ? v : null;
};

/** The widened band (low, high) at the end of `slot`, or null when the row has no band there. */
function band95(row: PredictedTemperatures, slot: number): [number, number] | null {
  const mid = at(row.temp_trajectory, slot);
  const low = at(row.trajectory_low_temps, slot);
  const high = at(row.trajectory_high_temps, slot);
  if (mid == null || low == null || high == null) return null;
  return [mid - BAND_95_FROM_80 * (mid - low), mid + BAND_95_FROM_80 * (high - mid)];
}

/** The band at the start of `slot`: the end of the slot before, or, in the slot the row was planned from, the same width around the temperature it started from. */
function bandAtStart(row: PredictedTemperatures, slot: number, end: [number, number]): [number, number] {
  const before = slot > 0 ? band95(row, slot - 1) : null;
  if (before) return before;
  const mid = at(row.temp_trajectory, slot)!;
  if (row.from_slot !== slot || typeof row.start_temp_f !== 'number') return end;
  return [row.start_temp_f - (mid - end[0]), row.start_temp_f + (end[1] - mid)];
}

/**
 * True when `meanF`, the mean indoor temperature of the half hour up to a reading in `slot`, lies
 * outside the widened band over the slot (from the slot's start to its end, as the half hour may
 * reach into the slot before; in the slot a row was planned from, its start is the temperature the
 * plan started from). A slot without a band says nothing.
 */
export function temperatureDeparts(row: PredictedTemperatures, slot: number, meanF: number): boolean {
  if (slot < 0 || slot >= SLOTS_PER_DAY) return false;
  const end = band95(row, slot);
  if (!end) return false;
  const start = bandAtStart(row, slot, end);
  return meanF < Math.min(start[0], end[0]) || meanF > Math.max(start[1], end[1]);
}
