// The Open-Meteo forecast API as the fallback weather source: the request for one location and a
// strict reader of its JSON.
import { HOUR_MS, type HourlySeries } from './hourly-series.js';

/** What the fallback feed gives for one location, every series in real (UTC) hours. */
export interface FallbackWeather {
  /** Air temperature at 2 m, F, sampled at each stamped hour. */
  tempsF: HourlySeries;
  /** Global horizontal irradiance, W/m2. Open-Meteo stamps the mean over the preceding hour; the sample sits mid-hour. */
  ghiWm2: HourlySeries | null;
  /** Diffuse horizontal irradiance, W/m2, placed like ghiWm2. */
  dhiWm2: HourlySeries | null;
}

export type ParsedFallback = { ok: true; weather: FallbackWeather } | { ok: false; reason: string };

/** Days of past hours asked for besides the forecast: the window the learned solar yield is fitted on. */
export const PAST_DAYS = 14;
/** Forecast days asked for: today and the next two UTC days cover tomorrow in every time zone. */
export const FORECAST_DAYS = 3;

const HOURLY_VARIABLES = 'temperature_2m,shortwave_radiation,diffuse_radiation';
const TIME_STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const TEMP_RANGE_F: [number, number] = [-100, 150];
// Above the solar constant nothing on the ground is plausible.
const IRRADIANCE_RANGE_WM2: [number, number] = [0, 1400];

/** GET URL of the forecast for a location: hourly temperature (F) and irradiance, stamped in GMT. */
export function openMeteoUrl(baseUrl: string, location: { lat: number; lon: number }): string {
  const params = new URLSearchParams({
    latitude: location.lat.toFixed(2),
    longitude: location.lon.toFixed(2),
    hourly: HOURLY_VARIABLES,
    temperature_unit: 'fahrenheit',
    timezone: 'GMT',
    past_days: String(PAST_DAYS),
    forecast_days: String(FORECAST_DAYS),
  });
  return `${baseUrl.replace(/\/+$/, '')}/v1/forecast?${params}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The values of one hourly variable, or a reason it is unusable. */
function readValues(hourly: Record<string, unknown>, name: string, length: number, [min, max]: [number, number]): (number | null)[] | string {
  const raw = hourly[name];
  if (!Array.isArray(raw) || raw.length !== length) return `hourly.${name} must be an array as long as hourly.time`;
  for (let i = 0; i < raw.length; i++) {
    const v: unknown = raw[i];
    if (v === null) continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) return `hourly.${name}[${i}]=${JSON.stringify(v)} is outside [${min}, ${max}]`;
  }
  return raw as (number | null)[];
}

/** Reads an Open-Meteo forecast body; anything unexpected gives a reason instead of a guess. */
export function parseOpenMeteo(json: unknown): ParsedFallback {
  const hourly = isRecord(json) ? json.hourly : undefined;
  if (!isRecord(json) || !isRecord(hourly)) return { ok: false, reason: 'no hourly object' };
  const offsetS = json.utc_offset_seconds ?? 0;
  if (typeof offsetS !== 'number' || !Number.isFinite(offsetS)) return { ok: false, reason: 'utc_offset_seconds is not a number' };
  const times = hourly.time;
  if (!Array.isArray(times) || times.length === 0) return { ok: false, reason: 'hourly.time is empty' };
  let firstMs = NaN;
  for (let i = 0; i < times.length; i++) {
    const t: unknown = times[i];
    // Stamps are wall time of the requested zone without an offset; utc_offset_seconds places them.
    const ms = typeof t === 'string' && TIME_STAMP.test(t) ? Date.parse(`${t}:00Z`) - offsetS * 1000 : NaN;
    if (i === 0) firstMs = ms;
    if (!Number.isFinite(ms) || ms !== firstMs + i * HOUR_MS) return { ok: false, reason: `hourly.time[${i}] is not the next hour` };
  }
  const temps = readValues(hourly, 'temperature_2m', times.length, TEMP_RANGE_F);
  if (typeof temps === 'string') return { ok: false, reason: temps };
  const irradiance = (name: string): HourlySeries | null | string => {
    if (hourly[name] === undefined) return null;
    const values = readValues(hourly, name, times.length, IRRADIANCE_RANGE_WM2);
    return typeof values === 'string' ? values : { firstAt: new Date(firstMs - HOUR_MS / 2), values };
  };
  const ghi = irradiance('shortwave_radiation');
  if (typeof ghi === 'string') return { ok: false, reason: ghi };
  const dhi = irradiance('diffuse_radiation');
  if (typeof dhi === 'string') return { ok: false, reason: dhi };
  return { ok: true, weather: { tempsF: { firstAt: new Date(firstMs), values: temps }, ghiWm2: ghi, dhiWm2: ghi ? dhi : null } };
}
