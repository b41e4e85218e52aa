// When the indoor temperature says an HVAC's plan no longer holds: the mean reading of the half
// hour a plan starts from (thermal/current-temperature.ts) lies outside the plan's prediction band
// for the current slot, widened from 80 % to about 95 % (an 80 % band is left by one reading in
// five by design), so the rest of the day is re-planned from it
// (docs/schedules-and-recompute.md "Re-plans from the measured state").
import { SLOTS_PER_DAY } from '../time/slot-grid.js';
/**
 * Each side of the 80 % band is widened by this factor around the predicted temperature: the
 * ratio of the normal quantiles of a 95 % and an 80 % central interval (1.960 / 1.282).
 */
export const BAND_95_FROM_80 = 1.96 / 1.2816;

/** What a schedule row predicts per slot end (48 values each); absent or malformed arrays say nothing. */
export interface PredictedTemperatures {
  temp_trajectory?: unknown;
  trajectory_low_temps?: unknown;
  trajectory_high_temps?: unknown;
}

const at = (values: unknown, slot: number): number | null => {
  const v = Array.isArray(values) ? (values as unknown[])[slot] : undefined;
  return typeof v === 'number' ? v : null;
};

/** The about-95 % band (low, high) at the end of `slot`, or null when the row has no band there. */
function band95(row: PredictedTemperatures, slot: number): [number, number] | null {
  const mid = at(row.temp_trajectory, slot);
  const low = at(row.trajectory_low_temps, slot);
  const high = at(row.trajectory_high_temps, slot);
  if (mid == null || low == null || high == null) return null;
  return [mid - BAND_95_FROM_80 * (mid - low), mid + BAND_95_FROM_80 * (high - mid)];
}

/**
 * True when `meanF`, the mean indoor temperature of the half hour up to a reading in `slot`, lies
 * outside the widened band over the slot (from the end of the slot before to the end of this one,
 * as the half hour may reach into the slot before). A slot without a band says nothing.
 */
export function temperatureDeparts(row: PredictedTemperatures, slot: number, meanF: number): boolean {
  if (slot < 0 || slot >= SLOTS_PER_DAY) return false;
  const end = band95(row, slot);
  if (!end) return false;
  const before = (slot > 0 && band95(row, slot - 1)) || end;
  return meanF < Math.min(before[0], end[0]) || meanF > Math.max(before[1], end[1]);
}
