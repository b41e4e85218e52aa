// The hourly forecast of the weather entity as the cloud wants it: Fahrenheit, %, mph,
// hour 0 = local midnight of the push date in the account's zone, 24-72 values. Hours of the push
// date that are already past (the push runs at 02:30-03:30 UTC, which is the evening before in the
// Americas) have no forecast item: they take the entity's current values, else the first forecast
// hour. Pure.
import type { WeatherForecastInput } from '@offpeak/cloud/contract';
import type { HassEntity } from 'home-assistant-js-websocket';
import { localParts } from './local-time.js';
import { round1, toF, toMph } from './units.js';

export interface ForecastItem {
  datetime: string;
  temperature?: number | null;
  humidity?: number | null;
  wind_speed?: number | null;
}

const HOUR_MS = 3_600_000;
const MAX_HOURS = 72;

/** The instant of local midnight starting the local date of `ms` in `zone`. */
export function localMidnightMs(ms: number, zone: string): number {
  const { date } = localParts(ms, zone);
  // Start at UTC midnight of that date and walk back/forward by hours to the first local 00:xx.
  let t = Date.parse(`${date}T00:00:00Z`) - 15 * HOUR_MS;
  while (localParts(t, zone).date !== date) t += 15 * 60_000;
  return t;
}

/** The forecast body, or null when it cannot cover 24 hours. */
export function forecastForPush(
  items: ForecastItem[],
  weather: HassEntity | undefined,
  systemUnit: string,
  nowMs: number,
  zone: string,
): WeatherForecastInput | null {
  const tempUnit = (weather?.attributes.temperature_unit as string | undefined) ?? systemUnit;
  const windUnit = weather?.attributes.wind_speed_unit as string | undefined;
  const byHour = new Map<number, ForecastItem>();
  for (const item of items) {
    const t = Date.parse(item.datetime);
    if (Number.isFinite(t) && typeof item.temperature === 'number') byHour.set(Math.floor(t / HOUR_MS), item);
  }
  if (byHour.size === 0) return null;
  const start = localMidnightMs(nowMs, zone);
  const firstHour = Math.min(...byHour.keys());
  const lastHour = Math.max(...byHour.keys());
  const current = typeof weather?.attributes.temperature === 'number' ? (weather.attributes.temperature as number) : null;
  const temps: number[] = [];
  const humidity: (number | null)[] = [];
  const wind: (number | null)[] = [];
  // Past hours of the day: what the entity reports now, else the first forecast hour.
  const first = byHour.get(firstHour)!;
  const attrs = weather?.attributes ?? {};
  const past: ForecastItem = {
    datetime: '',
    temperature: current ?? first.temperature,
    humidity: typeof attrs.humidity === 'number' ? attrs.humidity : first.humidity,
    wind_speed: typeof attrs.wind_speed === 'number' ? attrs.wind_speed : first.wind_speed,
  };
  let previous: ForecastItem | undefined;
  for (let h = Math.floor(start / HOUR_MS); h <= lastHour && temps.length < MAX_HOURS; h++) {
    const item = byHour.get(h) ?? (h < firstHour ? past : previous);
    const temp = item?.temperature;
    if (temp === null || temp === undefined) break;
    temps.push(round1(toF(temp, tempUnit)));
    humidity.push(typeof item?.humidity === 'number' ? item.humidity : null);
    const w = typeof item?.wind_speed === 'number' ? toMph(item.wind_speed, windUnit) : null;
    wind.push(w === null ? null : round1(w));
    if (item && item !== past) previous = item;
  }
  if (temps.length < 24) return null;
  const out: WeatherForecastInput = { hourly_temps_f: temps };
  // The optional series go only when complete (the cloud wants one value per hour).
  if (humidity.every((v) => v !== null && v >= 0 && v <= 100)) out.hourly_humidity = humidity as number[];
  if (wind.every((v) => v !== null && v >= 0 && v <= 200)) out.hourly_wind_mph = wind as number[];
  return out;
}

/** True when `ms` falls in the daily push window, 02:30-03:30 UTC. */
export function inPushWindow(ms: number): boolean {
  const minute = Math.floor((ms % 86_400_000) / 60_000);
  return minute >= 150 && minute < 210;
}

/**
 * The installs' offsets into the window are spread over its first 50 minutes: with the check every
 * 10 minutes, the push still lands inside the hour. Each push makes the cloud re-plan the account,
 * and a fleet on NTP clocks all pushing at the window's first check would ask for every home's
 * re-plan within the same 10 minutes.
 */
export const WEATHER_PUSH_SPREAD_MS = 50 * 60_000;

/** A per-install offset into the push window in [0, WEATHER_PUSH_SPREAD_MS), drawn once at start. */
export function drawWeatherPushOffsetMs(random: () => number = Math.random): number {
  return Math.floor(random() * WEATHER_PUSH_SPREAD_MS);
}

/** True when today's push is due at `ms`: inside the window, at least `offsetMs` after its start (02:30 UTC). */
export function isPushDue(ms: number, offsetMs: number): boolean {
  const intoWindowMs = (ms % 86_400_000) - 150 * 60_000;
  return inPushWindow(ms) && intoWindowMs >= offsetMs;
}
