// The simulated house: readings move with the simulated clock, driven by what the add-on switches.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callService, getConfig, type Connection } from 'home-assistant-js-websocket';
import { houseLocation } from '../../src/ha-sim/house/model.js';
import { startHaSim, type HaSimHandle } from '../../src/ha-sim/index.js';
import { connectHaws, TOKEN } from './helpers.js';

const T0 = Date.parse('2026-01-15T00:00:00Z');
const HOUR = 3_600_000;
let ha: HaSimHandle;
let conn: Connection;

beforeEach(async () => {
  ha = await startHaSim({ house: {}, token: TOKEN, clock: () => T0 });
  conn = await connectHaws(ha.url);
});
afterEach(async () => {
  conn.close();
  await ha.stop();
});

const num = (id: string) => Number(ha.getState(id)!.state);
const attr = (id: string, key: string) => ha.getState(id)!.attributes[key] as number;
const target = (id: string) => ({ entity_id: id });

describe('simulated house', () => {
  it('has every appliance the add-on drives, in a metric home', async () => {
    const ids = ha.getStates().map((s) => s.entity_id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'climate.thermostat',
        'sensor.thermostat_temperature',
        'switch.ev_charger',
        'sensor.ev_battery',
        'switch.home_battery_charge',
        'sensor.home_battery',
        'switch.water_heater',
        'vacuum.robot',
        'weather.home',
        'sensor.household_power',
      ]),
    );
    expect((await getConfig(conn)).unit_system.temperature).toBe('°C');
    expect(ha.getState('sensor.household_power')!.attributes).toMatchObject({ unit_of_measurement: 'W', device_class: 'power' });
  });

  it("stands where its clock is: a listed zone's city, else latitude 40 on the zone's standard meridian", async () => {
    expect(await getConfig(conn)).toMatchObject({ time_zone: 'Europe/London', latitude: 51.5, longitude: -0.12 });
    expect(houseLocation('America/New_York')).toEqual({ latitude: 40.71, longitude: -74.01 });
    expect(houseLocation('Asia/Kolkata')).toEqual({ latitude: 40, longitude: 82.5 });
    expect(houseLocation('America/Denver')).toEqual({ latitude: 40, longitude: -105 });
    expect(houseLocation('Australia/Sydney')).toEqual({ latitude: 40, longitude: 150 });
  });

  it('heats to the target and then holds it within the deadband', async () => {
    await callService(conn, 'climate', 'set_temperature', { temperature: 21 }, target('climate.thermostat'));
    const start = attr('climate.thermostat', 'current_temperature');
    ha.advance(10 * 60_000);
    expect(ha.getState('climate.thermostat')!.attributes.hvac_action).toBe('heating');
    ha.advance(HOUR);
    expect(attr('climate.thermostat', 'current_temperature')).toBeGreaterThan(start);
    const seen: number[] = [];
    for (let i = 0; i < 48; i++) {
      ha.advance(5 * 60_000);
      seen.push(attr('climate.thermostat', 'current_temperature'));
    }
    expect(Math.min(...seen.slice(12))).toBeGreaterThanOrEqual(20.3);
    expect(Math.max(...seen)).toBeLessThanOrEqual(21.7);
    expect(Math.abs(num('sensor.thermostat_temperature') - seen.at(-1)!)).toBeLessThan(0.5);
  });

  it('drifts towards the outdoor temperature with the HVAC off', async () => {
    await callService(conn, 'climate', 'set_hvac_mode', { hvac_mode: 'off' }, target('climate.thermostat'));
    const start = attr('climate.thermostat', 'current_temperature');
    ha.advance(3 * HOUR);
    expect(ha.getState('climate.thermostat')!.attributes.hvac_action).toBe('off');
    expect(attr('climate.thermostat', 'current_temperature')).toBeLessThan(start - 1);
  });

  it('charges the EV and the home battery while their switches are on, and shows it in their power sensors and household power', async () => {
    const ev0 = num('sensor.ev_battery');
    const bat0 = num('sensor.home_battery');
    ha.advance(60_000);
    const idlePower = num('sensor.household_power');
    await callService(conn, 'switch', 'turn_on', undefined, target('switch.ev_charger'));
    await callService(conn, 'switch', 'turn_on', undefined, target('switch.home_battery_charge'));
    ha.advance(60_000);
    expect([num('sensor.ev_charger_power'), num('sensor.home_battery_power')]).toEqual([7400, 5000]);
    ha.advance(HOUR - 60_000);
    expect(num('sensor.ev_battery')).toBeGreaterThanOrEqual(ev0 + 11);
    expect(num('sensor.ev_battery')).toBeLessThanOrEqual(ev0 + 13);
    expect(num('sensor.home_battery')).toBeGreaterThanOrEqual(bat0 + 49);
    expect(num('sensor.household_power')).toBeGreaterThan(idlePower + 12_000);
    await callService(conn, 'switch', 'turn_off', undefined, target('switch.ev_charger'));
    const ev1 = num('sensor.ev_battery');
    ha.advance(HOUR);
    expect(num('sensor.ev_battery')).toBe(ev1);
    expect(num('sensor.ev_charger_power')).toBe(0);
    ha.advance(2 * HOUR);
    expect(num('sensor.home_battery')).toBe(100);
  });

  it('heats the water tank while the water heater is on', async () => {
    const t0 = num('sensor.water_heater_temperature');
    await callService(conn, 'switch', 'turn_on', undefined, target('switch.water_heater'));
    ha.advance(HOUR);
    expect(num('sensor.water_heater_temperature')).toBeGreaterThan(t0 + 5);
  });

  it('sends the robot home: returning, then docked after a simulated minute', async () => {
    await callService(conn, 'vacuum', 'start', undefined, target('vacuum.robot'));
    ha.advance(20 * 60_000);
    expect(num('sensor.robot_battery')).toBeLessThan(100);
    await callService(conn, 'vacuum', 'return_to_base', undefined, target('vacuum.robot'));
    expect(ha.getState('vacuum.robot')!.state).toBe('returning');
    ha.advance(30_000);
    expect(ha.getState('vacuum.robot')!.state).toBe('returning');
    ha.advance(30_000);
    expect(ha.getState('vacuum.robot')!.state).toBe('docked');
  });

  it('answers hourly forecasts from the current hour, and moves household power through the day', async () => {
    const res = (await callService(conn, 'weather', 'get_forecasts', { type: 'hourly' }, target('weather.home'), true)) as {
      response: Record<string, { forecast: { datetime: string; temperature: number }[] }>;
    };
    const forecast = res.response['weather.home']!.forecast;
    expect(forecast).toHaveLength(48);
    expect(forecast[0]!.datetime).toBe('2026-01-15T00:00:00+00:00');
    expect(forecast[1]!.datetime).toBe('2026-01-15T01:00:00+00:00');
    const temps = forecast.map((f) => f.temperature);
    expect(Math.max(...temps) - Math.min(...temps)).toBeGreaterThan(5);
    const readings: number[] = [];
    for (let h = 0; h < 24; h++) {
      ha.advance(HOUR);
      readings.push(num('sensor.household_power'));
    }
    expect(Math.max(...readings)).toBeGreaterThan(1500);
    expect(Math.min(...readings)).toBeLessThan(800);
    expect(ha.now()).toBe(T0 + 24 * HOUR);
  });

  it('can run in °F with several appliances of a kind', async () => {
    const us = await startHaSim({ house: { unitSystem: 'us_customary', counts: { evChargers: 3, thermostats: 2 } }, token: TOKEN, clock: () => T0 });
    const ids = us.getStates().map((s) => s.entity_id);
    expect(ids).toEqual(expect.arrayContaining(['switch.ev_charger_2', 'switch.ev_charger_3', 'climate.thermostat_2']));
    const climate = us.getState('climate.thermostat')!;
    expect(climate.attributes).toMatchObject({ min_temp: 45, max_temp: 95, temperature: 68 });
    await us.stop();
  });
});
