import { WEATHER_LIMITS } from '../../contract/index.js';
import { json, operation, orNull, ref, type ApiModule, type Schema } from './builders.js';
import { DATE_TIME } from './components.js';

const TAG = 'Weather';
const { minHours, maxHours, tempF, humidityPct, windMph } = WEATHER_LIMITS;
const hourly = ([minimum, maximum]: readonly [number, number], description: string): Schema => ({
  type: 'array',
  items: { type: 'number', minimum, maximum },
  minItems: minHours,
  maxItems: maxHours,
  description,
});

/** Forecast pushes from a hub's weather entity. */
export const weatherApi: ApiModule = {
  tag: { name: TAG, description: 'Hourly forecasts pushed by the client; fresh for 24 hours, else a fallback source is used.' },
  schemas: {
    // The forecast is checked by hand (forecastProblem, one detail in a fixed order), so its schema is stated here from the same limits.
    WeatherPush: {
      type: 'object',
      properties: {
        forecast: {
          type: 'object',
          properties: {
            hourly_temps_f: hourly(tempF, `${minHours}-${maxHours} finite values, F, starting at hour 0 of the push date`),
            hourly_humidity: orNull(hourly(humidityPct, 'Same length as hourly_temps_f; %')),
            hourly_wind_mph: orNull(hourly(windMph, 'Same length as hourly_temps_f; mph')),
          },
          required: ['hourly_temps_f'],
        },
      },
      required: ['forecast'],
    },
    WeatherAccepted: {
      type: 'object',
      properties: { accepted_hours: { type: 'integer' }, pushed_at: { ...DATE_TIME, description: 'UTC ISO 8601' } },
      required: ['accepted_hours', 'pushed_at'],
    },
  },
  paths: {
    '/api/v1/weather': {
      post: operation({
        id: 'pushWeather',
        tag: TAG,
        summary: 'Push an hourly weather forecast',
        description:
          'Recommended once a day between 02:30 and 03:30 UTC. The latest push is used first by the nightly optimizer; a history is kept for model refits.',
        auth: 'user',
        body: ref('WeatherPush'),
        ok: { 201: json('Stored', ref('WeatherAccepted')) },
        errors: {
          400: [
            'forecast.hourly_temps_f must contain between 24 and 72 hourly values',
            'forecast.hourly_temps_f[<i>]=<v> is outside the allowed range [-50, 150]',
            'forecast.hourly_humidity length must match hourly_temps_f',
          ],
          503: ['Failed to store weather forecast'],
        },
        notes: { 400: 'Another forecast field fails validation (humidity 0-100, wind 0-200 mph)' },
      }),
    },
  },
};
