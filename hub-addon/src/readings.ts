// Readings from entity states. Pure: entities in, cloud readings out, or the
// reason there is none. Temperatures become Fahrenheit; out-of-range values are left out so one
// odd sensor never makes the cloud refuse a whole batch.
import type { ApplianceReadingInput, ApplianceType, HouseholdLoadReadingsRequest, HvacReadingInput } from '@offpeak/cloud/contract';
import type { HassEntities, HassEntity } from 'home-assistant-js-websocket';
import type { HubAppliance } from './appliances.js';
import { capacityOf, socPct } from './battery-level.js';
import { numericState, round1, targetTempStep, toF } from './units.js';

export type HouseholdLoadReading = HouseholdLoadReadingsRequest['readings'][number];
/** The cloud's highest whole-home reading (contract MAX_HOUSEHOLD_WATTS; the contract is types only at run time). */
const MAX_HOUSEHOLD_WATTS = 100_000;
/** The cloud's bound on an appliance reading's `power_watts`, either sign. */
const MAX_APPLIANCE_WATTS = 100_000;
/** The cloud's highest solar reading (the solar type's value range). */
const MAX_PRODUCTION_WATTS = 100_000;

/** What the plan side knows about an HVAC unit at reading time. */
export interface HvacControlState {
  /** Setpoint the plan asked for in this slot, F. */
  roomTargetF?: number;
  /** Setpoint this hub last commanded, F. */
  commandedF?: number;
  /** A person's override or the comfort guard is in control. */
  overrideActive?: boolean;
}

