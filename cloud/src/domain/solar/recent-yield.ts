// An array's output learned from its own recent production, for days without an irradiance
// forecast (neither coordinates nor a ZIP the feed knows, or the feed down): the typical sky's
// output (the nameplate tier's, per kW of nameplate) scaled to what the array made over the days
// before, with a factor per local hour for its shade and orientation. It needs no nameplate and no
// weather.
import { addDays, slotDurationsHours, slotStartsUtc, type LocalDate } from '../time/slot-grid.js';
import { typicalSkyKwPerKw } from './array-forecast.js';
import type { ArrayGeometry } from './irradiance.js';
import { slotMeanLookup } from './slot-means.js';
import { slotMidpointSuns, type SunPosition } from './sun-position.js';

/** An array's recent yield against the typical sky. */
export interface RecentYield {
  /** kW the array makes per kW a 1 kW array makes under the typical sky: the fortnight's and yesterday's, weighed YESTERDAY_WEIGHT. */
  scale: number;
  /** 24 factors by hour of the day (slot i is hour floor(i / 2)), within [0, MAX_HOUR_FACTOR]; 1 for an hour with too few readings. */
  hourFactors: number[];
  /** Days with production readings in daylight it was learned from. */
  nDays: number;
}

/** The days before the planned one it is learned from... */
export const RECENT_YIELD_DAYS = 14;
/** ...of which at least this many must have readings in daylight. */
export const MIN_RECENT_DAYS = 7;
/**
 * Yesterday's own yield counts this much of the scale, the fortnight's the rest: the weather
 * lasts, so yesterday's sky says more of today's than a day two weeks back, and less than the two
 * together (the recorded homes' sun forecast errors: docs/benchmarks.md).
 */
export const YESTERDAY_WEIGHT = 0.5;
/** An hour gets its own factor only with this many daylight slots with readings; factors are kept within [0, 1.5]. */
const MIN_HOUR_SLOTS = 3;
const MAX_HOUR_FACTOR = 1.5;

/** The hour a slot's factor is kept under. */
export const hourOf = (slot: number) => Math.min(23, Math.floor(slot / 2));

/** Sun positions at the midpoints of a local day's slots. */
export function slotSuns(date: LocalDate, timeZone: string, location: { lat: number; lon: number }): SunPosition[] {
  return slotMidpointSuns(slotStartsUtc(date, timeZone), slotDurationsHours(date, timeZone), location);
}

/**
 * The array's yield over the RECENT_YIELD_DAYS local days before `date`, from its half-hour mean
 * production (W, on the UTC half-hour grid: slot-means.ts); null with fewer than MIN_RECENT_DAYS
 * days of daylight readings or no output at all.
 */
export function fitRecentYield(args: {
  date: LocalDate;
  timeZone: string;
  location: { lat: number; lon: number };
  geometry: ArrayGeometry;
  means: readonly { start: Date; meanWatts: number }[];
}): RecentYield | null {
  if (args.means.length === 0) return null;
  const meanKw = slotMeanLookup(args.means);
  const made = Array<number>(24).fill(0);
  const typical = Array<number>(24).fill(0);
  const slots = Array<number>(24).fill(0);
  const yesterday = { made: 0, typical: 0 };
  let nDays = 0;
  for (let back = 1; back <= RECENT_YIELD_DAYS; back++) {
    const day = addDays(args.date, -back);
    const unitKw = typicalSkyKwPerKw(args.geometry, slotSuns(day, args.timeZone, args.location));
    let counted = false;
    slotStartsUtc(day, args.timeZone).forEach((start, s) => {
      const kw = meanKw(start);
      if (kw === null || !(unitKw[s]! > 0)) return;
      made[hourOf(s)]! += kw;
      typical[hourOf(s)]! += unitKw[s]!;
      slots[hourOf(s)]! += 1;
      if (back === 1) {
        yesterday.made += kw;
        yesterday.typical += unitKw[s]!;
      }
      counted = true;
    });
    if (counted) nDays++;
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const fortnight = sum(made) / sum(typical);
  if (nDays < MIN_RECENT_DAYS || !(fortnight > 0)) return null;
  const hourFactors = made.map((m, h) => (slots[h]! >= MIN_HOUR_SLOTS ? Math.min(MAX_HOUR_FACTOR, m / typical[h]! / fortnight) : 1));
  // A yesterday without daylight readings says nothing of the weather: the fortnight's alone.
  const scale = yesterday.typical > 0 ? YESTERDAY_WEIGHT * (yesterday.made / yesterday.typical) + (1 - YESTERDAY_WEIGHT) * fortnight : fortnight;
  return { scale, hourFactors, nDays };
}
