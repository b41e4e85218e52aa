// Where an account's weather comes from: the cell of a 0.25-degree grid holding the home's own
// coordinates when the profile has them, else the centroid of its ZIP's 3-digit area (offline
// table, rounded to 0.1 degree), so the homes of one place share one fallback-feed request and one
// cache entry.
import { lookupZip } from '../geo/zip-lookup.js';
import { utcOffsetMinutes } from '../time/slot-grid.js';

/** A place to ask the weather for (degrees, south and west negative). */
export interface ForecastLocation {
  lat: number;
  lon: number;
  /** Cache and grouping key of the fallback feed ("lat,lon" as the numbers print); null for an approximate location, which is never sent out. */
  key: string | null;
}

/** A home's coordinates as its profile keeps them (degrees to 0.1, south and west negative). */
export interface Coordinates {
  lat: number;
  lon: number;
}

/** The profile's coordinates, or null when it has none (they are set and cleared together). */
export function coordinatesOf(profile: { latitude?: number | null; longitude?: number | null } | null | undefined): Coordinates | null {
  const lat = profile?.latitude;
  const lon = profile?.longitude;
  return typeof lat === 'number' && typeof lon === 'number' ? { lat, lon } : null;
}

/** Latitude assumed without a ZIP: the middle of the contiguous US. */
export const APPROXIMATE_LATITUDE = 40;

// Mid-January and mid-July: one of them is standard time in either hemisphere.
const STANDARD_TIME_PROBES = [new Date('2025-01-15T12:00:00Z'), new Date('2025-07-15T12:00:00Z')];

/** Degrees to 0.1 (about 11 km): what the profile keeps. */
export const roundDegrees = (x: number) => Math.round(x * 10) / 10;

/**
 * The grid a home's coordinates are asked of the feed on, degrees: about the global weather
 * models' own resolution, and coarse enough that a fleet's homes share requests (the nightly run
 * asks once per cell, not once per home). The sun moves 30 seconds across half a cell.
 */
export const FEED_GRID_DEGREES = 0.25;

const onGrid = (x: number) => Math.round(x / FEED_GRID_DEGREES) * FEED_GRID_DEGREES;

// `+ 0` turns -0 into 0, which prints the same as the feed is asked for it.
const keyed = (lat: number, lon: number): ForecastLocation => ({ lat: lat + 0, lon: lon + 0, key: `${lat + 0},${lon + 0}` });

/**
 * The home's own coordinates, on the feed's grid; else the ZIP area's centroid; without either an
 * approximate location: latitude 40 and the longitude of the zone's standard-time meridian (15
 * degrees per hour of UTC offset), good enough for the seasonal default and for placing solar
 * noon, and never sent out.
 */
export function forecastLocation(zip: string, timeZone: string, coordinates: Coordinates | null = null): ForecastLocation {
  if (coordinates) return keyed(onGrid(coordinates.lat), onGrid(coordinates.lon));
  const info = lookupZip(zip);
  if (info) return keyed(roundDegrees(info.lat), roundDegrees(info.lon));
  const standardOffsetMin = Math.min(...STANDARD_TIME_PROBES.map((at) => utcOffsetMinutes(at, timeZone)));
  return { lat: APPROXIMATE_LATITUDE, lon: (standardOffsetMin / 60) * 15, key: null };
}
