// The uncertainty of a predicted trajectory: how far the home's temperature lands from what a plan
// shows, by how far ahead, learned from free runs over the home's own held-out steps. The plan
// shows it as a per-slot band around its predicted temperature. See thermal-model.md "What the
// trajectory shows".
import { quantile } from '../statistics.js';
import { heldAirF } from './evaluate.js';
import type { ThermalSample } from './resample.js';
import { stepCoefficients, stepTemperature, type ThermalParams } from './thermal-model.js';

/** Observed minus predicted temperature, F, at the band's quantiles (moved out by the planning margin), per horizon group. */
export interface TrajectoryBand {
  /** Upper edge of each horizon group, hours ahead (ascending; the last covers any longer horizon). */
  horizonHours: number[];
  lowF: number[];
  highF: number[];
}

/**
 * The quantiles of the held-out residuals the band starts from. Together with PLANNING_MARGIN_F
 * they make an 80 % band: chosen on the bench's tuning homes and the second simulator's
 * development homes, where the band covers about 80 % of the test days' temperatures.
 */
const BAND_QUANTILES = [0.2, 0.8] as const;
/**
 * Each edge is moved this far out, F: a plan's trajectory misses by more than a free run on
 * observed duties, as the plan's duties are not what the thermostat then does (added, not a factor
 * on the residuals, which would turn a home's rare large misses into a band several F wide). It
 * also keeps a home that lands almost exactly on its prediction from an edge the readings cross at
 * every wobble (the closed loop re-plans on readings outside the band).
 */
export const PLANNING_MARGIN_F = 0.4;
/**
 * A setpoint that moves more than this between two nodes, F, is a setback or its recovery: the
 * air takes hours to follow, while a plan moves its setpoint inside the comfort band in steps the
 * air follows. Runs neither start at nor cross such a step.
 */
const SETBACK_STEP_F = 2;
/** Horizon groups, hours ahead: the error grows with the horizon, fastest in the first hours. */
const HORIZON_EDGES_HOURS = [1, 3, 6, 12, 24];
/** A group needs this many residuals for its quantiles; a group with fewer takes the previous group's. */
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
 * 24 hours, the end of its stretch or a setback step), grouped by horizon, and their 20th and 80th
 * percentiles, each moved PLANNING_MARGIN_F out. The band follows the residuals, so a home that runs
 * warmer than the plan shows has a band above the prediction. Null without enough residuals for the
 * first group.
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
  groups.forEach((residuals, i) => {
    const enough = residuals.length >= MIN_RESIDUALS;
    band.horizonHours.push(HORIZON_EDGES_HOURS[i]!);
    band.lowF.push(enough ? round2(quantile(residuals, BAND_QUANTILES[0]) - PLANNING_MARGIN_F) : band.lowF.at(-1)!);
    band.highF.push(enough ? round2(quantile(residuals, BAND_QUANTILES[1]) + PLANNING_MARGIN_F) : band.highF.at(-1)!);
  });
  return band;
}

/** The band's offsets (low, high) F at `hours` ahead. */
export function bandAt(band: TrajectoryBand, hours: number): { lowF: number; highF: number } {
  const i = band.horizonHours.findIndex((edge) => hours <= edge + 1e-9);
  const g = i < 0 ? band.horizonHours.length - 1 : i;
  return { lowF: band.lowF[g]!, highF: band.highF[g]! };
}
