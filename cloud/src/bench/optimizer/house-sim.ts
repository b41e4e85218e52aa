// A simulated house richer than the planner's model, to test the fit and the plans against:
// two thermal masses (air, structure), sun split between them, internal gains on a daily pattern,
// a thermostat with hysteresis and a minimum run/rest time, noisy sensors rounded to 0.1-1 F,
// readings at irregular ~5-minute times with missing stretches, and injectable faults (hints).
import type { ThermalReading } from '../../domain/thermal/duty.js';
import type { WeatherPoint } from '../../domain/thermal/resample.js';
import { normal } from './random.js';
import { HOUR_MS, MINUTE_MS } from '../../domain/time/durations.js';

/** Physical description, kW and kWh per F. */
export interface House {
  airCapKwhPerF: number;
  massCapKwhPerF: number;
  airMassKwPerF: number;
  airOutKwPerF: number;
  massOutKwPerF: number;
  coolCapacityKw: number;
  heatCapacityKw: number;
  coolPowerKw: number;
  heatPowerKw: number;
  /** Sun through the windows at noon on a clear day, kW; `solarAirFraction` (default 30 %) warms the air, the rest the structure. */
  solarPeakKw: number;
  solarAirFraction?: number;
  /** Internal gains (people, cooking, appliances), kW: constant, or this plus `internalGainProfileKw`. */
  internalGainKw: number;
  /** Extra internal gains by local hour (24 values, kW) on top of internalGainKw. */
  internalGainProfileKw?: readonly number[];
  hysteresisF: number;
  sensorNoiseF: number;
  /** What the sensor reports is rounded to this, F (default 0.1). */
  sensorResolutionF?: number;
  /** Minimum compressor run/rest time, minutes (default 3). */
  minCycleMin?: number;
}

/** A fault active at one instant (hints bench): all optional, absent = healthy. */
export interface FaultState {
  /** A window or door open: extra conductance from the air to outdoors, kW/F. */
  extraAirOutKwPerF?: number;
  /** Fraction of the rated capacity the unit delivers (1 = healthy) for the same electric power. */
  capacityFactor?: number;
  /** Added to what the thermostat's own sensor reads, F: the thermostat holds the biased reading at its setpoint. */
  sensorBiasF?: number;
  /**
   * Added to what the reported room sensor reads, F, where the readings come from a sensor the unit
   * does not control on (a satellite's, or a hub's `indoor_source: sensor`): the unit holds the true
   * air, the readings show it off by this much.
   */
  roomSensorBiasF?: number;
  /** Thermostat hysteresis override, F (short cycling). */
  hysteresisF?: number;
  /** Minimum run/rest override, minutes. */
  minCycleMin?: number;
  /** The compressor trips off after running this long, minutes (a pressure or overheat switch: short cycling). */
  maxRunMin?: number;
}

/**
 * A typical 2000 sq ft single-storey home: envelope UA 0.115 kW/F (about 210 W/K), 3.3 kWh/F of
 * thermal mass (about 22 MJ/K, mostly structure and furnishings), so a time constant near 29 h;
 * a 2.5-ton central AC (8.8 kW of cooling for 2.5 kW) or heat pump.
 */
export const TYPICAL_HOUSE: House = {
  airCapKwhPerF: 0.3,
  massCapKwhPerF: 3,
  airMassKwPerF: 1,
  airOutKwPerF: 0.04,
  massOutKwPerF: 0.075,
  coolCapacityKw: 8.8,
  heatCapacityKw: 8.8,
  coolPowerKw: 2.5,
  heatPowerKw: 2.8,
  solarPeakKw: 2,
  internalGainKw: 0.5,
  hysteresisF: 0.5,
  sensorNoiseF: 0.1,
};

export interface HouseState {
  airF: number;
  massF: number;
  isRunning: boolean;
  /** Minutes since the compressor last switched (for the minimum run/rest time). */
  minutesInState: number;
}

/** The world around the house over time (epoch ms). */
export interface Environment {
  outdoorF(atMs: number): number;
  /** Sun on the windows, fraction of solarPeakKw. */
  sunFraction(atMs: number): number;
  setpointF(atMs: number): number;
  mode: 'cool' | 'heat';
  /** Local hour of day (0-24) at an instant, for the internal-gain profile; default UTC hours. */
  localHour?(atMs: number): number;
  /** Faults injected at an instant. */
  fault?(atMs: number): FaultState | null;
}

export interface SimOptions {
  startMs: number;
  endMs: number;
  /** Reading cadence, minutes, each jittered by up to ±45 s; 0 records none. */
  readingEveryMin: number;
  rng: () => number;
  /** Stretches without readings (hub offline), [fromMs, toMs). */
  gaps?: readonly (readonly [number, number])[];
  /** Also record a reading whenever the compressor starts or stops (a hub pushing state changes). */
  pushOnChange?: boolean;
}

export interface SimTrace {
  readings: ThermalReading[];
  /** Hourly outdoor temperatures over the run (a weather history). */
  weather: WeatherPoint[];
  /** Per simulated minute: start instant, true air temperature, electric power. */
  minutes: { atMs: number; airF: number; massF: number; powerKw: number; isRunning: boolean }[];
  final: HouseState;
}

const MIN_CYCLE_MIN = 3;