const HVAC_STATE: Record<string, string> = { heat: 'HEAT', cool: 'COOL', off: 'OFF', dry: 'DRY', fan_only: 'FAN', heat_cool: 'heat_cool', auto: 'auto' };
const inRange = (v: number | null | undefined, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** A sensor's temperature in F (its own unit_of_measurement, else the system unit). */
export function sensorTempF(entity: HassEntity | undefined, systemUnit: string): number | null {
  const n = numericState(entity?.state);
  if (n === null || !entity) return null;
  return toF(n, (entity.attributes.unit_of_measurement as string | undefined) ?? systemUnit);
}

/** The HVAC reading of `appliance` now, or the reason there is none. */
export function hvacReading(
  appliance: HubAppliance,
  entities: HassEntities,
  unit: string,
  timestamp: string,
  control: HvacControlState,
  outdoorF: number | null,
): { reading: HvacReadingInput } | { skip: string } {
  const climate = entities[appliance.entities.entity_id ?? ''];
  if (!climate) return { skip: `climate entity ${appliance.entities.entity_id ?? '(none)'} does not exist in Home Assistant` };
  if (climate.state === 'unavailable' || climate.state === 'unknown') return { skip: `${climate.entity_id} is ${climate.state}` };
  const a = climate.attributes;
  let indoor: number | null = typeof a.current_temperature === 'number' ? toF(a.current_temperature, unit) : null;
  let source: 'entity' | 'sensor' = 'entity';
  if (!inRange(indoor, 30, 120)) {
    indoor = sensorTempF(entities[appliance.entities.indoor_temp_entity_id ?? ''], unit);
    source = 'sensor';
  }
  if (!inRange(indoor, 30, 120))
    return {
      skip: `no indoor temperature from ${climate.entity_id}${appliance.entities.indoor_temp_entity_id ? ` or ${appliance.entities.indoor_temp_entity_id}` : ''}`,
    };
  const reading: HvacReadingInput = {
    timestamp,
    appliance_id: appliance.id,
    indoor_temp: round1(indoor),
    hvac_state: HVAC_STATE[climate.state] ?? climate.state,
    indoor_source: source,
  };
  if (inRange(a.current_humidity as number, 0, 100)) reading.indoor_humidity = a.current_humidity as number;
  if (typeof a.temperature === 'number') {
    const target = toF(a.temperature, unit);
    if (inRange(target, 30, 120)) reading.target_temp = round1(target);
  }
  // The step the thermostat holds setpoints on (and the add-on snaps them to), in its unit.
  const step = targetTempStep(a, unit);
  if ((unit === '°C' || unit === '°F') && inRange(step, 0.01, 5)) {
    reading.target_temp_step = step;
    reading.target_temp_step_unit = unit === '°C' ? 'C' : 'F';
  }
  if (typeof a.fan_mode === 'string') reading.fan_mode = a.fan_mode;
  if (typeof a.hvac_action === 'string') reading.hvac_action = a.hvac_action;
  if (inRange(outdoorF, -50, 150)) reading.outdoor_temp = round1(outdoorF);
  if (inRange(control.commandedF, 30, 120)) reading.commanded_setpoint = round1(control.commandedF);
  if (inRange(control.roomTargetF, 30, 120)) reading.room_target = round1(control.roomTargetF);
  if (control.overrideActive !== undefined) reading.override_active = control.overrideActive;
  return { reading };
}

/**
 * What the add-on reports per appliance type: an HVAC reading (POST /api/v1/readings), a charge in
 * percent labelled CHARGING/IDLE (an EV's with `plugged_in` from its plug sensor), a robot's charge
 * labelled by its state, a tank temperature, a solar array's production in W, or nothing
 * (dehumidifiers are not read from Home Assistant). Keyed by the contract's type union, so a new
 * type does not compile without its entry.
 */
export const READING_KIND: Record<ApplianceType, 'hvac' | 'charge' | 'dock' | 'tank' | 'production' | null> = {
  hvac: 'hvac',
  ev_charger: 'charge',
  home_battery: 'charge',
  robot: 'dock',
  water_heater: 'tank',
  solar: 'production',
  dehumidifier: null,
};

/** The charge (EV, battery, robot), tank-temperature (water heater) or production (solar) reading, or null. */
export function applianceReading(appliance: HubAppliance, entities: HassEntities, unit: string, timestamp: string): ApplianceReadingInput | null {
  const kind = READING_KIND[appliance.type];
  if (kind === 'production') {
    const sensor = entities[appliance.entities.production_sensor_entity_id ?? ''];
    return productionReading(sensor ? productionW(sensor.state, sensor.attributes.unit_of_measurement) : null, timestamp);
  }
  if (kind !== 'charge' && kind !== 'dock' && kind !== 'tank') return null;
  const control = entities[appliance.entities.entity_id ?? ''];
  let value: number | null;
  if (kind === 'tank') {
    value = sensorTempF(entities[appliance.entities.temp_entity_id ?? ''], unit);
    if (!inRange(value, 60, 180)) return null;
  } else {
    // The cloud takes percent: a sensor in kWh or Wh is converted with the configured capacity.
    value = socPct(entities[appliance.entities.soc_entity_id ?? ''], capacityOf(appliance));
    // A robot without a soc sensor may still carry the (pre-2026.8) battery_level attribute.
    if (value === null && kind === 'dock' && typeof control?.attributes.battery_level === 'number') value = control.attributes.battery_level;
    if (!inRange(value, 0, 100)) return null;
  }
  const plugged = pluggedIn(appliance, entities);
  const power = meteredPowerW(appliance, entities);
  return {
    timestamp,
    state: control ? labelOf(kind, control) : 'UNKNOWN',
    value: round1(value),
    ...(plugged !== null && { plugged_in: plugged }),
    ...(power !== null && { power_watts: power }),
  };
}

/**
 * The appliance's draw in W from its `power_entity_id` (W or kW; a battery's negative while it
 * delivers), whole watts, or null without one or outside the cloud's range. The cloud takes it out
 * of the whole-home reading for the household's own load.
 */
function meteredPowerW(appliance: HubAppliance, entities: HassEntities): number | null {
  const sensor = entities[appliance.entities.power_entity_id ?? ''];
  const w = sensor ? powerW(sensor.state, sensor.attributes.unit_of_measurement) : null;
  return inRange(w, -MAX_APPLIANCE_WATTS, MAX_APPLIANCE_WATTS) ? Math.round(w) : null;
}

/** An EV's plug state from its `plug_entity_id` binary sensor (on: plugged in), or null when it has none or it says neither. */
function pluggedIn(appliance: HubAppliance, entities: HassEntities): boolean | null {
  if (appliance.type !== 'ev_charger') return null;
  const state = entities[appliance.entities.plug_entity_id ?? '']?.state;
  return state === 'on' ? true : state === 'off' ? false : null;
}

function labelOf(kind: 'charge' | 'dock' | 'tank', control: HassEntity): string {
  if (kind === 'dock') return control.state.toUpperCase();
  if (control.state === 'on') return kind === 'tank' ? 'ON' : 'CHARGING';
  if (control.state === 'off') return kind === 'tank' ? 'OFF' : 'IDLE';
  return control.state.toUpperCase().slice(0, 64);
}

/** A power sensor's value in W: `state` in `unit` (W or kW; anything else is taken as W), or null. */
export function powerW(state: string | undefined, unit: unknown): number | null {
  const n = numericState(state);
  if (n === null) return null;
  return unit === 'kW' ? n * 1000 : unit === 'MW' ? n * 1_000_000 : n;
}

/** The household's power draw in W from a power sensor (W or kW), or null. */
export function householdPowerW(entity: HassEntity | undefined): number | null {
  return entity ? powerW(entity.state, entity.attributes.unit_of_measurement) : null;
}

/** The whole-home reading of `watts` (the cloud's 0-100,000 range, whole watts), or null. */
export function householdReading(watts: number | null, timestamp: string): HouseholdLoadReading | null {
  return inRange(watts, 0, MAX_HOUSEHOLD_WATTS) ? { timestamp, value: Math.round(watts) } : null;
}

/** A production sensor's state in W (W or kW); below 0, an inverter's standby draw at night, is 0. */
export function productionW(state: string | undefined, unit: unknown): number | null {
  const w = powerW(state, unit);
  return w === null ? null : Math.max(0, w);
}

/** The solar reading of `watts` produced (the cloud's 0-100,000 range, whole watts), labelled PRODUCING or IDLE, or null. */
export function productionReading(watts: number | null, timestamp: string): ApplianceReadingInput | null {
  if (!inRange(watts, 0, MAX_PRODUCTION_WATTS)) return null;
  const value = Math.round(watts);
  return { timestamp, state: value > 0 ? 'PRODUCING' : 'IDLE', value };
}
