import type { HassEntities, HassEntity } from 'home-assistant-js-websocket';
import { describe, expect, it } from 'vitest';
import type { HubAppliance } from './appliances.js';
import { applianceReading, householdPowerW, householdReading, hvacReading, productionReading } from './readings.js';

const e = (entity_id: string, state: string, attributes: Record<string, unknown> = {}): HassEntity => ({
  entity_id,
  state,
  attributes,
  last_changed: '',
  last_updated: '',
  context: { id: 'c', parent_id: null, user_id: null },
});
const map = (...list: HassEntity[]): HassEntities => Object.fromEntries(list.map((x) => [x.entity_id, x]));
const hvac: HubAppliance = {
  id: 'h1',
  name: 'Lounge',
  type: 'hvac',
  isActive: true,
  entities: { entity_id: 'climate.lounge', indoor_temp_entity_id: 'sensor.lounge' },
  override: null,
};
const TS = '2026-07-01T12:00:00.000Z';

describe('hvacReading', () => {
  it('converts a Celsius thermostat to F and carries the plan fields', () => {
    const r = hvacReading(
      hvac,
      map(e('climate.lounge', 'heat', { current_temperature: 20.5, temperature: 21, current_humidity: 40, hvac_action: 'heating', fan_mode: 'auto' })),
      '°C',
      TS,
      { commandedF: 69.8, roomTargetF: 69.8, overrideActive: false },
      50,
    );
    expect(r).toEqual({
      reading: {
        timestamp: TS,
        appliance_id: 'h1',
        indoor_temp: 68.9,
        hvac_state: 'HEAT',
        indoor_source: 'entity',
        indoor_humidity: 40,
        target_temp: 69.8,
        target_temp_step: 0.5,
        target_temp_step_unit: 'C',
        fan_mode: 'auto',
        hvac_action: 'heating',
        outdoor_temp: 50,
        commanded_setpoint: 69.8,
        room_target: 69.8,
        override_active: false,
      },
    });
  });

  it("reports the thermostat's setpoint step in the system's unit, and none it cannot express", () => {
    const reading = (attributes: Record<string, unknown>, unit: string) =>
      hvacReading(hvac, map(e('climate.lounge', 'cool', { current_temperature: { '°C': 23, K: 296 }[unit] ?? 74, ...attributes })), unit, TS, {}, null);
    expect(reading({ target_temp_step: 0.1 }, '°C')).toMatchObject({ reading: { target_temp_step: 0.1, target_temp_step_unit: 'C' } });
    expect(reading({}, '°F')).toMatchObject({ reading: { target_temp_step: 1, target_temp_step_unit: 'F' } });
    expect(reading({ target_temp_step: 0.5 }, '°F')).toMatchObject({ reading: { target_temp_step: 0.5, target_temp_step_unit: 'F' } });
    expect(reading({ target_temp_step: 50 }, '°F')).not.toHaveProperty('reading.target_temp_step');
    expect(reading({}, 'K')).toMatchObject({ reading: { indoor_temp: 73.1 } });
    expect(reading({}, 'K')).not.toHaveProperty('reading.target_temp_step_unit');
  });

  it('falls back to the indoor sensor (in its own unit) when the thermostat reports no temperature', () => {
    const r = hvacReading(
      hvac,
      map(e('climate.lounge', 'heat_cool', { current_temperature: null }), e('sensor.lounge', '22', { unit_of_measurement: '°C' })),
      '°F',
      TS,
      {},
      null,
    );
    expect(r).toMatchObject({ reading: { indoor_temp: 71.6, indoor_source: 'sensor', hvac_state: 'heat_cool' } });
  });

  it('gives no reading without an indoor temperature, and says why', () => {
    expect(hvacReading(hvac, map(e('climate.lounge', 'cool', {}), e('sensor.lounge', 'unavailable')), '°F', TS, {}, null)).toEqual({
      skip: 'no indoor temperature from climate.lounge or sensor.lounge',
    });
    expect(hvacReading(hvac, map(), '°F', TS, {}, null)).toEqual({ skip: 'climate entity climate.lounge does not exist in Home Assistant' });
    expect(hvacReading(hvac, map(e('climate.lounge', 'unavailable')), '°F', TS, {}, null)).toEqual({ skip: 'climate.lounge is unavailable' });
  });
});