/** Runs the house minute by minute (explicit Euler: the fastest time constant is ~17 min). */
export function simulateHouse(house: House, env: Environment, initial: HouseState, opts: SimOptions): SimTrace {
  const state = { ...initial };
  const readings: ThermalReading[] = [];
  const weather: WeatherPoint[] = [];
  const minutes: SimTrace['minutes'] = [];
  const resolution = house.sensorResolutionF ?? 0.1;
  const solarAir = house.solarAirFraction ?? 0.3;
  const localHour = env.localHour ?? ((atMs: number) => (((atMs / HOUR_MS) % 24) + 24) % 24);
  const sensor = (biasF: number) => Math.round((state.airF + biasF + house.sensorNoiseF * normal(opts.rng)) / resolution) * resolution;
  const jitter = () => (opts.rng() - 0.5) * 90_000;
  const inGap = (atMs: number) => (opts.gaps ?? []).some(([from, to]) => atMs >= from && atMs < to);
  let nextReadingMs = opts.readingEveryMin > 0 ? opts.startMs + jitter() + (opts.readingEveryMin * MINUTE_MS) / 2 : Infinity;
  for (let t = opts.startMs; t < opts.endMs; t += MINUTE_MS) {
    const fault = env.fault?.(t) ?? {};
    const outdoorF = env.outdoorF(t);
    if (t % HOUR_MS === 0) weather.push({ at: new Date(t), tempF: outdoorF });
    const measured = Math.round(sensor(fault.sensorBiasF ?? 0) * 10) / 10;
    const reported = fault.roomSensorBiasF ? Math.round((measured + fault.roomSensorBiasF) * 10) / 10 : measured;
    const setpoint = env.setpointF(t);
    const sign = env.mode === 'cool' ? 1 : -1;
    const hysteresis = fault.hysteresisF ?? house.hysteresisF;
    if (state.minutesInState >= (fault.minCycleMin ?? house.minCycleMin ?? MIN_CYCLE_MIN)) {
      const excess = sign * (measured - setpoint);
      const wants = state.isRunning ? excess > -hysteresis : excess > hysteresis;
      if (wants !== state.isRunning) [state.isRunning, state.minutesInState] = [wants, 0];
    }
    if (state.isRunning && fault.maxRunMin != null && state.minutesInState >= fault.maxRunMin) [state.isRunning, state.minutesInState] = [false, 0];
    const switched = state.minutesInState === 0 && t > opts.startMs;
    const capacity = (env.mode === 'cool' ? house.coolCapacityKw : house.heatCapacityKw) * (fault.capacityFactor ?? 1);
    const hvacKw = state.isRunning ? -sign * capacity : 0;
    const powerKw = state.isRunning ? (env.mode === 'cool' ? house.coolPowerKw : house.heatPowerKw) : 0;
    const sunKw = house.solarPeakKw * env.sunFraction(t);
    const hour = localHour(t);
    const internalKw = house.internalGainKw + (house.internalGainProfileKw?.[Math.floor(hour) % 24] ?? 0);
    const airOut = house.airOutKwPerF + (fault.extraAirOutKwPerF ?? 0);
    minutes.push({ atMs: t, airF: state.airF, massF: state.massF, powerKw, isRunning: state.isRunning });
    // Explicit Euler, sub-stepped when the air's time constant is short.
    const sub = Math.max(1, Math.ceil((house.airMassKwPerF + airOut) / house.airCapKwhPerF / 60 / 0.3));
    for (let k = 0; k < sub; k++) {
      const dAir = house.airMassKwPerF * (state.massF - state.airF) + airOut * (outdoorF - state.airF) + hvacKw + solarAir * sunKw + internalKw;
      const dMass = house.airMassKwPerF * (state.airF - state.massF) + house.massOutKwPerF * (outdoorF - state.massF) + (1 - solarAir) * sunKw;
      state.airF += dAir / house.airCapKwhPerF / 60 / sub;
      state.massF += dMass / house.massCapKwhPerF / 60 / sub;
    }
    state.minutesInState++;
    const reading = (atMs: number): ThermalReading => ({
      at: new Date(atMs),
      indoorTempF: reported,
      hvacState: env.mode === 'cool' ? 'COOL' : 'HEAT',
      hvacAction: state.isRunning ? (env.mode === 'cool' ? 'cooling' : 'heating') : 'idle',
      // Hubs report outdoor from a weather entity that updates about hourly: leave some out.
      outdoorTempF: opts.rng() < 0.7 ? Math.round(outdoorF) : null,
      powerW: Math.round(powerKw * 1000 * (1 + 0.02 * normal(opts.rng))),
      targetTempF: setpoint,
      // Its thermostat holds any setpoint the plan's 0.5 F grid sends.
      setpointStep: { step: 0.5, unit: 'F' },
    });
    if (opts.pushOnChange && switched && !inGap(t) && t + 1 < nextReadingMs) readings.push(reading(t + 1));
    if (t + MINUTE_MS > nextReadingMs) {
      if (!inGap(nextReadingMs)) {
        readings.push(reading(nextReadingMs));
      }
      nextReadingMs += opts.readingEveryMin * MINUTE_MS + jitter();
    }
  }
  return { readings, weather, minutes, final: state };
}
