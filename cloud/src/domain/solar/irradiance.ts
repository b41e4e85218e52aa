// Sunlight on a tilted array from sunlight on the ground: a clear-sky model for when no forecast
// exists, the Erbs decomposition of global into beam and diffuse, and the isotropic-sky
// (Liu-Jordan) transposition onto the array plane. Formulas: docs/forecast-and-solar.md.
import type { SunPosition } from './sun-position.js';

const DEG = Math.PI / 180;

/** Ground reflectance seen by a tilted array (grass and roofs; snow would be 0.6+). */
export const GROUND_ALBEDO = 0.2;
// Below about 3 degrees of elevation the beam share of a measured GHI is unreliable (1 / cos z
// explodes), so such light counts as diffuse.
const MIN_COS_ZENITH_FOR_BEAM = 0.05;

/** Haurwitz clear-sky global horizontal irradiance, W/m2: 1098 cos z exp(-0.057 / cos z). */
export function clearSkyGhiWm2(sun: SunPosition): number {
  const c = sun.cosZenith;
  return c > 0 ? 1098 * c * Math.exp(-0.057 / c) : 0;
}

/** Erbs et al. (1982): the diffuse share of global horizontal irradiance from the clearness index kt. */
export function erbsDiffuseFraction(kt: number): number {
  if (kt <= 0.22) return 1 - 0.09 * kt;
  if (kt <= 0.8) return 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  return 0.165;
}

/** Orientation of an array: tilt from horizontal and compass azimuth of the direction it faces (180 = south). */
export interface ArrayGeometry {
  tiltDegrees: number;
  azimuthDegrees: number;
}

/**
 * Plane-of-array irradiance, W/m2, from global (and, when known, diffuse) horizontal irradiance.
 * Without a diffuse value the Erbs decomposition estimates it.
 */
export function planeOfArrayWm2(ghiWm2: number, dhiWm2: number | null, sun: SunPosition, geometry: ArrayGeometry): number {
  const cosZ = sun.cosZenith;
  if (cosZ <= 0 || !(ghiWm2 > 0)) return 0;
  let dhi: number;
  if (cosZ < MIN_COS_ZENITH_FOR_BEAM) dhi = ghiWm2;
  else if (dhiWm2 !== null && dhiWm2 >= 0) dhi = Math.min(dhiWm2, ghiWm2);
  else dhi = ghiWm2 * erbsDiffuseFraction(Math.min(ghiWm2 / (sun.extraterrestrialWm2 * cosZ), 1));
  const dni = Math.min((ghiWm2 - dhi) / Math.max(cosZ, MIN_COS_ZENITH_FOR_BEAM), sun.extraterrestrialWm2);
  const tilt = geometry.tiltDegrees * DEG;
  const sinZ = Math.sqrt(Math.max(0, 1 - cosZ * cosZ));
  const cosIncidence = cosZ * Math.cos(tilt) + sinZ * Math.sin(tilt) * Math.cos((sun.azimuthDeg - geometry.azimuthDegrees) * DEG);
  const beam = dni * Math.max(0, cosIncidence);
  const sky = (dhi * (1 + Math.cos(tilt))) / 2;
  const ground = (ghiWm2 * GROUND_ALBEDO * (1 - Math.cos(tilt))) / 2;
  return beam + sky + ground;
}
