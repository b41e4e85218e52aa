// Where the sun is: the NOAA "general solar position" equations (Spencer's Fourier series for the
// declination, the equation of time and the Earth-Sun distance). Accurate to a few tenths of a
// degree, far below what half-hour planning needs, and cheap enough for thousands of calls.
import { DAY_MS, HOUR_MS } from '../time/durations.js';

const DEG = Math.PI / 180;

/** Total solar irradiance at the mean Earth-Sun distance, W/m2. */
export const SOLAR_CONSTANT_WM2 = 1361;

/** The sun seen from a place at an instant. */
export interface SunPosition {
  /** Cosine of the zenith angle; 0 or less when the sun is below the horizon. */
  cosZenith: number;
  /** Degrees clockwise from north (90 east, 180 south, 270 west). */
  azimuthDeg: number;
  /** Irradiance on a plane facing the sun above the atmosphere, W/m2 (varies +-3.4 % over the year). */
  extraterrestrialWm2: number;
}

/** Sun position at `instant` seen from latitude `lat` and longitude `lon` (degrees, south and west negative). */
export function sunPosition(instant: Date, lat: number, lon: number): SunPosition {
  const ms = instant.getTime();
  const yearStart = Date.UTC(instant.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((ms - yearStart) / DAY_MS) + 1;
  const utcHours = (ms - Math.floor(ms / DAY_MS) * DAY_MS) / 3_600_000;
  const g = ((2 * Math.PI) / 365) * (dayOfYear - 1 + (utcHours - 12) / 24); // fractional year, radians
  const eqTimeMin = 229.18 * (0.000075 + 0.001868 * Math.cos(g) - 0.032077 * Math.sin(g) - 0.014615 * Math.cos(2 * g) - 0.040849 * Math.sin(2 * g));
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const distanceFactor = 1.00011 + 0.034221 * Math.cos(g) + 0.00128 * Math.sin(g) + 0.000719 * Math.cos(2 * g) + 0.000077 * Math.sin(2 * g);
  const trueSolarMin = utcHours * 60 + eqTimeMin + 4 * lon;
  const hourAngle = (trueSolarMin / 4 - 180) * DEG;
  const phi = lat * DEG;
  const cosZenith = Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(hourAngle);
  // Azimuth from south, positive westward, turned into the compass bearing.
  const fromSouth = Math.atan2(Math.sin(hourAngle), Math.cos(hourAngle) * Math.sin(phi) - Math.tan(decl) * Math.cos(phi));
  const azimuthDeg = (fromSouth / DEG + 180 + 360) % 360;
  return { cosZenith, azimuthDeg, extraterrestrialWm2: SOLAR_CONSTANT_WM2 * distanceFactor };
}

/** Sun positions at the midpoints of slots (`slotHours` long each). */
export function slotMidpointSuns(slotStarts: readonly Date[], slotHours: readonly number[], location: { lat: number; lon: number }): SunPosition[] {
  return slotStarts.map((start, i) => sunPosition(new Date(start.getTime() + ((slotHours[i] ?? 0) * HOUR_MS) / 2), location.lat, location.lon));
}
