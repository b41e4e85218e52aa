// Slow changes over weeks, from refits of the unit's rate and the home's gain with the reference
// model's loss rate held: a unit whose rate falls at similar weather loses efficiency (a dirty
// filter, low refrigerant); a gain that shifts while the rate holds is a sensor reading off (the
// thermostat then holds the wrong air temperature, and the model sees an unexplained offset).
import type { ThermalSample } from '../thermal/resample.js';
import type { ThermalParams } from '../thermal/thermal-model.js';
import { marginConfidence, type Hint } from './hint.js';

/** The unit's rate may fall to this fraction of the reference before a hint. */
export const EFFICIENCY_RATIO = 0.8;
/** A sensor bias this large (F) is reported. */
export const SENSOR_BIAS_F = 10;
/** A week before, the rate must already be this far down (a gradual decline). */
const GRADUAL_RATIO = 0.95;
/** Below this fraction the unit is broken rather than declining (cannot_keep_up says so). */
const BROKEN_RATIO = 0.4;
/** The decline over the last week must be at least this (a fraction of the reference rate). */
const WEEKLY_DECLINE = 0.05;
/** A sensor hint needs the unit's rate within this fraction of the reference. */
const RATE_STEADY = 0.15;
/** The rate refitted over this many days at a time. */
const WINDOW_DAYS = 7;
/** A window needs this many steps with the unit running at all. */
const MIN_RUNNING_STEPS = 24;
const DAY_MS = 86_400_000;

interface Rates {
  /** F/h at full duty in the direction (negative when cooling). */
  rate: number;
  /** Net gain, F/h. */
  gain: number;
}

/** Local hours whose resting steps read the gain: night, so the sun's day-to-day swings stay out. */
const NIGHT = { from: 22, to: 6 };

/** Resting at night, as was the step before: the home drifting on its own shows the gain alone. */
const isResting = (steps: readonly ThermalSample[], i: number, localHour: (ms: number) => number) => {
  const s = steps[i]!;
  const hour = localHour(s.startMs);
  if (hour < NIGHT.from && hour >= NIGHT.to) return false;
  const before = steps[i - 1];
  return s.coolDuty + s.heatDuty === 0 && before != null && before.gridIndex === s.gridIndex - 1 && before.coolDuty + before.heatDuty === 0;
};

/**
 * The gain from resting steps, then the rate from running steps with that gain, both with the
 * loss rate held: y = T' − α·T − (1 − α)·Tout = span·(rate·u + gain).
 */
export function fitRates(
  params: ThermalParams,
  steps: readonly ThermalSample[],
  direction: 'cool' | 'heat',
  localHour: (ms: number) => number,
): Rates | null {
  const a = params.lossPerHour;
  let gainSum = 0;
  let gainWeight = 0;
  let rateXy = 0;
  let rateXx = 0;
  let running = 0;
  const parts = steps.map((s) => {
    const alpha = Math.exp(-a * s.hours);
    const span = (1 - alpha) / a;
    return { s, span, y: s.endF - alpha * s.startF - (1 - alpha) * s.outdoorF, u: direction === 'cool' ? s.coolDuty : s.heatDuty };
  });
  for (const [i, p] of parts.entries()) {
    if (!isResting(steps, i, localHour)) continue;
    gainSum += p.span * p.y;
    gainWeight += p.span * p.span;
  }
  if (gainWeight === 0) return null;
  const gain = gainSum / gainWeight;
  for (const p of parts) {
    if (p.u <= 0.05) continue;
    running++;
    rateXy += p.span * p.u * (p.y - p.span * gain);
    rateXx += (p.span * p.u) ** 2;
  }
  if (running < MIN_RUNNING_STEPS || gainWeight < MIN_RESTING_STEPS * 0.25 * 0.25) return null;
  return { rate: rateXy / rateXx, gain };
}

/** A window needs this many resting steps to read the gain. */
const MIN_RESTING_STEPS = 8;

interface WindowFit extends Rates {
  fromMs: number;
}

