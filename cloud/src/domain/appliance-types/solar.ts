import * as yup from 'yup';
import { noFacts } from '../metrics/plan-facts.js';
import { solarPlanner } from '../planners/solar.js';
import { DEFAULT_AZIMUTH_DEGREES } from '../solar/array-forecast.js';
import { entityIdField, numberField } from './fields.js';
import type { ApplianceTypeSpec } from './spec.js';

export { DEFAULT_AZIMUTH_DEGREES } from '../solar/array-forecast.js';

const configSchema = yup.object({
  system_size_kw: numberField(0, 100).optional(),
  azimuth_degrees: numberField(0, 360, { integer: true })
    .meta({ openapi: { default: DEFAULT_AZIMUTH_DEGREES } })
    .optional(),
  tilt_degrees: numberField(0, 90, { integer: true }).optional(),
  production_sensor_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
});

export type SolarConfig = yup.InferType<typeof configSchema>;

/** Solar: nothing to control; its forecast surplus discounts the prices other appliances see. */
export const solar: ApplianceTypeSpec<SolarConfig, never, 'solar'> = {
  type: 'solar',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema: null,
  entities: () => null,
  planner: solarPlanner,
  // It produces: the day plans it first and splits its surplus among the others (services/recompute-day.ts).
  allocation: null,
  solarConsumer: null,
  readings: { endpoint: 'value', range: { min: 0, max: 100_000, unit: 'watts', detail: 'Value must be 0-100000 (watts) for solar' } },
  metrics: { facts: noFacts, flexibility: null },
  api: {
    config: {
      description:
        'solar config. No control entity: the system size and orientation discount the effective price curve other appliances see in daylight; readings are accepted when a production sensor is set.',
      fields: {
        system_size_kw: 'kW DC nameplate',
        azimuth_degrees: 'Degrees; 180 = south',
        tilt_degrees: 'Degrees',
        production_sensor_entity_id: '`sensor.*` with instantaneous production in W or kW',
      },
    },
    constraints: null,
  },
};
