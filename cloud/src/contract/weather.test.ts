import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../domain/validation/json-schema.js';
import { boundProbes } from '../domain/validation/bounds-probe.test-support.js';
import { forecastProblem, weatherPush } from './weather.js';

const FORECAST = (weatherPush.schema.properties as Record<string, JsonSchema>).forecast!;
const HOURS = 24;
const VALID = { hourly_temps_f: new Array(HOURS).fill(70), hourly_humidity: new Array(HOURS).fill(50), hourly_wind_mph: new Array(HOURS).fill(5) };

describe('the WeatherPush schema and the hand-written forecast check agree', () => {
  it('accepts the base forecast', () => {
    expect(forecastProblem(VALID)).toBeNull();
  });

  // Humidity and wind have the temperatures' count, which the schema says in words: counts are probed on the temperatures alone.
  const probes = [
    ...boundProbes(FORECAST, { hourly_temps_f: VALID.hourly_temps_f }),
    ...boundProbes(FORECAST, VALID, Object.keys(VALID)).filter((p) => !p.what.startsWith('hourly_temps_f')),
  ];
  it.each(probes.map((p) => [p.what, p] as const))('%s', (_what, probe) => {
    expect(forecastProblem(probe.body) === null).toBe(probe.allowed);
  });
});
