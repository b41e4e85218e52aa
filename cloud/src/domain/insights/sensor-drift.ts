// A drifting or misplaced temperature sensor: the readings sit off from where the unit holds the
// air, by more than the model's holding offset explains, for days. Where the readings come from a
// sensor the unit does not control on (a satellite's, or a hub's separate room sensor), the unit
// keeps holding its setpoint and the reading moves away from it. A unit falling short lets the air
// slip too, so the hint needs the unit still delivering (docs/insights.md).
import { marginConfidence, type Hint } from './hint.js';
import { holdGapOver, type CheckedStep } from './residuals.js';
import { DAY_MS } from '../time/durations.js';

/** A shift of the holding gap this large (F) over the last 7 days is reported. */
export const SENSOR_SHIFT_F = 2;
/** The unit must deliver at least this fraction of its reference (the daily balance) for the shift to be the sensor's. */
export const UNIT_DELIVERS_RATIO = 0.8;
/** Regulating steps needed on the reference days and in the last 7 days. */
const MIN_STEPS = 24;
/** ... and in one day, for `since`. */
const MIN_DAY_STEPS = 6;

/**
 * `steps`: the residual scan of the whole window; the reference holding gap comes from the steps
 * before `referenceEndMs`. `unitRatio`: the unit's delivery over the last 7 days (null: unknown).
 */
export function detectSensorDrift(steps: readonly CheckedStep[], referenceEndMs: number, nowMs: number, unitRatio: number | null): Hint | null {
  const before = holdGapOver(steps, -Infinity, referenceEndMs, MIN_STEPS);
  const recent = holdGapOver(steps, nowMs - 7 * DAY_MS, nowMs, MIN_STEPS);
  if (before == null || recent == null) return null;
  const shift = recent - before;
  if (Math.abs(shift) < SENSOR_SHIFT_F || (unitRatio != null && unitRatio < UNIT_DELIVERS_RATIO)) return null;
  // Since when every day (with enough regulating steps) was off by half the threshold the same way.
  let since = nowMs - 7 * DAY_MS;
  for (let end = nowMs; end - DAY_MS >= referenceEndMs; end -= DAY_MS) {
    const day = holdGapOver(steps, end - DAY_MS, end, MIN_DAY_STEPS);
    if (day == null) continue;
    if (Math.sign(day - before) !== Math.sign(shift) || Math.abs(day - before) < SENSOR_SHIFT_F / 2) break;
    since = Math.min(since, end - DAY_MS);
  }
  const round1 = (x: number) => Math.round(x * 10) / 10;
  return {
    kind: 'sensor_drift',
    since: new Date(since),
    numbers: { reading_offset_f: round1(shift), days: round1((nowMs - since) / DAY_MS) },
    confidence: marginConfidence(Math.abs(shift), SENSOR_SHIFT_F, 2),
    advice: `The temperature reading now sits about ${Math.abs(shift).toFixed(0)} F ${shift > 0 ? 'above' : 'below'} where the unit holds the room: check that the sensor is not in the sun or near a lamp, a vent or a window, then move or recalibrate it.`,
  };
}
