import * as yup from 'yup';
import { entityIdField, numberField } from './fields.js';
import type { ApplianceTypeSpec } from './spec.js';

/** Panel azimuth the planner assumes when the config has none: due south. */
export const DEFAULT_AZIMUTH_DEGREES = 180;

const configSchema = yup.object({
  system_size_kw: numberField(0, 100).optional(),
  azimuth_degrees: numberField(0, 360, { integer: true }).optional(),
  tilt_degrees: numberField(0, 90, { integer: true }).optional(),
  production_sensor_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
});

export type SolarConfig = yup.InferType<typeof configSchema>;

/** Solar (2.4): nothing to control; its forecast surplus discounts the prices other appliances see. */
export const solar: ApplianceTypeSpec<SolarConfig> = {
  type: 'solar',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema: null,
  entities: () => null,
};
