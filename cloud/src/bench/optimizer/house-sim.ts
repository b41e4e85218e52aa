// A simulated house richer than the planner's model, to test the fit and the plans against:
// two thermal masses (air, structure), sun, internal gains, a thermostat with hysteresis and a
// minimum run/rest time, noisy 0.1 F-quantised sensors and readings at irregular ~5-minute times.
import type { ThermalReading } from '../../domain/thermal/duty.js';
import type { WeatherPoint } from '../../domain/thermal/resample.js';
import { normal } from './random.js';
import { MINUTE_MS } from '../../domain/time/durations.js';

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
  /** Sun through the windows at noon on a clear day, kW; 30 % warms the air, the rest the structure. */
  solarPeakKw: number;
  internalGainKw: number;
  hysteresisF: number;
  sensorNoiseF: number;
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
}

export interface SimOptions {
  startMs: number;
  endMs: number;
  /** Reading cadence, minutes, each jittered by up to ±45 s; 0 records none. */
  readingEveryMin: number;
  rng: () => number;
}

export interface SimTrace {
  readings: ThermalReading[];
  /** Hourly outdoor temperatures over the run (a weather history). */
  weather: WeatherPoint[];
  /** Per simulated minute: start instant, true air temperature, electric power. */
  minutes: { atMs: number; airF: number; powerKw: number }[];
  final: HouseState;
}

const MIN_CYCLE_MIN = 3;

/** Runs the house minute by minute (explicit Euler: the fastest time constant is ~17 min). */
export function simulateHouse(house: House, env: Environment, initial: HouseState, opts: SimOptions): SimTrace {
  const state = { ...initial };
  const readings: ThermalReading[] = [];
  const weather: WeatherPoint[] = [];
  const minutes: SimTrace['minutes'] = [];
  const sensor = () => Math.round((state.airF + house.sensorNoiseF * normal(opts.rng)) * 10) / 10;
  const jitter = () => (opts.rng() - 0.5) * 90_000;
  let nextReadingMs = opts.readingEveryMin > 0 ? opts.startMs + jitter() + opts.readingEveryMin * MINUTE_MS / 2 : Infinity;
  for (let t = opts.startMs; t < opts.endMs; t += MINUTE_MS) {
    const outdoorF = env.outdoorF(t);
    if (t % 3_600_000 === 0) weather.push({ at: new Date(t), tempF: outdoorF });
    const measured = sensor();
    const setpoint = env.setpointF(t);
    const sign = env.mode === 'cool' ? 1 : -1;
    if (state.minutesInState >= MIN_CYCLE_MIN) {
      const excess = sign * (measured - setpoint);
      const wants = state.isRunning ? excess > -house.hysteresisF : excess > house.hysteresisF;
      if (wants !== state.isRunning) [state.isRunning, state.minutesInState] = [wants, 0];
    }
    const hvacKw = state.isRunning ? sign * -(env.mode === 'cool' ? house.coolCapacityKw : house.heatCapacityKw) : 0;
    const powerKw = state.isRunning ? (env.mode === 'cool' ? house.coolPowerKw : house.heatPowerKw) : 0;
    const sunKw = house.solarPeakKw * env.sunFraction(t);
    const toAir =
      house.airMassKwPerF * (state.massF - state.airF) + house.airOutKwPerF * (outdoorF - state.airF) + hvacKw + 0.3 * sunKw + house.internalGainKw;
    const toMass = house.airMassKwPerF * (state.airF - state.massF) + house.massOutKwPerF * (outdoorF - state.massF) + 0.7 * sunKw;
    minutes.push({ atMs: t, airF: state.airF, powerKw });
    state.airF += toAir / house.airCapKwhPerF / 60;
    state.massF += toMass / house.massCapKwhPerF / 60;
    state.minutesInState++;
    if (t + MINUTE_MS > nextReadingMs) {
      readings.push({
        at: new Date(nextReadingMs),
        indoorTempF: measured,
        hvacState: env.mode === 'cool' ? 'COOL' : 'HEAT',
        hvacAction: state.isRunning ? (env.mode === 'cool' ? 'cooling' : 'heating') : 'idle',
        // Hubs report outdoor from a weather entity that updates about hourly: leave some out.
        outdoorTempF: opts.rng() < 0.7 ? Math.round(outdoorF) : null,
        powerW: Math.round(powerKw * 1000 * (1 + 0.02 * normal(opts.rng))),
      });
      nextReadingMs += opts.readingEveryMin * MINUTE_MS + jitter();
    }
  }
  return { readings, weather, minutes, final: state };
}
