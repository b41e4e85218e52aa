// A satellite's claimed setpoint range applies to every schedule it pulls, even one planned before
// the range changed, and defaults rows included (docs/schedules-and-recompute.md "Setpoint clamping").
import { claimedBounds } from '../devices/setpoint-range.js';

/** The claimed range of an HVAC config when both bounds are set, else null. */
export function setpointBoundsOf(config: Record<string, unknown>): { minF: number; maxF: number } | null {
  const { minF, maxF } = claimedBounds(config);
  return minF !== null && maxF !== null && minF <= maxF ? { minF, maxF } : null;
}

const clampArray = (values: unknown, minF: number, maxF: number) =>
  Array.isArray(values) ? values.map((v: unknown) => (typeof v === 'number' ? Math.min(maxF, Math.max(minF, v)) : v)) : values;

/**
 * The schedule as a bounded device must apply it (unchanged without a claimed range): every
 * setpoint clamped into the range; and when `setpoint_temps` is null (a defaults row, whose client
 * applies `(high + low) / 2`) the comfort band is clamped instead, so that midpoint lies
 * within the range too. `setpoint_temps` stays null as the contract says of defaults rows.
 */
export function clampSetpoints(schedule: Record<string, unknown>, config: Record<string, unknown>): Record<string, unknown> {
  const bounds = setpointBoundsOf(config);
  if (!bounds) return schedule;
  const { minF, maxF } = bounds;
  if (Array.isArray(schedule.setpoint_temps)) return { ...schedule, setpoint_temps: clampArray(schedule.setpoint_temps, minF, maxF) };
  if (!Array.isArray(schedule.high_temps) || !Array.isArray(schedule.low_temps)) return schedule;
  return { ...schedule, high_temps: clampArray(schedule.high_temps, minF, maxF), low_temps: clampArray(schedule.low_temps, minF, maxF) };
}
