import * as yup from 'yup';
import { noFacts } from '../metrics/plan-facts.js';
import { planHvac } from '../planners/hvac.js';
import { entityIdField, fieldMessage, numberField, oneOfField, pickEntities, textField } from './fields.js';
import type { ApplianceTypeSpec, ConfigContext } from './spec.js';

export const HVAC_TYPES = ['central_ac', 'window_ac', 'heat_pump', 'furnace', 'mini_split'] as const;
/** One of HVAC_TYPES. */
export type HvacType = (typeof HVAC_TYPES)[number];

/** Fields a satellite reports when it is claimed (the HVAC keeps them). */
const SATELLITE_KEYS = ['ir_protocol', 'setpoint_min_f', 'setpoint_max_f'] as const;

/**
 * An HVAC driven by an infrared satellite has no climate entity: entity_id is required only when
 * the config carries none of the satellite fields and, on a PUT, the stored config had one.
 */
function needsEntityId(satelliteValues: unknown[], ctx: ConfigContext): boolean {
  if (satelliteValues.some((v) => v !== undefined)) return false;
  return ctx.previous === undefined || ctx.previous.entity_id != null;
}

const configSchema = yup
  .object({
    hvac_type: oneOfField(HVAC_TYPES).optional(),
    home_size_sqft: numberField(100, 20000, { integer: true }).optional(),
    entity_id: entityIdField(['climate']).when([...SATELLITE_KEYS, '$previous'], (values: unknown[], schema) => {
      const previous = values.at(-1) as ConfigContext['previous'];
      return needsEntityId(values.slice(0, -1), { previous }) ? schema.required(fieldMessage('is required')) : schema.optional();
    }),
    indoor_temp_entity_id: entityIdField(['sensor'], { nullable: true }).optional(),
    ir_protocol: textField(100).optional(),
    setpoint_min_f: numberField(40, 99, { integer: true }).optional(),
    setpoint_max_f: numberField(40, 99, { integer: true }).optional(),
  })
  .test('setpoint-range', function (v) {
    // Field errors are collected too (abortEarly off), so either may still hold a wrong type here.
    if (typeof v.setpoint_min_f !== 'number' || typeof v.setpoint_max_f !== 'number' || v.setpoint_min_f <= v.setpoint_max_f) return true;
    return this.createError({ path: 'setpoint_max_f', message: 'setpoint_max_f: must be at least setpoint_min_f' });
  });

export type HvacConfig = yup.InferType<typeof configSchema>;

/** HVAC: a climate entity, or an infrared satellite. Comfort comes from preferences, not constraints. */
export const hvac: ApplianceTypeSpec<HvacConfig, never, 'hvac'> = {
  type: 'hvac',
  configSchema,
  preservedConfigKeys: SATELLITE_KEYS,
  constraintSchema: null,
  entities: (config) => pickEntities(config, ['entity_id', 'indoor_temp_entity_id']),
  planner: planHvac,
  allocation: { comfort: true, rank: 0 },
  solarConsumer: 'hvac',
  readings: { endpoint: 'hvac' },
  metrics: { facts: noFacts, flexibility: 'comfort_band' },
  api: {
    config: {
      description:
        'hvac config. `entity_id` is required when created through POST /api/v1/appliances; an HVAC created by a satellite claim has no entity_id (a PUT of its config does not require one) and keeps ir_protocol, setpoint_min_f and setpoint_max_f.',
      fields: {
        home_size_sqft: 'Square feet',
        entity_id: '`climate.*` entity accepting set_temperature',
        indoor_temp_entity_id: '`sensor.*` in F, fallback when the climate entity reports no current temperature',
        ir_protocol: 'Satellite-claimed units only: opaque infrared protocol label',
        setpoint_min_f: 'Satellite-claimed units only: lowest setpoint, F',
        setpoint_max_f: 'Satellite-claimed units only: highest setpoint, F; at least setpoint_min_f',
      },
    },
    constraints: null,
  },
};
