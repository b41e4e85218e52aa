// A window or door left open: for hours, the home exchanges heat with outdoors far faster than its
// model says (residuals towards the outdoor temperature, scaled by the indoor-outdoor gap).
import type { ThermalParams } from '../thermal/thermal-model.js';
import { marginConfidence, type Hint } from './hint.js';
import { upperMedian } from '../statistics.js';
import { runsOf, type CheckedStep } from './residuals.js';

/** Extra loss rate (1/h) above which a step looks open: several times any home's own. */
export const OPEN_EXTRA_LOSS_PER_HOUR = 0.1;
/** Steps in a row it must last (2 hours of 30-minute steps). */
export const OPEN_MIN_STEPS = 4;
/** Below this indoor-outdoor gap an opening changes too little to be seen, F. */
const MIN_GAP_F = 6;
/** An opening is an episode: the 12 hours before and after it look like the model (a unit losing capacity looks the same for days). */
const QUIET_STEPS = 24;
/** ... meaning a median extra loss below this fraction of the threshold. */
const QUIET_FRACTION = 0.5;
/** The unit's delivery is judged on the day before a stretch (from 4 to 24 hours before it) and the day after (from 12 to 36 hours after it, once the structure has recovered). */
const CONTEXT_STEPS = 48;
/** Steps seen on each side of a stretch (2 hours). */
const MIN_SIDE_STEPS = 4;
/** Steps with at least this duty show whether the unit delivers its modelled effect. */
const WORKING_DUTY = 0.3;
/** A unit delivering less than this fraction of its modelled effect around the stretch is losing capacity, not a window. */
const MAX_SHORTFALL = 0.35;
/** After a stretch the structure still holds what the opening let in, so the unit falls short for a day: only a failed unit falls this short. */
const MAX_SHORTFALL_AFTER = 0.6;

/** The longest stretch taken for an opening, steps (12 hours). */
const MAX_OPEN_STEPS = 24;

/** Extra loss rate a step's residual implies, 1/h: the residual over the gap it moved towards. */
const extraLoss = (s: CheckedStep) => s.residualF / ((s.outdoorF - s.startF) * s.hours);

/** The latest stretch of steps that lost heat (or cold) to outdoors far faster than the model. */
export function detectWindowOpen(params: ThermalParams, steps: readonly CheckedStep[]): Hint | null {
  const isOpen = (s: CheckedStep) => Math.abs(s.outdoorF - s.startF) >= MIN_GAP_F && extraLoss(s) >= OPEN_EXTRA_LOSS_PER_HOUR;
  const quietAround = (run: CheckedStep[]) => {
    const from = run[0]!.gridIndex;
    const to = run.at(-1)!.gridIndex;
    const before = steps.filter((s) => s.gridIndex < from && s.gridIndex >= from - QUIET_STEPS);
    const after = steps.filter((s) => s.gridIndex > to && s.gridIndex <= to + QUIET_STEPS);
    // Both sides must be seen: an episode that has not ended yet is not told from a unit failing.
    if (before.length < MIN_SIDE_STEPS || after.length < MIN_SIDE_STEPS) return false;
    const around = [...before, ...after];
    // A unit losing capacity leaves every working step short of the model; an opening only its own.
    const earlier = steps.filter((s) => s.gridIndex < from - MIN_SIDE_STEPS * 2 && s.gridIndex >= from - CONTEXT_STEPS);
    // ... and a unit that failed suddenly stays short after the stretch, where a closed window does not.
    const later = steps.filter((s) => s.gridIndex > to + QUIET_STEPS && s.gridIndex <= to + 3 * QUIET_STEPS);
    for (const [side, limit] of [
      [earlier, MAX_SHORTFALL],
      [later, MAX_SHORTFALL_AFTER],
    ] as const) {
      const working = side.filter((s) => s.coolDuty + s.heatDuty >= WORKING_DUTY);
      if (working.length >= 3 && upperMedian(working.map(shortfall))! >= limit) return false;
    }
    const gapped = around.filter((s) => Math.abs(s.outdoorF - s.startF) >= MIN_GAP_F);
    return gapped.length === 0 || upperMedian(gapped.map(extraLoss))! < QUIET_FRACTION * OPEN_EXTRA_LOSS_PER_HOUR;
  };
  /** The part of a working step's planned effect the unit did not deliver (0 = as modelled). */
  const shortfall = (s: CheckedStep) => {
    const effect = (params.coolingFPerHour * s.coolDuty + params.heatingFPerHour * s.heatDuty) * s.hours;
    return -s.residualF / effect;
  };
  const runs = runsOf(steps, isOpen).filter((r) => r.length >= OPEN_MIN_STEPS && r.length <= MAX_OPEN_STEPS && quietAround(r));
  const run = runs.at(-1);
  if (!run) return null;
  const typical = upperMedian(run.map(extraLoss))!;
  const last = run.at(-1)!;
  return {
    kind: 'window_open',
    since: new Date(run[0]!.startMs),
    numbers: {
      hours: run.length * run[0]!.hours,
      extra_loss_per_hour: Math.round(typical * 1000) / 1000,
      model_loss_per_hour: Math.round(params.lossPerHour * 1000) / 1000,
      indoor_f: Math.round(last.endF * 10) / 10,
      outdoor_f: Math.round(last.outdoorF * 10) / 10,
    },
    confidence: marginConfidence(typical, OPEN_EXTRA_LOSS_PER_HOUR, 3),
    advice: 'The home lost its temperature to the outdoors much faster than usual for a while: check for a window or door left open.',
  };
}
