import * as yup from 'yup';
import { BODY_NOT_OBJECT_DETAIL } from '../domain/validation/plain-object.js';
import * as t from '../domain/validation/typed-schema.js';

/** Limits of a forecast push. */
export const WEATHER_LIMITS = {
  minHours: 24,
  maxHours: 72,
  tempF: [-50, 150],
  humidityPct: [0, 100],
  windMph: [0, 200],
} as const;

const { minHours, maxHours } = WEATHER_LIMITS;
const hourly = ([minimum, maximum]: readonly [number, number], description: string) =>
  t.array(t.number({ minimum, maximum }), { minItems: minHours, maxItems: maxHours, description });

/**
 * POST /api/v1/weather body. The forecast is checked by hand (forecastProblem: one detail, in a fixed
 * order, naming the first bad value), so this schema describes it from the same limits.
 */
export const weatherPush = t.component(
  'WeatherPush',
  t.object({
    forecast: t.object({
      hourly_temps_f: hourly(WEATHER_LIMITS.tempF, `${minHours}-${maxHours} finite values, F, starting at hour 0 of the push date`),
      hourly_humidity: t.optional(t.nullable(hourly(WEATHER_LIMITS.humidityPct, 'Same length as hourly_temps_f; %'))),
      hourly_wind_mph: t.optional(t.nullable(hourly(WEATHER_LIMITS.windMph, 'Same length as hourly_temps_f; mph'))),
    }),
  }),
);
export type WeatherPushRequest = t.Infer<typeof weatherPush>;
/** The hourly forecast a client pushes; hour 0 is local midnight of the push date. */
export type WeatherForecastInput = WeatherPushRequest['forecast'];

/** POST /api/v1/weather 201 response. */
export const weatherAccepted = t.component('WeatherAccepted', t.object({ accepted_hours: t.integer(), pushed_at: t.dateTime('UTC ISO 8601') }));
export type WeatherPushResponse = t.Infer<typeof weatherAccepted>;

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
