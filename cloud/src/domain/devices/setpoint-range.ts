// The setpoint range of a satellite's HVAC: the bounds the
// claim stored in the appliance config, each falling back to the device default.

/** The device defaults (8. Limits) for a bound that was not claimed. */
export const DEFAULT_SETPOINT_MIN_F = 61;
export const DEFAULT_SETPOINT_MAX_F = 86;

/** Inclusive setpoint bounds, F. */
export interface SetpointRange {
  minF: number;
  maxF: number;
}

/** The bound stored in a config, or null when absent or not a number. */
function storedBound(config: Record<string, unknown>, key: 'setpoint_min_f' | 'setpoint_max_f'): number | null {
  const v = config[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The bounds exactly as claimed (null when not supplied): schedules are clamped only when both are set. */
export function claimedBounds(config: Record<string, unknown>): { minF: number | null; maxF: number | null } {
  return { minF: storedBound(config, 'setpoint_min_f'), maxF: storedBound(config, 'setpoint_max_f') };
}

/**
 * The range in effect: each stored bound, else its default. A claim never stores a range that is
 * inverted against a default, but an edited config might; the maximum then rises to the minimum.
 */
export function setpointRange(config: Record<string, unknown>): SetpointRange {
  const { minF, maxF } = claimedBounds(config);
  const min = minF ?? DEFAULT_SETPOINT_MIN_F;
  return { minF: min, maxF: Math.max(maxF ?? DEFAULT_SETPOINT_MAX_F, min) };
}
