// How a simulated home departs from its plan, as real homes do, so the cloud's own re-plans (a
// charge reading off the planned trajectory, a half hour of household load off the planned one)
// come at a realistic rate. Pure and seeded: a home's day is the same on every run.
//
// The household load follows the home's usual day (the profile it gives the cloud) except on
// departing half hours, drawn to match the recorded EMHASS home (`../shared/data/recorded/
// emhass-home-2024/`) against the measured profile the plans use, over its 336 whole days: 21 % of
// half hours depart by the re-plan margins (about 10 a day), in runs of 2.35 half hours on
// average, 72 % above the forecast, by a median 0.59 kW beyond the margin above and 0.20 kW below.
// An EV is driven on most days and comes home with less charge (US vehicles average about 37
// miles a day, FHWA); a home battery drifts off its plan only through the load it covers.
import { LOAD_REPLAN_MARGIN_KW, LOAD_REPLAN_MARGIN_SHARE, normal, seededRandom } from '@offpeak/cloud/bench';

/**
 * A departing run starts with this probability in a half hour that is neither in one nor right
 * after one (runs are the recorded home's maximal stretches): 4.3 runs a day, 8.8 usual half hours
 * between them on average.
 */
export const RUN_START_PER_HALF_HOUR = 0.113;
/** Mean length of a departing run, half hours (geometric). */
export const RUN_MEAN_HALF_HOURS = 2.35;
/** Share of departing runs above the forecast (an unplanned load); the rest are below (nobody home). */
export const RUN_ABOVE_SHARE = 0.72;
/** Mean of the exponential gap beyond the margin, kW, above and below the forecast. */
const BEYOND_MARGIN_MEAN_KW = { above: 0.85, below: 0.3 };
/** A house draws at least this (standby): a half hour below the forecast cannot go lower. */
export const STANDBY_KW = 0.1;

/** What the half hour's mean load is, against the usual day. */
export type HalfHourLoad = { kind: 'usual' } | { kind: 'above' | 'below'; beyondMarginKw: number };

/** The margin a half hour's load must exceed to depart from the planned `kw` (the cloud's rule). */
export const departureMarginKw = (kw: number) => Math.max(LOAD_REPLAN_MARGIN_KW, LOAD_REPLAN_MARGIN_SHARE * Math.max(0, kw));

const exponential = (random: () => number, mean: number) => -mean * Math.log(1 - random());

/** The 48 half hours of one local day of a home: usual, or departing above or below. */
export function loadDay(random: () => number): HalfHourLoad[] {
  const day: HalfHourLoad[] = [];
  let left = 0;
  let above = true;
  for (let s = 0; s < 48; s++) {
    const justEnded = s > 0 && left === 0 && day[s - 1]!.kind !== 'usual';
    if (left === 0 && !justEnded && random() < RUN_START_PER_HALF_HOUR) {
      // Geometric length with the recorded mean: each half hour continues with 1 - 1/mean.
      left = 1;
      while (random() < 1 - 1 / RUN_MEAN_HALF_HOURS) left++;
      above = random() < RUN_ABOVE_SHARE;
    }
    if (left === 0) {
      day.push({ kind: 'usual' });
      continue;
    }
    left--;
    const kind = above ? 'above' : 'below';
    day.push({ kind, beyondMarginKw: exponential(random, BEYOND_MARGIN_MEAN_KW[kind]) });
  }
  return day;
}

/** The half hour's mean load, kW, on a usual level of `usualKw`. */
export function halfHourKw(usualKw: number, load: HalfHourLoad): number {
  if (load.kind === 'usual') return usualKw;
  const gap = departureMarginKw(usualKw) + load.beyondMarginKw;
  // Below the usual level there may be no room: the house then draws its usual load.
  if (load.kind === 'below') return usualKw - gap >= STANDBY_KW ? usualKw - gap : usualKw;
  return usualKw + gap;
}

/** Probability that an EV is driven on a weekday. */
export const EV_DRIVEN_SHARE = 0.8;
/** Miles driven on a day it is driven: lognormal, median 30 and sigma 0.7 (a mean of 38). */
const MILES_MEDIAN = 30;
const MILES_SIGMA = 0.7;
/** kWh per mile at the wall (a mid-size EV with charging losses). */
export const KWH_PER_MILE = 0.3;

export interface EvDay {
  /** The local slots the car leaves at and is back at (their starts), or null on a day it stays home. */
  leaveSlot: number | null;
  returnSlot: number | null;
  /** Charge used by each of the two trips, percentage points of the battery. */
  tripPct: number;
}

/** One local day of a home's car with a `capacityKwh` battery: away from 07:00-09:00 to 16:30-19:30, and what it uses. */
export function evDay(random: () => number, capacityKwh: number): EvDay {
  if (random() >= EV_DRIVEN_SHARE) return { leaveSlot: null, returnSlot: null, tripPct: 0 };
  const leaveSlot = 14 + Math.floor(random() * 4);
  const returnSlot = 33 + Math.floor(random() * 6);
  const miles = Math.min(150, MILES_MEDIAN * Math.exp(MILES_SIGMA * normal(random)));
  return { leaveSlot, returnSlot, tripPct: ((miles * KWH_PER_MILE) / capacityKwh / 2) * 100 };
}

/** True while the car is away in `slot`. */
export const isAway = (day: EvDay, slot: number) => day.leaveSlot !== null && day.returnSlot !== null && slot >= day.leaveSlot && slot < day.returnSlot;

/** The home's own draws for one local date: the same on every run, different across homes and days. */
export function dayRandom(homeSeed: number, date: string): () => number {
  return seededRandom((homeSeed * 100_003 + Date.parse(`${date}T00:00:00Z`) / 86_400_000) >>> 0);
}
