// The uncertainty of a predicted trajectory: how far the home's temperature lands from what a plan
// shows, by how far ahead, learned from free runs over the home's own held-out steps. The plan
// shows it as a per-slot band around its predicted temperature. See thermal-model.md "What the
// trajectory shows".
import { median } from '../statistics.js';
import { heldAirF } from './evaluate.js';
import type { ThermalSample } from './resample.js';
import { stepCoefficients, stepTemperature, type ThermalParams } from './thermal-model.js';

/** Observed minus predicted temperature, F, at the band's edges, per horizon group. */
export interface TrajectoryBand {
  /** Upper edge of each horizon group, hours ahead (ascending; the last covers any longer horizon). */
  horizonHours: number[];
  lowF: number[];
  highF: number[];
}

/**
 * Half the band's width, F: how far a plan's trajectory misses the air. The held-out residuals
 * give the band its centre, not its width: their spread is largely the sensor's (a coarse or
 * lagging sensor scatters the readings around an air the model follows), while a plan's miss of
 * the air comes from the plan's duties not being what the thermostat then does. Chosen on the
 * bench's tuning homes and the second simulator's development homes, where the band covers about
 * 80 % of the test days' temperatures.
 */
export const PLANNING_MARGIN_F = 0.6;
/**
 * Added to each side in the first hour, F: a plan starts from the mean reading of the half hour
 * before it, which lags the air by a quarter hour and carries the sensor's rounding, while the
 * held-out runs start from readings centred on their start.
 */
export const START_ERROR_F = 0.3;
/**
 * A setpoint that moves more than this between two nodes, F, is a setback or its recovery: the
 * air takes hours to follow, while a plan moves its setpoint inside the comfort band in steps the
 * air follows. Runs neither start at nor cross such a step.
 */
const SETBACK_STEP_F = 2;
/** Horizon groups, hours ahead: where a home lands against the shown line shifts with the horizon, fastest in the first hours. */
const HORIZON_EDGES_HOURS = [1, 3, 6, 12, 24];
/** A group needs this many residuals for its median; a group with fewer takes the previous group's centre. */
const MIN_RESIDUALS = 20;

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * What a plan's trajectory shows at an observed step's end: where the thermostat holds the air
 * while it regulates, else the lumped model's step from `startF` (the terms that need the observed
 * temperature, which a plan does not have, left out).
 */
function shownEndF(params: ThermalParams, s: ThermalSample, startF: number): number {
  return heldAirF(params, s) ?? stepTemperature(stepCoefficients(params, s.hours, s.outdoorF), startF, s.coolDuty, s.heatDuty);
}

const isSetbackStep = (s: ThermalSample) => Math.abs(s.setpointChangeF ?? 0) > SETBACK_STEP_F;

/**
 * Residuals of free runs of what a plan would show (`shownEndF`) on `samples` (observed duties,
 * setpoints and outdoor temperatures, from the observed start; one run from every step, each up to
 * 24 hours, the end of its stretch or a setback step), grouped by horizon; each group's band is
 * their median ± PLANNING_MARGIN_F, the first hour's START_ERROR_F wider. The band follows the
 * residuals, so a home that runs warmer than the plan shows has a band above the prediction. Null
 * without enough residuals for the first group.
 */
export function learnTrajectoryBand(params: ThermalParams, samples: readonly ThermalSample[]): TrajectoryBand | null {
  const groups = HORIZON_EDGES_HOURS.map((): number[] => []);
  const lastHours = HORIZON_EDGES_HOURS.at(-1)!;
  for (let w = 0; w < samples.length; w++) {
    let temp = samples[w]!.startF;
    let hours = 0;
    for (let k = w; k < samples.length; k++) {
      const s = samples[k]!;
      if (isSetbackStep(s) || (k > w && s.gridIndex !== samples[k - 1]!.gridIndex + 1)) break;
      hours += s.hours;
      if (hours > lastHours + 1e-9) break;
      temp = shownEndF(params, s, temp);
      groups[HORIZON_EDGES_HOURS.findIndex((edge) => hours <= edge + 1e-9)]!.push(s.endF - temp);
    }
  }
  if (groups[0]!.length < MIN_RESIDUALS) return null;
  const band: TrajectoryBand = { horizonHours: [], lowF: [], highF: [] };
  let centreF = 0;
  groups.forEach((residuals, i) => {
    if (residuals.length >= MIN_RESIDUALS) centreF = median(residuals);
    const halfWidthF = PLANNING_MARGIN_F + (i === 0 ? START_ERROR_F : 0);
    band.horizonHours.push(HORIZON_EDGES_HOURS[i]!);
    band.lowF.push(round2(centreF - halfWidthF));
    band.highF.push(round2(centreF + halfWidthF));
  });
  return band;
}

/** The band's offsets (low, high) F at `hours` ahead. */
export function bandAt(band: TrajectoryBand, hours: number): { lowF: number; highF: number } {
  const i = band.horizonHours.findIndex((edge) => hours <= edge + 1e-9);
  const g = i < 0 ? band.horizonHours.length - 1 : i;
  return { lowF: band.lowF[g]!, highF: band.highF[g]! };
}
