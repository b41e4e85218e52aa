// A unit that cannot keep up: running flat out for hours while the indoor temperature still moves
// the wrong way (or does not move), from duty alone (no model needed).
import { marginConfidence, type Hint } from './hint.js';
import { mainDirection, runsOf, type CheckedStep } from './residuals.js';
import type { ThermalSample } from '../thermal/resample.js';

/** Duty from which a step counts as flat out. */
export const FULL_DUTY = 0.9;
/** Steps in a row at full duty (3 hours). */
export const KEEP_UP_MIN_STEPS = 5;
/** The temperature must not have improved by more than this over the stretch, F. */
const MAX_PROGRESS_F = 0.2;

export function detectCannotKeepUp(steps: readonly (ThermalSample | CheckedStep)[]): Hint | null {
  const direction = mainDirection(steps);
  const duty = (s: ThermalSample) => (direction === 'cool' ? s.coolDuty : s.heatDuty);
  const progress = (from: ThermalSample, to: ThermalSample) => (direction === 'cool' ? from.startF - to.endF : to.endF - from.startF);
  // Within a long stretch at full duty the load rises and falls; any stretch of 2.5 hours in it
  // without progress counts, from its start.
  let run: ThermalSample[] | null = null;
  for (const r of runsOf(steps, (s) => duty(s) >= FULL_DUTY)) {
    for (let i = 0; i + KEEP_UP_MIN_STEPS <= r.length; i++) {
      if (progress(r[i]!, r[i + KEEP_UP_MIN_STEPS - 1]!) <= MAX_PROGRESS_F) {
        run = r.slice(i);
        break;
      }
    }
  }
  if (!run) return null;
  const hours = run.length * run[0]!.hours;
  const change = run.at(-1)!.endF - run[0]!.startF;
  return {
    kind: 'cannot_keep_up',
    since: new Date(run[0]!.startMs),
    numbers: {
      hours_at_full_duty: hours,
      indoor_change_f: Math.round(change * 10) / 10,
      indoor_f: Math.round(run.at(-1)!.endF * 10) / 10,
      outdoor_f: Math.round(run.at(-1)!.outdoorF * 10) / 10,
    },
    confidence: marginConfidence(hours, KEEP_UP_MIN_STEPS * run[0]!.hours, 2),
    advice:
      direction === 'cool'
        ? 'The air conditioner ran flat out for hours and the home still did not cool: have it serviced, and close blinds on sunny windows meanwhile.'
        : 'The heating ran flat out for hours and the home still did not warm: have it serviced, and check for drafts meanwhile.',
  };
}
