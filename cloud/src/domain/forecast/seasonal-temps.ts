// The seasonal default outdoor temperature: what planning uses when neither a pushed forecast nor
// the fallback feed is available, so a plan can always be made offline. It is a climatology, not a
// forecast: monthly normal mean temperatures by latitude, interpolated between latitude rows and
// between mid-month days, with a cosine daily cycle peaking mid-afternoon local time.
import { daysBetween, type LocalDate } from '../time/slot-grid.js';

/**
 * Monthly normal mean temperatures (F, January..December) at a latitude, northern hemisphere.
 * Rounded from NOAA 1991-2020 US normals of representative stations near each latitude (10: a
 * tropical station; 25: Miami; 30: Houston; 35: Memphis; 40: Philadelphia; 45: a Minneapolis /
 * Portland OR blend; 55: a Calgary / Anchorage blend; 65: Fairbanks). Continental US climates
 * at one latitude differ by several degrees (coast vs. interior); this is a default, not a forecast.
 */
const NORMALS_BY_LATITUDE: ReadonlyArray<readonly [number, readonly number[]]> = [
  [10, [80, 80, 81, 82, 82, 81, 81, 81, 81, 81, 81, 80]],
  [25, [68, 70, 72, 76, 79, 82, 84, 84, 83, 80, 75, 71]],
  [30, [53, 57, 63, 70, 77, 82, 84, 85, 80, 72, 62, 55]],
  [35, [41, 46, 54, 63, 72, 80, 83, 82, 75, 64, 53, 44]],
  [40, [33, 36, 44, 55, 65, 74, 79, 78, 70, 59, 48, 38]],
  [45, [22, 27, 37, 49, 60, 69, 74, 72, 63, 50, 38, 27]],
  [55, [15, 19, 27, 38, 48, 56, 60, 58, 50, 37, 24, 17]],
  [65, [-8, -2, 11, 32, 50, 61, 63, 57, 45, 25, 4, -4]],
];

/** Half the typical daily range (max minus min), F: US stations average about 18 F. */
export const DIURNAL_HALF_RANGE_F = 9;
/** Local clock hour of the daily maximum; the minimum comes 12 hours earlier. */
export const WARMEST_HOUR = 15;

const DAYS_PER_MONTH = 365.25 / 12;
const MID_MONTH_DAY = DAYS_PER_MONTH / 2;

/** Monthly normal at fractional month `m` (0 = mid-January), linear between mid-months, wrapping the year. */
function normalAtMonth(row: readonly number[], m: number): number {
  const wrapped = ((m % 12) + 12) % 12;
  const j = Math.floor(wrapped);
  const frac = wrapped - j;
  return row[j]! + (row[(j + 1) % 12]! - row[j]!) * frac;
}

/** Mean temperature of the day (F) at a latitude (degrees, south negative) and local date. */
export function seasonalMeanTempF(lat: number, date: LocalDate): number {
  const dayOfYear = daysBetween(`${date.slice(0, 4)}-01-01`, date);
  // The southern hemisphere's seasons are six months apart from the northern ones.
  const m = (dayOfYear - MID_MONTH_DAY) / DAYS_PER_MONTH + (lat < 0 ? 6 : 0);
  const absLat = Math.min(Math.abs(lat), 90);
  const rows = NORMALS_BY_LATITUDE;
  const upper = rows.findIndex(([rowLat]) => rowLat >= absLat);
  if (upper <= 0) return normalAtMonth(rows[upper === 0 ? 0 : rows.length - 1]![1], m);
  const [latA, rowA] = rows[upper - 1]!;
  const [latB, rowB] = rows[upper]!;
  const w = (absLat - latA) / (latB - latA);
  return normalAtMonth(rowA, m) * (1 - w) + normalAtMonth(rowB, m) * w;
}

/** The 48 slot temperatures (F) of a local day: the day's normal mean plus a cosine daily cycle on the local clock. */
export function seasonalTempsF(lat: number, date: LocalDate): number[] {
  const mean = seasonalMeanTempF(lat, date);
  return Array.from({ length: 48 }, (_, i) => {
    const hour = i / 2 + 0.25; // the slot's midpoint on the wall clock
    return mean + DIURNAL_HALF_RANGE_F * Math.cos((2 * Math.PI * (hour - WARMEST_HOUR)) / 24);
  });
}
