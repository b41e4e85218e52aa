// One array's generation per slot, in the strongest tier its inputs allow:
//   learned     fitted yield (kW per W/m2 on the plane) x forecast plane irradiance (x shading)
//   irradiance  nameplate x performance ratio / 1000 x forecast plane irradiance
// and without an irradiance forecast:
//   learned     the typical sky's output scaled to the array's recent production (recent-yield.ts)
//   nameplate   nameplate x performance ratio / 1000 x plane irradiance of a typical sky
//               (clear-sky model x TYPICAL_SKY_FRACTION)
import type { SolarConfig } from '../appliance-types/solar.js';
import type { SlotIrradiance } from '../forecast/outdoor-forecast.js';
import { clearSkyGhiWm2, planeOfArrayWm2, type ArrayGeometry } from './irradiance.js';
import { hourOf, type RecentYield } from './recent-yield.js';
import type { SunPosition } from './sun-position.js';
import type { SolarYieldFit } from './yield-fit.js';

/** DC nameplate to AC output at 1000 W/m2 on the plane: inverter, temperature, wiring and soiling losses (NREL PVWatts' default losses come to about 0.8). */
export const PERFORMANCE_RATIO = 0.8;
/** Panel azimuth the planner assumes when the config has none: due south. */
export const DEFAULT_AZIMUTH_DEGREES = 180;
/** Tilt assumed when the config has none: a typical pitched residential roof. */
export const DEFAULT_TILT_DEGREES = 20;
/** Nameplate tier: the share of clear-sky irradiance an average day delivers (US annual means are 0.65-0.8). */
export const TYPICAL_SKY_FRACTION = 0.7;

/** Forecast tiers, strongest first. */
export const SOLAR_TIERS = ['learned', 'irradiance', 'nameplate'] as const;
export type SolarTier = (typeof SOLAR_TIERS)[number];

/** One array (one solar appliance) as the planner sees it. */
export interface SolarArrayInput {
  applianceId: string;
  /** DC nameplate, kW (config system_size_kw; 0 when unset: then only a learned fit forecasts anything). */
  nameplateKw: number;
  tiltDegrees: number;
  azimuthDegrees: number;
  /** An accepted fit (fitArrayYield), or null. */
  learned: SolarYieldFit | null;
  /** What its recent production says under the typical sky (fitRecentYield), or null: used without an irradiance forecast. */
  recentYield: RecentYield | null;
}

/** The array input from a solar appliance's config, with the documented defaults. */
export function solarArrayFromConfig(
  applianceId: string,
  config: SolarConfig,
  learned: SolarYieldFit | null,
  recentYield: RecentYield | null,
): SolarArrayInput {
  return { applianceId, nameplateKw: config.system_size_kw ?? 0, ...arrayGeometry(config), learned, recentYield };
}

/** The array's tilt and azimuth, with the documented defaults. */
export function arrayGeometry(config: SolarConfig): ArrayGeometry {
  return { tiltDegrees: config.tilt_degrees ?? DEFAULT_TILT_DEGREES, azimuthDegrees: config.azimuth_degrees ?? DEFAULT_AZIMUTH_DEGREES };
}

/** What 1 kW of nameplate makes under the typical sky (clear sky x TYPICAL_SKY_FRACTION), kW per slot. */
export function typicalSkyKwPerKw(geometry: ArrayGeometry, suns: readonly SunPosition[]): number[] {
  return suns.map((sun) => Math.max(0, (PERFORMANCE_RATIO / 1000) * planeOfArrayWm2(clearSkyGhiWm2(sun) * TYPICAL_SKY_FRACTION, null, sun, geometry)));
}

/** One array's day. */
export interface ArrayForecast {
  generationKw: number[];
  tier: SolarTier;
  /** kW per W/m2 used; null without an irradiance forecast. */
  yieldKwPerWm2: number | null;
  /** Highest forecast plane irradiance of the day; null without an irradiance forecast. */
  peakPoaWm2: number | null;
  shadingApplied: boolean;
}

/**
 * Generation per slot, kW. `suns` are the sun positions at the slot midpoints; shading factors are
 * indexed by the slot's local clock hour (slot i is hour floor(i / 2)).
 */
export function forecastArray(array: SolarArrayInput, suns: readonly SunPosition[], irradiance: SlotIrradiance | null): ArrayForecast {
  const geometry = { tiltDegrees: array.tiltDegrees, azimuthDegrees: array.azimuthDegrees };
  const ratedKwPerWm2 = (array.nameplateKw * PERFORMANCE_RATIO) / 1000;
  // Output never exceeds the nameplate (clipping); an unknown nameplate clips nothing.
  const clip = (kw: number) => Math.max(0, array.nameplateKw > 0 ? Math.min(kw, array.nameplateKw) : kw);
  if (!irradiance) {
    const unitKw = typicalSkyKwPerKw(geometry, suns);
    const recent = array.recentYield;
    if (recent) {
      const generationKw = unitKw.map((kw, i) => clip(recent.scale * kw * recent.hourFactors[hourOf(i)]!));
      return { generationKw, tier: 'learned', yieldKwPerWm2: null, peakPoaWm2: null, shadingApplied: recent.hourFactors.some((f) => f !== 1) };
    }
    return { generationKw: unitKw.map((kw) => clip(array.nameplateKw * kw)), tier: 'nameplate', yieldKwPerWm2: null, peakPoaWm2: null, shadingApplied: false };
  }
  const poa = suns.map((sun, i) => planeOfArrayWm2(irradiance.ghiWm2[i] ?? 0, irradiance.dhiWm2?.[i] ?? null, sun, geometry));
  const fit = array.learned;
  const yieldKwPerWm2 = fit ? fit.yieldKwPerWm2 : ratedKwPerWm2;
  const shading = fit?.shadingByHour ?? null;
  return {
    generationKw: poa.map((wm2, i) => clip(yieldKwPerWm2 * wm2 * (shading?.[Math.floor(i / 2)] ?? 1))),
    tier: fit ? 'learned' : 'irradiance',
    yieldKwPerWm2,
    peakPoaWm2: Math.max(0, ...poa),
    shadingApplied: shading !== null,
  };
}
