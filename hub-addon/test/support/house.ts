// The home the add-on's tests run against: a Home Assistant simulator fixture with one of each
// controllable machine (US units), and the cloud appliances that point at its entities.
import type { FixtureData } from '../../src/ha-sim/index.js';

const HOUR_MS = 3_600_000;

/** Hourly forecast items from `startMs` on: 20 °F swing around 70 °F. */
export function hourlyForecast(startMs: number, hours = 60): Record<string, unknown>[] {
  const first = Math.floor(startMs / HOUR_MS) * HOUR_MS;
  return Array.from({ length: hours }, (_, i) => ({
    datetime: new Date(first + i * HOUR_MS).toISOString().replace('.000Z', '+00:00'),
    condition: 'sunny',
    temperature: 70 + Math.round(10 * Math.sin(i / 4)),
    humidity: 50,
    wind_speed: 5,
  }));
}

/** The fixture: thermostat, EV switch + SoC, battery select + SoC, water-heater switch, robot vacuum, weather. */
export function houseFixture(nowMs: number, extraEntities: FixtureData['entities'] = []): FixtureData {
  return {
    ha_version: '2026.8.0',
    config: {
      location_name: 'Test Home',
      latitude: 40.7,
      longitude: -74,
      elevation: 10,
      radius: 100,
      unit_system: 'us_customary',
      time_zone: 'America/New_York',
      currency: 'USD',
      country: 'US',
      language: 'en',
    },
    behaviour: { dock_after_seconds: 2 },
    entities: [
      {
        entity_id: 'climate.living_room',
        state: 'cool',
        attributes: {
          hvac_modes: ['off', 'heat', 'cool'],
          min_temp: 50,
          max_temp: 90,
          target_temp_step: 1,
          current_temperature: 74,
          temperature: 72,
          current_humidity: 45,
          fan_modes: ['auto', 'low'],
          fan_mode: 'auto',
          hvac_action: 'cooling',
          friendly_name: 'Living Room',
          supported_features: 393,
        },
      },
      {
        entity_id: 'sensor.living_room_temperature',
        state: '74.5',
        attributes: { unit_of_measurement: '°F', device_class: 'temperature', state_class: 'measurement' },
      },
      { entity_id: 'switch.ev_charger', state: 'off', attributes: { friendly_name: 'EV Charger' } },
      { entity_id: 'sensor.ev_battery', state: '40', attributes: { unit_of_measurement: '%', device_class: 'battery' } },
      {
        entity_id: 'select.battery_mode',
        state: 'self_consumption',
        attributes: { options: ['self_consumption', 'force_charge'], friendly_name: 'Battery mode' },
      },
      { entity_id: 'sensor.battery_soc', state: '55', attributes: { unit_of_measurement: '%', device_class: 'battery' } },
      { entity_id: 'switch.water_heater', state: 'off', attributes: { friendly_name: 'Water heater' } },
      { entity_id: 'sensor.tank_temperature', state: '120', attributes: { unit_of_measurement: '°F', device_class: 'temperature' } },
      { entity_id: 'vacuum.robot', state: 'cleaning', attributes: { friendly_name: 'Robot', supported_features: 16 | 8192 } },
      { entity_id: 'sensor.robot_battery', state: '80', attributes: { unit_of_measurement: '%', device_class: 'battery' } },
      { entity_id: 'sensor.household_power', state: '1.2', attributes: { unit_of_measurement: 'kW', device_class: 'power' } },
      {
        entity_id: 'weather.home',
        state: 'sunny',
        attributes: {
          temperature: 71,
          temperature_unit: '°F',
          humidity: 50,
          wind_speed: 5,
          wind_speed_unit: 'mph',
          pressure_unit: 'inHg',
          visibility_unit: 'mi',
          precipitation_unit: 'in',
          supported_features: 3,
          friendly_name: 'Home',
        },
      },
      ...extraEntities,
    ],
    forecasts: { 'weather.home': { hourly: hourlyForecast(nowMs - 6 * HOUR_MS, 72) } },
  };
}

/** Cloud appliances of the fixture (the free tier allows one HVAC). */
export const HOUSE_APPLIANCES: { type: string; name: string; config: Record<string, unknown> }[] = [
  { type: 'hvac', name: 'Living room', config: { entity_id: 'climate.living_room', indoor_temp_entity_id: 'sensor.living_room_temperature' } },
  {
    type: 'ev_charger',
    name: 'Car',
    config: { entity_id: 'switch.ev_charger', soc_entity_id: 'sensor.ev_battery', battery_capacity_kwh: 60, max_charge_rate_kw: 7 },
  },
  {
    type: 'home_battery',
    name: 'Powerwall',
    config: { entity_id: 'select.battery_mode', soc_entity_id: 'sensor.battery_soc', capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 },
  },
  {
    type: 'water_heater',
    name: 'Tank',
    config: { entity_id: 'switch.water_heater', temp_entity_id: 'sensor.tank_temperature', tank_size_gallons: 50, element_watts: 4500 },
  },
  {
    type: 'robot',
    name: 'Robot',
    config: { entity_id: 'vacuum.robot', soc_entity_id: 'sensor.robot_battery', battery_capacity_kwh: 0.1, max_charge_rate_kw: 0.05 },
  },
];
