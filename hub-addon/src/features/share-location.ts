// The home's location for the cloud: Home Assistant knows its coordinates (get_config), and the
// cloud places the weather feed (temperatures, irradiance) and the sun with them before the ZIP;
// without them a home outside the US has no weather forecast and is placed at latitude 40. At each
// profile pull (plans.ts pullAppliances: the start, then about hourly) an account without a
// location gets Home Assistant's, rounded to 0.1 degree (about 11 km): what the cloud keeps, so no
// more precision leaves the house. A location the account has, from here or the dashboard, is never
// overwritten; the option share_location: false sends nothing. A failed patch waits for the next pull.
import type { Profile } from '@offpeak/cloud/contract';
import type { HassConfig } from 'home-assistant-js-websocket';
import type { AddonContext } from '../context.js';
import { describe } from '../ha.js';

/** Coordinates in degrees, south and west negative. */
export interface HomeLocation {
  latitude: number;
  longitude: number;
}

/** Steps per degree the cloud keeps a coordinate to (0.1 degree). */
const STEPS_PER_DEGREE = 10;

/** A coordinate to 0.1 degree, the way the cloud rounds it (never -0). */
export function roundDegrees(degrees: number): number {
  return Math.round(degrees * STEPS_PER_DEGREE) / STEPS_PER_DEGREE || 0;
}

/**
 * The PATCH /auth/me body that gives the account Home Assistant's location, or null: the option is
 * off, the profile has a location (or is from a cloud without the fields: undefined is not null), or
 * Home Assistant has no usable coordinates (0, 0 is its default before a location is set).
 */
export function locationPatch(
  profile: Pick<Profile, 'latitude' | 'longitude'> | null,
  haConfig: Partial<Pick<HassConfig, 'latitude' | 'longitude'>> | null,
  shareLocation: boolean,
): HomeLocation | null {
  if (!shareLocation || profile?.latitude !== null || profile.longitude !== null) return null;
  const { latitude, longitude } = haConfig ?? {};
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return null;
  return { latitude: roundDegrees(latitude), longitude: roundDegrees(longitude) };
}

/** Sends Home Assistant's location when locationPatch has one, and keeps the profile the cloud answers; never throws. */
export async function shareLocation(ctx: AddonContext): Promise<void> {
  const patch = locationPatch(ctx.state.profile, ctx.ha.config, ctx.config.shareLocation !== false);
  if (!patch) return;
  try {
    // Not through viaCloud: a refusal concerns this patch alone, and the link status would take a
    // refused /auth/ call for the account's.
    ctx.state.profile = await ctx.cloud.updateProfile(patch);
    ctx.log.info('home location sent to Offpeak from Home Assistant, to 0.1 degree', { ...patch });
  } catch (e) {
    ctx.log.warn('could not send the home location; tried again at the next profile pull', { ...patch, error: describe(e) });
  }
}
