// The uncertainty of a predicted trajectory: how far the home's temperature lands from what a plan
// shows, by how far ahead, learned from free runs over the home's own held-out steps. The plan
// shows it as a per-slot band around its predicted temperature. See thermal-model.md "What the
// trajectory shows".
import { quantile } from '../statistics.js';
import { heldAirF } from './evaluate.js';
import type { ThermalSample } from './resample.js';
import { stepCoefficients, stepTemperature, type ThermalParams } from './thermal-model.js';

/** Observed minus predicted temperature, F, at the 10th and 90th percentiles (widened), per horizon group. */
export interface TrajectoryBand {
  /** Upper edge of each horizon group, hours ahead (ascending; the last covers any longer horizon). */
  horizonHours: number[];
  lowF: number[];
  highF: number[];
}

/** The band's coverage: between these quantiles of the held-out residuals (an 80 % band). */
export const BAND_QUANTILES = [0.1, 0.9] as const;
/**
 * The quantiles are widened by this factor: a plan's trajectory misses by more than a free run on
 * observed duties, as the plan's duties are not what the thermostat then does. Chosen on the
 * bench's tuning homes, where it makes the band cover 80 % of the test days' temperatures.
 */
const BAND_WIDENING = 1.8;
/** Horizon groups, hours ahead: the error grows with the horizon, fastest in the first hours. */
const HORIZON_EDGES_HOURS = [1, 3, 6, 12, 24];
/**
 * The band is at least this wide, F, widened about its own centre: residuals a home lands on
 * almost exactly would give an edge the readings cross at every wobble (the closed loop re-plans on
 * readings outside it). The band follows the residuals, so a home that runs warmer than the plan
 * shows has a band above the prediction.
 */
export const MIN_BAND_WIDTH_F = 0.2;
/** A group needs this many residuals for its quantiles; a group with fewer takes the previous group's. */
const MIN_RESIDUALS = 20;

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The edges, rounded, widened about their centre to MIN_BAND_WIDTH_F when narrower. */
function atLeastMinWidth(low: number, high: number): [number, number] {
  const grow = Math.max(0, MIN_BAND_WIDTH_F - (high - low)) / 2;
  return [round2(low - grow), round2(high + grow)];
}

/**
 * What a plan's trajectory shows at an observed step's end: where the thermostat holds the air
 * while it regulates, else the lumped model's step from `startF` (the terms that need the observed
 * temperature, which a plan does not have, left out).
 */
function shownEndF(params: ThermalParams, s: ThermalSample, startF: number): number {
  return heldAirF(params, s) ?? stepTemperature(stepCoefficients(params, s.hours, s.outdoorF), startF, s.coolDuty, s.heatDuty);
}

/**
 * Residuals of free runs of what a plan would show (`shownEndF`) on `samples` (observed duties,
 * setpoints and outdoor temperatures, from the observed start; one run from every step, each up to
 * 24 hours or the end of its stretch), grouped by horizon, and their 10th and 90th percentiles,
 * widened, at least MIN_BAND_WIDTH_F wide. Null without enough residuals for the first group.
 */
export function learnTrajectoryBand(params: ThermalParams, samples: readonly ThermalSample[]): TrajectoryBand | null {
  const groups = HORIZON_EDGES_HOURS.map((): number[] => []);
  const lastHours = HORIZON_EDGES_HOURS.at(-1)!;
  for (let w = 0; w < samples.length; w++) {
    let temp = samples[w]!.startF;
    let hours = 0;
    for (let k = w; k < samples.length; k++) {
      const s = samples[k]!;
      if (k > w && s.gridIndex !== samples[k - 1]!.gridIndex + 1) break;
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
    const [low, high] = atLeastMinWidth(BAND_WIDENING * quantile(residuals, BAND_QUANTILES[0]), BAND_WIDENING * quantile(residuals, BAND_QUANTILES[1]));
    band.lowF.push(enough ? low : band.lowF.at(-1)!);
    band.highF.push(enough ? high : band.highF.at(-1)!);
  });
  return band;
}

/** The band's offsets (low, high) F at `hours` ahead. */
export function bandAt(band: TrajectoryBand, hours: number): { lowF: number; highF: number } {
  const i = band.horizonHours.findIndex((edge) => hours <= edge + 1e-9);
  const g = i < 0 ? band.horizonHours.length - 1 : i;
  return { lowF: band.lowF[g]!, highF: band.highF[g]! };
}