/** Rates over each 7-day window ending at a day boundary after `fromMs`, oldest first. */
function windowFits(
  params: ThermalParams,
  steps: readonly ThermalSample[],
  direction: 'cool' | 'heat',
  localHour: (ms: number) => number,
  fromMs: number,
  nowMs: number,
): WindowFit[] {
  const fits: WindowFit[] = [];
  for (let end = nowMs; end - WINDOW_DAYS * DAY_MS >= fromMs; end -= DAY_MS) {
    const start = end - WINDOW_DAYS * DAY_MS;
    const fit = fitRates(params, steps.filter((s) => s.startMs >= start && s.startMs < end), direction, localHour);
    if (fit) fits.unshift({ ...fit, fromMs: start });
  }
  return fits;
}

/** Since when every later window stayed past `limit` (the start of the first such window). */
function sinceAllPast(fits: readonly WindowFit[], isPast: (f: WindowFit) => boolean): number {
  let since = fits.at(-1)!.fromMs;
  for (let i = fits.length - 1; i >= 0 && isPast(fits[i]!); i--) since = fits[i]!.fromMs;
  return since;
}

export function detectUnitDrift(
  params: ThermalParams,
  reference: Rates,
  steps: readonly ThermalSample[],
  direction: 'cool' | 'heat',
  localHour: (ms: number) => number,
  afterMs: number,
  nowMs: number,
): Hint[] {
  const fits = windowFits(params, steps, direction, localHour, afterMs, nowMs);
  const latest = fits.at(-1);
  if (!latest) return [];
  const hints: Hint[] = [];
  const ratio = latest.rate / reference.rate;
  // Over weeks: a week before the latest window the rate had already begun to fall (a unit that
  // failed overnight is not this hint; it cannot keep up).
  const weekBefore = fits.at(-8);
  const wasFalling = weekBefore != null && weekBefore.rate / reference.rate <= GRADUAL_RATIO && weekBefore.rate / reference.rate >= ratio + WEEKLY_DECLINE;
  if (ratio <= EFFICIENCY_RATIO && ratio >= BROKEN_RATIO && wasFalling) {
    hints.push({
      kind: 'efficiency_decline',
      since: new Date(sinceAllPast(fits, (f) => f.rate / reference.rate <= (1 + EFFICIENCY_RATIO) / 2)),
      numbers: {
        capacity_ratio: Math.round(ratio * 100) / 100,
        reference_f_per_hour: Math.round(reference.rate * 100) / 100,
        recent_f_per_hour: Math.round(latest.rate * 100) / 100,
      },
      confidence: marginConfidence(1 - ratio, 1 - EFFICIENCY_RATIO, 2),
      advice:
        direction === 'cool'
          ? 'The air conditioner now cools noticeably slower than it did weeks ago in similar weather: replace the filter and, if that does not help, have the refrigerant charge checked.'
          : 'The heating now warms noticeably slower than it did weeks ago in similar weather: replace the filter and have the unit checked.',
    });
  }
  const bias = (latest.gain - reference.gain) / params.lossPerHour;
  // A sensor off leaves the unit's rate as it was; a unit changing moves the gain fit too.
  if (Math.abs(bias) >= SENSOR_BIAS_F && Math.abs(ratio - 1) <= RATE_STEADY) {
    hints.push({
      kind: 'sensor_drift',
      since: new Date(sinceAllPast(fits, (f) => Math.abs(f.gain - reference.gain) / params.lossPerHour >= SENSOR_BIAS_F / 2)),
      numbers: { bias_f: Math.round(bias * 10) / 10, reference_gain_f_per_hour: Math.round(reference.gain * 1000) / 1000, recent_gain_f_per_hour: Math.round(latest.gain * 1000) / 1000 },
      confidence: marginConfidence(Math.abs(bias), SENSOR_BIAS_F, 2),
      advice: `The temperature sensor seems to read about ${Math.abs(bias).toFixed(0)} F ${bias > 0 ? 'high' : 'low'} compared with weeks ago: check that nothing warms or cools it (sun, a lamp, a vent) or recalibrate it.`,
    });
  }
  return hints;
}
