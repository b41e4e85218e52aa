// The simulated house: entities for a thermostat (with a fallback temperature sensor), EV chargers,
// home batteries, water heaters, robot vacuums, a weather entity and a household power sensor,
// whose values move with the simulated clock. Its state is the entities' states plus a few hidden
// floats (exact indoor temperature, state of charge) that the displayed values are rounded from.
import type { ForecastType, SimCore } from '../core.js';
import type { FixtureData, FixtureEntity } from '../fixture.js';
import { isoFromMicros, microsFromMs } from '../time.js';
import {
  baseLoadW,
  cToF,
  fToC,
  houseLocation,
  hvacAction,
  indoorStep,
  localHour,
  noise,
  outdoorC,
  socStep,
  type HvacAction,
  type ThermalParams,
} from './model.js';

export interface HouseOptions {
  unitSystem?: 'metric' | 'us_customary';
  timeZone?: string;
  haVersion?: string;
  /** Outdoor daily mean and half-swing, °C. */
  outdoorMeanC?: number;
  outdoorSwingC?: number;
  indoorStartC?: number;
  /** Thermostat deadband around the target, °C. */
  deadbandC?: number;
  thermal?: Partial<ThermalParams>;
  evCapacityKWh?: number;
  evChargeKW?: number;
  evStartSoc?: number;
  batteryCapacityKWh?: number;
  batteryChargeKW?: number;
  batteryStartSoc?: number;
  waterHeaterKW?: number;
  /** How many of each appliance (default 1 each); the second is named `<id>_2`, and so on. */
  counts?: Partial<Record<'thermostats' | 'evChargers' | 'batteries' | 'waterHeaters' | 'robots', number>>;
}

export interface House {
  fixture: FixtureData;
  physics: (fromMs: number, toMs: number, sim: SimCore) => void;
  forecast: (entityId: string, type: ForecastType, nowMs: number) => Record<string, unknown>[] | undefined;
}

const STEP_MS = 60_000;
const HVAC_W = 2500;
const ROBOT_W = 40;

