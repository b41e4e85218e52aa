import { orNull, type Schema } from './builders.js';

const entity = (description: string): Schema => ({ type: 'string', description });
const optionalEntity = (description: string): Schema => orNull(entity(description));
const num = (minimum: number, maximum: number, description: string, type = 'number'): Schema => ({ type, minimum, maximum, description });

/** The per-type appliance config shapes (2.4); out-of-range or missing required fields give 400 naming the field. */
export const APPLIANCE_CONFIG_SCHEMAS: Record<string, Schema> = {
  HvacConfig: {
    type: 'object',
    description:
      'hvac config. `entity_id` is required when created through POST /api/v1/appliances; an HVAC created by a satellite claim has no entity_id (a PUT of its config does not require one) and keeps ir_protocol, setpoint_min_f and setpoint_max_f.',
    properties: {
      hvac_type: { type: 'string', enum: ['central_ac', 'window_ac', 'heat_pump', 'furnace', 'mini_split'] },
      home_size_sqft: num(100, 20000, 'Square feet', 'integer'),
      entity_id: entity('`climate.*` entity accepting set_temperature'),
      indoor_temp_entity_id: optionalEntity('`sensor.*` in F, fallback when the climate entity reports no current temperature'),
      ir_protocol: { type: 'string', description: 'Satellite-claimed units only: opaque infrared protocol label' },
      setpoint_min_f: num(40, 99, 'Satellite-claimed units only: lowest setpoint, F', 'integer'),
      setpoint_max_f: num(40, 99, 'Satellite-claimed units only: highest setpoint, F; at least setpoint_min_f', 'integer'),
    },
  },
  EvChargerConfig: {
    type: 'object',
    description: 'ev_charger config.',
    properties: {
      battery_capacity_kwh: num(0, 300, 'kWh'),
      max_charge_rate_kw: num(0, 50, 'kW drawn from the grid while charging'),
      efficiency: num(0.5, 1, 'Share of the drawn energy the battery gains'),
      entity_id: entity('`switch.*` entity toggled to start/stop charging'),
      soc_entity_id: optionalEntity('`sensor.*` with 0-100 % state of charge; when set the poller pushes SoC every 5 minutes'),
    },
    required: ['entity_id'],
  },
  HomeBatteryConfig: {
    type: 'object',
    description: 'home_battery config.',
    properties: {
      capacity_kwh: num(0, 300, 'kWh'),
      max_charge_rate_kw: num(0, 50, 'kW'),
      max_discharge_rate_kw: num(0, 50, 'kW'),
      charge_efficiency: { type: 'number', minimum: 0.5, maximum: 1, description: 'Added under section 9 (issue 20): share of grid energy stored; default 0.95' },
      discharge_efficiency: { type: 'number', minimum: 0.5, maximum: 1, description: 'Added under section 9 (issue 20): share of stored energy delivered; default 0.95' },
      entity_id: entity('switch / button / select entity toggling charge mode'),
      soc_entity_id: optionalEntity('`sensor.*` battery SoC %'),
    },
    required: ['entity_id'],
  },
  RobotConfig: {
    type: 'object',
    description:
      'robot config (vacuum or mower). Docking is the charging proxy: the schedule says when the robot should be on its dock; the integration only ever commands return-to-dock.',
    properties: {
      battery_capacity_kwh: { type: 'number', exclusiveMinimum: 0, maximum: 10, description: 'kWh; greater than 0, up to 10' },
      max_charge_rate_kw: { type: 'number', exclusiveMinimum: 0, maximum: 2, description: 'kW; greater than 0, up to 2' },
      entity_id: entity('`vacuum.*` or `lawn_mower.*` (domain not enforced)'),
      soc_entity_id: optionalEntity("`sensor.*` (or the entity's battery attribute), 0-100 %"),
    },
    required: ['entity_id'],
  },
  WaterHeaterConfig: {
    type: 'object',
    description: 'water_heater config.',
    properties: {
      tank_size_gallons: num(0, 200, 'Gallons', 'integer'),
      element_watts: num(0, 10000, 'Watts', 'integer'),
      insulation_factor: num(0.01, 0.05, 'Heat-loss factor'),
      entity_id: entity('`switch.*` (resistive) or `climate.*` (smart tank)'),
      temp_entity_id: optionalEntity('`sensor.*` tank temperature in F'),
    },
    required: ['entity_id'],
  },
  SolarConfig: {
    type: 'object',
    description:
      "solar config. No control entity: the system size and orientation discount the effective price curve other appliances see in daylight; readings are accepted when a production sensor is set.",
    properties: {
      system_size_kw: num(0, 100, 'kW DC nameplate'),
      azimuth_degrees: { ...num(0, 360, 'Degrees; 180 = south', 'integer'), default: 180 },
      tilt_degrees: num(0, 90, 'Degrees', 'integer'),
      production_sensor_entity_id: optionalEntity('`sensor.*` with instantaneous production in W or kW'),
    },
  },
  DehumidifierConfig: {
    type: 'object',
    description: 'dehumidifier config (data collection only in v1; no schedule is produced).',
    properties: {
      entity_id: entity('`humidifier.*` entity'),
      indoor_temp_entity_id: entity('`sensor.*` in F'),
      indoor_humidity_entity_id: optionalEntity("`sensor.*` RH; falls back to the entity's current_humidity"),
      power_sensor_entity_id: optionalEntity('`sensor.*` in watts'),
      capacity_pints_per_day: orNull(num(0, 200, 'Informational')),
    },
    required: ['entity_id', 'indoor_temp_entity_id'],
  },
};

/** Config schema name by appliance_type, in the order of the contract's type list. */
export const CONFIG_BY_TYPE: Record<string, string> = {
  hvac: 'HvacConfig',
  ev_charger: 'EvChargerConfig',
  home_battery: 'HomeBatteryConfig',
  water_heater: 'WaterHeaterConfig',
  solar: 'SolarConfig',
  dehumidifier: 'DehumidifierConfig',
  robot: 'RobotConfig',
};
