import * as yup from 'yup';
import { entityIdField, fieldMessage, numberField, pickEntities } from './fields.js';
import type { ApplianceTypeSpec } from './spec.js';

const configSchema = yup.object({
  entity_id: entityIdField(['humidifier']).required(fieldMessage('is required')),
  indoor_temp_entity_id: entityIdField(['sensor']).required(fieldMessage('is required')),
  indoor_humidity_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
  power_sensor_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
  capacity_pints_per_day: numberField(0, 200, { nullable: true }).optional(),
});

export type DehumidifierConfig = yup.InferType<typeof configSchema>;

/** Dehumidifier (2.4): data collection only in v1, so no constraints and no schedule. */
export const dehumidifier: ApplianceTypeSpec<DehumidifierConfig> = {
  type: 'dehumidifier',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema: null,
  entities: (config) => pickEntities(config, ['entity_id']),
};