function named(base: string, i: number): string {
  return i === 0 ? base : `${base}_${i + 1}`;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

export function buildHouse(options: HouseOptions = {}, startMs: number): House {
  const o = {
    unitSystem: options.unitSystem ?? 'metric',
    timeZone: options.timeZone ?? 'Europe/London',
    outdoorMeanC: options.outdoorMeanC ?? 9,
    outdoorSwingC: options.outdoorSwingC ?? 5,
    indoorStartC: options.indoorStartC ?? 19.5,
    deadbandC: options.deadbandC ?? 0.5,
    thermal: { timeConstantH: 8, heatRateCPerH: 4, coolRateCPerH: 3.5, ...options.thermal },
    evCapacityKWh: options.evCapacityKWh ?? 60,
    evChargeKW: options.evChargeKW ?? 7.4,
    evStartSoc: options.evStartSoc ?? 45,
    batteryCapacityKWh: options.batteryCapacityKWh ?? 10,
    batteryChargeKW: options.batteryChargeKW ?? 5,
    batteryStartSoc: options.batteryStartSoc ?? 50,
    waterHeaterKW: options.waterHeaterKW ?? 3,
  };
  const counts = { thermostats: 1, evChargers: 1, batteries: 1, waterHeaters: 1, robots: 1, ...options.counts };
  const fahrenheit = o.unitSystem === 'us_customary';
  const tempUnit = fahrenheit ? '°F' : '°C';
  /** °C to the display unit, rounded to Core's precision (0.1 °C, 1 °F). */
  const show = (c: number) => (fahrenheit ? Math.round(cToF(c)) : Math.round(c * 10) / 10);
  const fromDisplay = (v: number) => (fahrenheit ? fToC(v) : v);
  const hourAt = (ms: number) => localHour(ms, o.timeZone);
  const outdoorAt = (ms: number) => outdoorC(hourAt(ms), o.outdoorMeanC, o.outdoorSwingC);

  const hidden = {
    indoor: range(counts.thermostats).map(() => o.indoorStartC),
    action: range(counts.thermostats).map((): HvacAction => 'idle'),
    ev: range(counts.evChargers).map(() => o.evStartSoc),
    battery: range(counts.batteries).map(() => o.batteryStartSoc),
    tank: range(counts.waterHeaters).map(() => 48),
    robot: range(counts.robots).map(() => 100),
  };

  const entities: FixtureEntity[] = [];
  const add = (entity_id: string, state: string, attributes: Record<string, unknown>) => entities.push({ entity_id, state, attributes });
  for (const i of range(counts.thermostats)) {
    const n = i === 0 ? '' : ` ${i + 1}`;
    add(named('climate.thermostat', i), 'heat', {
      hvac_modes: ['off', 'heat', 'cool'],
      min_temp: show(7),
      max_temp: show(35),
      target_temp_step: fahrenheit ? 1 : 0.5,
      fan_modes: ['auto', 'low', 'high'],
      current_temperature: show(o.indoorStartC),
      temperature: show(20),
      current_humidity: 45,
      fan_mode: 'auto',
      hvac_action: 'idle',
      friendly_name: `Thermostat${n}`,
      supported_features: 393,
    });
    add(named('sensor.thermostat_temperature', i), String(show(o.indoorStartC)), {
      state_class: 'measurement',
      unit_of_measurement: tempUnit,
      device_class: 'temperature',
      friendly_name: `Thermostat${n} Temperature`,
    });
  }
  const battery = (friendly: string) => ({ state_class: 'measurement', unit_of_measurement: '%', device_class: 'battery', friendly_name: friendly });
  const power = (friendly: string) => ({ state_class: 'measurement', unit_of_measurement: 'W', device_class: 'power', friendly_name: friendly });
  for (const i of range(counts.evChargers)) {
    add(named('switch.ev_charger', i), 'off', { device_class: 'outlet', friendly_name: `EV Charger${i ? ` ${i + 1}` : ''}` });
    add(named('sensor.ev_battery', i), String(Math.round(o.evStartSoc)), battery(`EV Battery${i ? ` ${i + 1}` : ''}`));
    add(named('sensor.ev_charger_power', i), '0', power(`EV Charger${i ? ` ${i + 1}` : ''} Power`));
  }
  for (const i of range(counts.batteries)) {
    add(named('switch.home_battery_charge', i), 'off', { friendly_name: `Home Battery Charge${i ? ` ${i + 1}` : ''}` });
    add(named('sensor.home_battery', i), String(Math.round(o.batteryStartSoc)), battery(`Home Battery${i ? ` ${i + 1}` : ''}`));
    add(named('sensor.home_battery_power', i), '0', power(`Home Battery${i ? ` ${i + 1}` : ''} Power`));
  }
  for (const i of range(counts.waterHeaters)) {
    add(named('switch.water_heater', i), 'off', { friendly_name: `Water Heater${i ? ` ${i + 1}` : ''}` });
    add(named('sensor.water_heater_temperature', i), String(show(48)), {
      state_class: 'measurement',
      unit_of_measurement: tempUnit,
      device_class: 'temperature',
      friendly_name: `Water Heater${i ? ` ${i + 1}` : ''} Temperature`,
    });
  }
  for (const i of range(counts.robots)) {
    add(named('vacuum.robot', i), 'docked', {
      fan_speed_list: ['quiet', 'standard', 'max'],
      fan_speed: 'standard',
      friendly_name: `Robot${i ? ` ${i + 1}` : ''}`,
      supported_features: 12348,
    });
    add(named('sensor.robot_battery', i), '100', battery(`Robot${i ? ` ${i + 1}` : ''} Battery`));
  }
  add('weather.home', 'partlycloudy', weatherAttrs(outdoorAt(startMs)));
  add('sensor.household_power', String(Math.round(baseLoadW(hourAt(startMs)))), {
    state_class: 'measurement',
    unit_of_measurement: 'W',
    device_class: 'power',
    friendly_name: 'Household Power',
  });

  function weatherAttrs(outC: number): Record<string, unknown> {
    return {
      temperature: show(outC),
      humidity: 70,
      cloud_coverage: 40,
      pressure: fahrenheit ? 29.92 : 1013,
      wind_bearing: 220,
      wind_speed: fahrenheit ? 6.2 : 10,
      temperature_unit: tempUnit,
      pressure_unit: fahrenheit ? 'inHg' : 'hPa',
      wind_speed_unit: fahrenheit ? 'mph' : 'km/h',
      visibility_unit: fahrenheit ? 'mi' : 'km',
      precipitation_unit: fahrenheit ? 'in' : 'mm',
      friendly_name: 'Home',
      supported_features: 2,
    };
  }

  const fixture: FixtureData = {
    ha_version: options.haVersion ?? '2026.8.0',
    config: {
      location_name: 'Simulated House',
      ...houseLocation(o.timeZone),
      elevation: 20,
      radius: 100,
      unit_system: o.unitSystem,
      time_zone: o.timeZone,
      currency: fahrenheit ? 'USD' : 'GBP',
      country: fahrenheit ? 'US' : 'GB',
      language: 'en',
    },
    behaviour: { dock_after_seconds: 60 },
    entities,
  };

  /** Write only what the display shows differently, as an integration polling its device would. */
  function write(sim: SimCore, entityId: string, state: string, attributes?: Record<string, unknown>): void {
    const current = sim.states.get(entityId);
    if (!current) return;
    const attrs = attributes ? { ...current.attributes, ...attributes } : { ...current.attributes };
    sim.states.set(entityId, state, attrs);
  }

  function step(sim: SimCore, atMs: number, dtH: number): void {
    const outC = outdoorAt(atMs);
    let loadW = baseLoadW(hourAt(atMs)) + 60 * noise(Math.floor(atMs / 60_000));
    for (const i of range(counts.thermostats)) {
      const id = named('climate.thermostat', i);
      const climate = sim.states.get(id);
      if (!climate) continue;
      const target = typeof climate.attributes.temperature === 'number' ? fromDisplay(climate.attributes.temperature) : null;
      const action = hvacAction(climate.state, hidden.indoor[i]!, target, o.deadbandC, hidden.action[i]!);
      hidden.action[i] = action;
      hidden.indoor[i] = indoorStep(hidden.indoor[i]!, outC, action, dtH, o.thermal);
      if (action === 'heating' || action === 'cooling') loadW += HVAC_W;
      write(sim, id, climate.state, { current_temperature: show(hidden.indoor[i]!), hvac_action: action });
      write(sim, named('sensor.thermostat_temperature', i), String(show(hidden.indoor[i]! + 0.2)));
    }
    for (const i of range(counts.evChargers)) {
      const on = sim.states.get(named('switch.ev_charger', i))?.state === 'on';
      const charging = on && hidden.ev[i]! < 100;
      if (charging) loadW += o.evChargeKW * 1000;
      hidden.ev[i] = socStep(hidden.ev[i]!, charging ? o.evChargeKW : 0, dtH, o.evCapacityKWh);
      write(sim, named('sensor.ev_battery', i), String(Math.floor(hidden.ev[i]!)));
      write(sim, named('sensor.ev_charger_power', i), String(charging ? o.evChargeKW * 1000 : 0));
    }
    for (const i of range(counts.batteries)) {
      const on = sim.states.get(named('switch.home_battery_charge', i))?.state === 'on';
      const charging = on && hidden.battery[i]! < 100;
      if (charging) loadW += o.batteryChargeKW * 1000;
      // Off, it loses a little to standby; on and full, the charger holds it at 100 %.
      hidden.battery[i] = socStep(hidden.battery[i]!, charging ? o.batteryChargeKW : on ? 0 : -0.05, dtH, o.batteryCapacityKWh);
      write(sim, named('sensor.home_battery', i), String(Math.floor(hidden.battery[i]!)));
      write(sim, named('sensor.home_battery_power', i), String(charging ? o.batteryChargeKW * 1000 : 0));
    }
    for (const i of range(counts.waterHeaters)) {
      const on = sim.states.get(named('switch.water_heater', i))?.state === 'on';
      const heating = on && hidden.tank[i]! < 60;
      if (heating) loadW += o.waterHeaterKW * 1000;
      // 200 L tank: 3 kW adds about 13 °C an hour; it loses about 0.5 °C an hour to the room.
      hidden.tank[i] = hidden.tank[i]! + (heating ? (o.waterHeaterKW / 0.232) * dtH : 0) - 0.5 * dtH;
      write(sim, named('sensor.water_heater_temperature', i), String(show(hidden.tank[i]!)));
    }
    for (const i of range(counts.robots)) {
      const robot = sim.states.get(named('vacuum.robot', i));
      if (!robot) continue;
      const cleaning = robot.state === 'cleaning';
      if (cleaning) loadW += ROBOT_W;
      hidden.robot[i] = Math.min(100, Math.max(0, hidden.robot[i]! + (cleaning ? -60 : robot.state === 'docked' ? 50 : -10) * dtH));
      write(sim, named('sensor.robot_battery', i), String(Math.floor(hidden.robot[i]!)));
    }
    const weather = sim.states.get('weather.home');
    if (weather) write(sim, 'weather.home', weather.state, { temperature: show(outC) });
    write(sim, 'sensor.household_power', String(Math.max(0, Math.round(loadW))));
  }

  return {
    fixture,
    physics(fromMs, toMs, sim) {
      // Integrate in one-minute steps; the readings show the end of each step.
      let t = fromMs;
      while (t < toMs) {
        const next = Math.min(toMs, (Math.floor(t / STEP_MS) + 1) * STEP_MS);
        step(sim, next, (next - t) / 3_600_000);
        t = next;
      }
    },
    forecast(entityId, type, nowMs) {
      if (entityId !== 'weather.home' || type !== 'hourly') return undefined;
      const firstHour = Math.ceil(nowMs / 3_600_000) * 3_600_000;
      return range(48).map((h) => {
        const at = firstHour + h * 3_600_000;
        const c = outdoorAt(at);
        const hour = hourAt(at);
        return {
          datetime: isoFromMicros(microsFromMs(at)),
          condition: hour < 6 || hour >= 21 ? 'clear-night' : noise(Math.floor(at / 3_600_000)) > 0.3 ? 'cloudy' : 'partlycloudy',
          temperature: show(c),
          humidity: Math.round(70 - 15 * Math.cos((2 * Math.PI * (hour - 15)) / 24)),
          precipitation: 0,
          wind_speed: fahrenheit ? 6.2 : 10,
          wind_bearing: 220,
        };
      });
    },
  };
}
