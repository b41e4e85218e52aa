import * as yup from 'yup';
import { noFacts } from '../metrics/plan-facts.js';
import { dehumidifierPlanner } from '../planners/dehumidifier.js';
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

/** Dehumidifier: data collection only in v1, so no constraints and no schedule. */
export const dehumidifier: ApplianceTypeSpec<DehumidifierConfig, never, 'dehumidifier'> = {
  type: 'dehumidifier',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema: null,
  entities: (config) => pickEntities(config, ['entity_id']),
  planner: dehumidifierPlanner,
  // Nothing planned, but it is an appliance of the day: after every other one.
  allocation: { comfort: false, rank: 5 },
  solarConsumer: null,
  readings: { endpoint: 'hvac' },
  metrics: { facts: noFacts, flexibility: null },
  api: {
    config: {
      description: 'dehumidifier config (data collection only in v1; no schedule is produced).',
      fields: {
        entity_id: '`humidifier.*` entity',
        indoor_temp_entity_id: '`sensor.*` in F',
        indoor_humidity_entity_id: "`sensor.*` RH; falls back to the entity's current_humidity",
        power_sensor_entity_id: '`sensor.*` in watts',
        capacity_pints_per_day: 'Informational',
      },
    },
    constraints: null,
  },
};
