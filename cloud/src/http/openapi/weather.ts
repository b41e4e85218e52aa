import { weatherAccepted, weatherPush } from '../../contract/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, ref, type ApiModule } from './builders.js';

const TAG = 'Weather';

/** Forecast pushes from a hub's weather entity. */
export const weatherApi: ApiModule = {
  tag: { name: TAG, description: 'Hourly forecasts pushed by the client; fresh for 24 hours, else a fallback source is used.' },
  schemas: componentSchemas([weatherPush, weatherAccepted]),
  paths: {
    '/api/v1/weather': {
      post: operation({
        id: 'pushWeather',
        tag: TAG,
        summary: 'Push an hourly weather forecast',
        description:
          'Recommended once a day between 02:30 and 03:30 UTC. The latest push is used first by the nightly optimizer; a history is kept for model refits.',
        auth: 'user',
        body: ref(weatherPush),
        ok: { 201: json('Stored', ref(weatherAccepted)) },
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
