// A satellite's claimed setpoint range applies to every schedule it pulls, even one planned before
// the range changed.
import { claimedBounds } from '../devices/setpoint-range.js';

/** The claimed range of an HVAC config when both bounds are set (decisions.md "Devices"), else null. */
export function setpointBoundsOf(config: Record<string, unknown>): { minF: number; maxF: number } | null {
  const { minF, maxF } = claimedBounds(config);
  return minF !== null && maxF !== null && minF <= maxF ? { minF, maxF } : null;
}

/** The schedule with every setpoint clamped into the config's claimed range (unchanged without one). */
export function clampSetpoints(schedule: Record<string, unknown>, config: Record<string, unknown>): Record<string, unknown> {
  const bounds = setpointBoundsOf(config);
  const setpoints = schedule.setpoint_temps;
  if (!bounds || !Array.isArray(setpoints)) return schedule;
  return {
    ...schedule,
    setpoint_temps: setpoints.map((v: unknown) => (typeof v === 'number' ? Math.min(bounds.maxF, Math.max(bounds.minF, v)) : v)),
  };
}
