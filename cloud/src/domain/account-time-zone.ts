import { lookupZip } from './geo/zip-lookup.js';
import { isValidTimeZone } from './time/slot-grid.js';

/**
 * The time zone an account's local day is computed in: the stored IANA name when valid, else the
 * zone of its ZIP code (offline table), else UTC.
 */
export function effectiveTimeZone(profile: { timezone: string | null; location_zip: string }): string {
  if (profile.timezone && isValidTimeZone(profile.timezone)) return profile.timezone;
  return lookupZip(profile.location_zip)?.timeZone ?? 'UTC';
}
