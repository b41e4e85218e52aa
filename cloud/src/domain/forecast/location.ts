// Where an account's weather comes from: the centroid of its ZIP's 3-digit area (offline table),
// rounded so every account of one area shares one fallback-feed request and one cache entry.
import { lookupZip } from '../geo/zip-lookup.js';
import { utcOffsetMinutes } from '../time/slot-grid.js';

/** A place to ask the weather for (degrees, south and west negative). */
export interface ForecastLocation {
  lat: number;
  lon: number;
  /** Cache and grouping key of the fallback feed ("lat,lon" at 0.1 degree); null for an approximate location, which is never sent out. */
  key: string | null;
}

/** Latitude assumed without a ZIP: the middle of the contiguous US. */
export const APPROXIMATE_LATITUDE = 40;

// Mid-January and mid-July: one of them is standard time in either hemisphere.
const STANDARD_TIME_PROBES = [new Date('2025-01-15T12:00:00Z'), new Date('2025-07-15T12:00:00Z')];

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The ZIP area's rounded centroid; without a known ZIP an approximate location: latitude 40 and the
 * longitude of the zone's standard-time meridian (15 degrees per hour of UTC offset), good enough
 * for the seasonal default and for placing solar noon.
 */
export function forecastLocation(zip: string, timeZone: string): ForecastLocation {
  const info = lookupZip(zip);
  if (info) {
    const lat = round1(info.lat);
    const lon = round1(info.lon);
    return { lat, lon, key: `${lat.toFixed(1)},${lon.toFixed(1)}` };
  }
  const standardOffsetMin = Math.min(...STANDARD_TIME_PROBES.map((at) => utcOffsetMinutes(at, timeZone)));
  return { lat: APPROXIMATE_LATITUDE, lon: (standardOffsetMin / 60) * 15, key: null };
}
