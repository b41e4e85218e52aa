// The outdoor forecast of one local day from whatever sources answered, in order of preference:
// a fresh hub push, the fallback feed, the seasonal default. Pure: the resolver service fetches,
// this decides, so every branch is unit-tested without a network.
import type { LocalDate } from '../time/slot-grid.js';
import { seriesToSlots, type HourlySeries } from './hourly-series.js';
import type { ForecastLocation } from './location.js';
import type { FallbackWeather } from './open-meteo.js';
import { seasonalTempsF } from './seasonal-temps.js';

export type ForecastSource = 'pushed' | 'fallback' | 'seasonal';

/** Irradiance forecast per slot, W/m2. */
export interface SlotIrradiance {
  /** Global horizontal. */
  ghiWm2: number[];
  /** Diffuse horizontal, when the source gives it (else the solar model estimates it). */
  dhiWm2: number[] | null;
}

/** What planning gets for a day: always 48 temperatures, irradiance when a source had it. */
export interface OutdoorForecast {
  /** Outdoor temperature at each slot's midpoint, F. */
  tempsF: number[];
  /** Only the fallback feed has irradiance; null without it (solar then uses its nameplate tier). */
  irradiance: SlotIrradiance | null;
  /** Where tempsF came from. */
  source: ForecastSource;
  /** The place the forecast and the sun position are for (approximate without a known ZIP). */
  location: { lat: number; lon: number };
}

/** The day's grid: slot start instants and real slot lengths (slot-grid's slotStartsUtc, slotDurationsHours). */
export interface SlotGrid {
  date: LocalDate;
  slotStarts: readonly Date[];
  slotHours: readonly number[];
}

/** The irradiance of the fallback weather on the grid, or null when it has none or does not cover the day. */
export function irradianceOnGrid(weather: FallbackWeather, grid: SlotGrid): SlotIrradiance | null {
  const ghiWm2 = weather.ghiWm2 && seriesToSlots(weather.ghiWm2, grid.slotStarts, grid.slotHours);
  if (!ghiWm2) return null;
  const dhiWm2 = weather.dhiWm2 && seriesToSlots(weather.dhiWm2, grid.slotStarts, grid.slotHours);
  return { ghiWm2, dhiWm2: dhiWm2 ?? null };
}

/**
 * Chooses the day's forecast. Temperatures: the push when it covers the whole day, else the
 * fallback feed when it does, else the seasonal default. Irradiance comes from the fallback feed
 * whichever source gave the temperatures. `reasons` say why each better source was passed over.
 */
export function chooseOutdoorForecast(sources: { pushed: HourlySeries | null; fallback: FallbackWeather | null; location: ForecastLocation; grid: SlotGrid }): {
  forecast: OutdoorForecast;
  reasons: string[];
} {
  const { pushed, fallback, location, grid } = sources;
  const reasons: string[] = [];
  const place = { lat: location.lat, lon: location.lon };
  const irradiance = fallback ? irradianceOnGrid(fallback, grid) : null;
  const pushedTemps = pushed && seriesToSlots(pushed, grid.slotStarts, grid.slotHours);
  if (pushedTemps) return { forecast: { tempsF: pushedTemps, irradiance, source: 'pushed', location: place }, reasons };
  if (pushed) reasons.push(`pushed forecast does not cover ${grid.date}`);
  const fallbackTemps = fallback && seriesToSlots(fallback.tempsF, grid.slotStarts, grid.slotHours);
  if (fallbackTemps) return { forecast: { tempsF: fallbackTemps, irradiance, source: 'fallback', location: place }, reasons };
  if (fallback) reasons.push(`fallback forecast does not cover ${grid.date}`);
  return { forecast: { tempsF: seasonalTempsF(location.lat, grid.date), irradiance, source: 'seasonal', location: place }, reasons };
}