describe('applianceReading', () => {
  const ev: HubAppliance = {
    id: 'e1',
    name: 'Car',
    type: 'ev_charger',
    isActive: true,
    entities: { entity_id: 'switch.ev', soc_entity_id: 'sensor.ev' },
    override: null,
  };
  it('reads the state of charge with the switch as its label', () => {
    expect(applianceReading(ev, map(e('switch.ev', 'on'), e('sensor.ev', '41.26')), '°F', TS)).toEqual({ timestamp: TS, state: 'CHARGING', value: 41.3 });
    expect(applianceReading(ev, map(e('switch.ev', 'off'), e('sensor.ev', 'unknown')), '°F', TS)).toBeNull();
  });

  it("sends the power sensor's draw as power_watts (kW as W, a battery delivering negative), and none out of range", () => {
    const metered = { ...ev, entities: { ...ev.entities, power_entity_id: 'sensor.ev_power' } };
    const at = (state: string, unit: string) =>
      applianceReading(metered, map(e('switch.ev', 'on'), e('sensor.ev', '41'), e('sensor.ev_power', state, { unit_of_measurement: unit })), '°F', TS);
    expect(at('7.2', 'kW')).toEqual({ timestamp: TS, state: 'CHARGING', value: 41, power_watts: 7200 });
    expect(at('-2500.4', 'W')).toMatchObject({ power_watts: -2500 });
    expect(at('unavailable', 'W')).toEqual({ timestamp: TS, state: 'CHARGING', value: 41 });
    expect(at('150', 'kW')).toEqual({ timestamp: TS, state: 'CHARGING', value: 41 });
  });

  it('sends a charge sensor in kWh or Wh as percent of the configured capacity, and none without a capacity', () => {
    const battery: HubAppliance = {
      id: 'b1',
      name: 'Wall',
      type: 'home_battery',
      isActive: true,
      entities: { entity_id: 'switch.b', soc_entity_id: 'sensor.b' },
      override: null,
      capacityKwh: 10,
    };
    expect(applianceReading(battery, map(e('switch.b', 'off'), e('sensor.b', '7.5', { unit_of_measurement: 'kWh' })), '°F', TS)).toEqual({
      timestamp: TS,
      state: 'IDLE',
      value: 75,
    });
    expect(applianceReading(battery, map(e('switch.b', 'off'), e('sensor.b', '2500', { unit_of_measurement: 'Wh' })), '°F', TS)).toMatchObject({ value: 25 });
    // Without a configured capacity a home battery is the cloud's default 13.5 kWh.
    expect(
      applianceReading({ ...battery, capacityKwh: undefined }, map(e('switch.b', 'off'), e('sensor.b', '6.75', { unit_of_measurement: 'kWh' })), '°F', TS),
    ).toMatchObject({ value: 50 });
    expect(
      applianceReading({ ...ev, capacityKwh: 60 }, map(e('switch.ev', 'on'), e('sensor.ev', '45', { unit_of_measurement: 'kWh' })), '°F', TS),
    ).toMatchObject({ value: 75 });
    // An EV's energy with no capacity to divide by, a percentage above 100, another unit: no reading.
    expect(applianceReading(ev, map(e('switch.ev', 'on'), e('sensor.ev', '45', { unit_of_measurement: 'kWh' })), '°F', TS)).toBeNull();
    expect(applianceReading(ev, map(e('switch.ev', 'on'), e('sensor.ev', '140', { unit_of_measurement: '%' })), '°F', TS)).toBeNull();
    expect(applianceReading(ev, map(e('switch.ev', 'on'), e('sensor.ev', '45', { unit_of_measurement: 'mi' })), '°F', TS)).toBeNull();
  });

  it("reads a robot's battery attribute when it has no charge sensor, and a tank's temperature in F", () => {
    const robot: HubAppliance = { id: 'r1', name: 'Robot', type: 'robot', isActive: true, entities: { entity_id: 'vacuum.r' }, override: null };
    expect(applianceReading(robot, map(e('vacuum.r', 'docked', { battery_level: 90 })), '°F', TS)).toEqual({ timestamp: TS, state: 'DOCKED', value: 90 });
    const tank: HubAppliance = {
      id: 't1',
      name: 'Tank',
      type: 'water_heater',
      isActive: true,
      entities: { entity_id: 'switch.t', temp_entity_id: 'sensor.t' },
      override: null,
    };
    expect(applianceReading(tank, map(e('switch.t', 'on'), e('sensor.t', '55', { unit_of_measurement: '°C' })), '°F', TS)).toEqual({
      timestamp: TS,
      state: 'ON',
      value: 131,
    });
    expect(applianceReading(tank, map(e('switch.t', 'on'), e('sensor.t', '10', { unit_of_measurement: '°C' })), '°F', TS)).toBeNull();
  });

  it('reads household power in W from W or kW', () => {
    expect(householdPowerW(e('sensor.p', '2.5', { unit_of_measurement: 'kW' }))).toBe(2500);
    expect(householdPowerW(e('sensor.p', '800', { unit_of_measurement: 'W' }))).toBe(800);
    expect(householdPowerW(undefined)).toBeNull();
  });

  it('makes a whole-home reading in whole watts, and none for an odd or missing value', () => {
    const reading = (entity: HassEntity) => householdReading(householdPowerW(entity), TS);
    expect(reading(e('sensor.p', '1.2345', { unit_of_measurement: 'kW' }))).toEqual({ timestamp: TS, value: 1235 });
    expect(reading(e('sensor.p', '640.4', { unit_of_measurement: 'W' }))).toEqual({ timestamp: TS, value: 640 });
    expect(reading(e('sensor.p', 'unavailable'))).toBeNull();
    expect(reading(e('sensor.p', '-5', { unit_of_measurement: 'W' }))).toBeNull();
    expect(reading(e('sensor.p', '200', { unit_of_measurement: 'kW' }))).toBeNull();
  });
});

