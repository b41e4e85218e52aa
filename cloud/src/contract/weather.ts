import * as yup from 'yup';
import { BODY_NOT_OBJECT_DETAIL } from '../domain/validation/plain-object.js';

/** The hourly forecast a client pushes; hour 0 is local midnight of the push date. */
export interface WeatherForecastInput {
  hourly_temps_f: number[];
  hourly_humidity?: number[] | null;
  hourly_wind_mph?: number[] | null;
}

/** POST /api/v1/weather body. */
export interface WeatherPushRequest {
  forecast: WeatherForecastInput;
}

/** POST /api/v1/weather 201 response. */
export interface WeatherPushResponse {
  accepted_hours: number;
  /** UTC ISO 8601. */
  pushed_at: string;
}

/** Limits of a forecast push. */
export const WEATHER_LIMITS = {
  minHours: 24,
  maxHours: 72,
  tempF: [-50, 150],
  humidityPct: [0, 100],
  windMph: [0, 200],
} as const;

/** Error details of POST /api/v1/weather that do not depend on the input. */
export const WEATHER_DETAIL = {
  forecastRequired: 'forecast is required',
  forecastNotObject: 'forecast must be an object',
  storeFailed: 'Failed to store weather forecast',
} as const;

/** Longest rendering of a bad value in a range error; a longer one is cut and ends in `...`. */
const SHOWN_MAX_CHARS = 40;

/**
 * A value as it appears in a range error: numbers as written, strings and null as JSON, arrays and
 * objects by kind only (rendering them could recurse through thousands of levels), cut to 40 characters.
 */
function shown(value: unknown): string {
  let text: string;
  if (typeof value === 'number') text = String(value);
  else if (Array.isArray(value)) text = 'an array';
  else if (typeof value === 'object' && value !== null) text = 'an object';
  else text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN_MAX_CHARS ? `${text.slice(0, SHOWN_MAX_CHARS)}...` : text;
}

/** The first value that is not a finite number in [min, max], as the range error detail. */
function rangeProblem(name: string, values: unknown[], [min, max]: readonly [number, number]): string | null {
  const i = values.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max);
  return i === -1 ? null : `forecast.${name}[${i}]=${shown(values[i])} is outside the allowed range [${min}, ${max}]`;
}

/** Problem with an optional series (humidity, wind) that must match the temperatures' length. */
function seriesProblem(name: string, value: unknown, length: number, range: readonly [number, number]): string | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) return `forecast.${name} must be an array of numbers or null`;
  if (value.length !== length) return `forecast.${name} length must match hourly_temps_f`;
  return rangeProblem(name, value, range);
}

/**
 * The first problem of a forecast object, in this order: temperatures count, each temperature,
 * humidity (length, values), wind (length, values); null when it is valid.
 */
export function forecastProblem(forecast: unknown): string | null {
  if (typeof forecast !== 'object' || forecast === null || Array.isArray(forecast)) return WEATHER_DETAIL.forecastNotObject;
  const f = forecast as Record<string, unknown>;
  const temps = f.hourly_temps_f;
  const { minHours, maxHours } = WEATHER_LIMITS;
  if (!Array.isArray(temps) || temps.length < minHours || temps.length > maxHours) {
    return `forecast.hourly_temps_f must contain between ${minHours} and ${maxHours} hourly values`;
  }
  return (
    rangeProblem('hourly_temps_f', temps, WEATHER_LIMITS.tempF) ??
    seriesProblem('hourly_humidity', f.hourly_humidity, temps.length, WEATHER_LIMITS.humidityPct) ??
    seriesProblem('hourly_wind_mph', f.hourly_wind_mph, temps.length, WEATHER_LIMITS.windMph)
  );
}

/** POST /api/v1/weather body; the 400 detail is the first problem found (forecastProblem). */
export const weatherPushSchema = yup
  .object({
    forecast: yup
      .mixed<WeatherForecastInput>()
      .required(WEATHER_DETAIL.forecastRequired)
      .test('forecast', (value, ctx) => {
        const problem = forecastProblem(value);
        // A function message: yup would otherwise interpolate `${...}` found in user values.
        return problem === null || ctx.createError({ message: () => problem });
      }),
  })
  .typeError(BODY_NOT_OBJECT_DETAIL);
