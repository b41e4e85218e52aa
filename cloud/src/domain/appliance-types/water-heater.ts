import * as yup from 'yup';
import { waterHeaterFacts } from '../metrics/plan-facts.js';
import { waterHeaterPlanner } from '../planners/water-heater.js';
import { entityIdField, fieldMessage, numberField, pickEntities } from './fields.js';
import type { ApplianceTypeSpec } from './spec.js';

/** Tank temperature limits, F: below 80 a tank is useless (and likely a Celsius value); 180 is the reading ceiling. */
export const TANK_TEMP_MIN_F = 80;
export const TANK_TEMP_MAX_F = 180;

const configSchema = yup.object({
  tank_size_gallons: numberField(0, 200, { integer: true }).optional(),
  element_watts: numberField(0, 10000, { integer: true }).optional(),
  insulation_factor: numberField(0.01, 0.05).optional(),
  entity_id: entityIdField(['switch', 'climate']).required(fieldMessage('is required')),
  temp_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
});

const tankTemp = () => numberField(TANK_TEMP_MIN_F, TANK_TEMP_MAX_F, { nullable: true });

const constraintSchema = yup
  .object({
    max_temp_f: tankTemp(),
    min_temp_f: tankTemp(),
  })
  .test('min-below-max', function (v) {
    // Field errors are collected too (abortEarly off), so either may still hold a wrong type here.
    if (typeof v.min_temp_f !== 'number' || typeof v.max_temp_f !== 'number' || v.min_temp_f < v.max_temp_f) return true;
    return this.createError({ path: 'min_temp_f', message: 'min_temp_f: must be less than max_temp_f' });
  });

export type WaterHeaterConfig = yup.InferType<typeof configSchema>;
export type WaterHeaterConstraints = yup.InferType<typeof constraintSchema>;

/** Water heater: a resistive element (switch) or smart tank (climate) kept between two temperatures. */
export const waterHeater: ApplianceTypeSpec<WaterHeaterConfig, WaterHeaterConstraints, 'water_heater'> = {
  type: 'water_heater',
  configSchema,
  preservedConfigKeys: [],
  constraintSchema,
  entities: (config) => pickEntities(config, ['entity_id', 'temp_entity_id']),
  planner: waterHeaterPlanner,
  allocation: { comfort: true, rank: 1 },
  solarConsumer: 'water_heater',
  readings: { endpoint: 'value', range: { min: 60, max: 180, unit: 'degrees F', detail: 'Value must be 60-180 (degrees F) for water_heater' } },
  metrics: { facts: waterHeaterFacts, flexibility: 'tank_range' },
  api: {
    config: {
      description: 'water_heater config.',
      fields: {
        tank_size_gallons: 'Gallons',
        element_watts: 'Watts',
        insulation_factor: 'Heat-loss factor',
        entity_id: '`switch.*` (resistive) or `climate.*` (smart tank)',
        temp_entity_id: '`sensor.*` tank temperature in F',
      },
    },
    constraints: {
      max_temp_f: 'highest tank temperature, F',
      min_temp_f: 'lowest tank temperature, F',
    },
  },
};