describe('a solar reading', () => {
  const solar: HubAppliance = {
    id: 's1',
    name: 'Roof',
    type: 'solar',
    isActive: true,
    entities: { production_sensor_entity_id: 'sensor.pv' },
    override: null,
  };
  const at = (state: string, unit?: string) => applianceReading(solar, map(e('sensor.pv', state, unit ? { unit_of_measurement: unit } : {})), '°F', TS);

  it("sends the production sensor's watts (kW as W, whole watts), labelled PRODUCING, or IDLE at none", () => {
    expect(at('3.2456', 'kW')).toEqual({ timestamp: TS, state: 'PRODUCING', value: 3246 });
    expect(at('812.6', 'W')).toEqual({ timestamp: TS, state: 'PRODUCING', value: 813 });
    expect(at('0', 'kW')).toEqual({ timestamp: TS, state: 'IDLE', value: 0 });
  });

  it("counts an inverter's standby draw as no production, and sends nothing for an unreadable or impossible value", () => {
    expect(at('-3', 'W')).toEqual({ timestamp: TS, state: 'IDLE', value: 0 });
    expect(at('unavailable', 'W')).toBeNull();
    expect(at('unknown', 'kW')).toBeNull();
    expect(at('n/a', 'kW')).toBeNull();
    expect(at('120', 'kW')).toBeNull();
    expect(applianceReading(solar, map(), '°F', TS)).toBeNull();
    expect(applianceReading({ ...solar, entities: {} }, map(e('sensor.pv', '2', { unit_of_measurement: 'kW' })), '°F', TS)).toBeNull();
  });

  it('makes the reading of a half-hour mean the same way', () => {
    expect(productionReading(1499.6, TS)).toEqual({ timestamp: TS, state: 'PRODUCING', value: 1500 });
    expect(productionReading(0.2, TS)).toEqual({ timestamp: TS, state: 'IDLE', value: 0 });
    expect(productionReading(100_000, TS)).toEqual({ timestamp: TS, state: 'PRODUCING', value: 100_000 });
    expect(productionReading(100_000.4, TS)).toBeNull();
    expect(productionReading(null, TS)).toBeNull();
  });
});
