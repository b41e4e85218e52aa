// A second house simulator, written apart from `../house-sim.ts` and with other physics, so the
// thermal model can be judged on homes whose behaviour it was never tuned on. In SI units inside
// (°C, kW, kWh/K); readings leave in F as a hub reports them. What differs:
// - the two masses are the air with its furniture and a floor slab that also takes part of the
//   unit's heat (a radiant share), and the slab loses to the ground and outdoors on its own;
// - infiltration rises with the wind; the unit's capacity and efficiency follow the outdoor
//   temperature (a heat pump);
// - the thermostat is either time-proportional (a PI controller choosing the on-share of fixed
//   10-20 minute cycles) or an inverter that modulates between its minimum and full output and
//   cycles on/off below its minimum; it reads a wall sensor that lags the air, works in °C and
//   rounds setpoints to its step (0.5 °C or 1 °F, half a step up as the hub does);
// - readings come every 1-9 minutes at random and on every start and stop.
import type { ThermalReading } from '../../../domain/thermal/duty.js';
import type { SetpointStep } from '../../../domain/thermal/setpoint-step.js';
import type { WeatherPoint } from '../../../domain/thermal/resample.js';
import { HOUR_MS, MINUTE_MS } from '../../../domain/time/durations.js';
import { between, normal } from '../random.js';

export interface SecondHouse {
  airCapKwhPerK: number;
  slabCapKwhPerK: number;
  airSlabKwPerK: number;
  airOutKwPerK: number;
  /** Infiltration at no wind, kW/K; it doubles at 5 m/s. */
  infiltrationKwPerK: number;
  slabOutKwPerK: number;
  /** Nominal thermal output at 7 °C outdoors (heating) or 35 °C (cooling), kW. */
  nominalKw: number;
  /** COP (heating) or EER as a ratio (cooling) at the nominal point. */
  nominalCop: number;
  /** The share of the unit's heat that goes into the slab (radiant or floor delivery). */
  slabShare: number;
  windowGainKw: number;
  solarAirShare: number;
  /** Heat from people and appliances while someone is home, and at any time, kW. */
  occupiedKw: number;
  baseGainKw: number;
  thermostat: 'tpi' | 'inverter';
  /** TPI cycle length, minutes. */
  cycleMin: number;
  /** Inverter: its lowest continuous output as a share of full. */
  minModulation: number;
  /** Wall sensor time constant, minutes. */
  sensorLagMin: number;
  /** The thermostat's setpoint step: 0.5 °C or 1 °F; the readings report it as a hub does. */
  setpointStep: SetpointStep;
  /** What the readings report is rounded to, °C (the thermostat's display). */
  displayStepC: number;
}

export interface SecondWorld {
  season: 'heat' | 'cool';
  outdoorC(atMs: number): number;
  windMs(atMs: number): number;
  /** Sun on the windows, 0-1 of a clear noon. */
  sun(atMs: number): number;
  isOccupied(atMs: number): boolean;
  /** The setpoint the household (or the plan) asks for, F. */
  setpointF(atMs: number): number;
}

export interface SecondState {
  airC: number;
  slabC: number;
  sensorC: number;
  integral: number;
  /** Output share 0-1 of the unit right now. */
  output: number;
  cycleStartMs: number;
  onShare: number;
}

export interface SecondTrace {
  readings: ThermalReading[];
  weather: WeatherPoint[];
  /** Per minute: true air temperature (F) and electric power (kW). */
  minutes: { atMs: number; airF: number; powerKw: number }[];
  final: SecondState;
}

const toF = (c: number) => c * 1.8 + 32;
const toC = (f: number) => (f - 32) / 1.8;
const SUBSTEPS = 6;

/**
 * The setpoint the thermostat takes, F: on its step in its own unit, half a step rounding up
 * (as the hub rounds it before sending).
 */
function setpointOnStepF(setpointF: number, { step, unit }: SetpointStep): number {
  const value = unit === 'C' ? toC(setpointF) : setpointF;
  const held = Math.floor(value / step + 0.5 + 1e-9) * step;
  return unit === 'C' ? toF(held) : held;
}

/** Full thermal output and COP of the unit at an outdoor temperature. */
function unitAt(h: SecondHouse, season: 'heat' | 'cool', outdoorC: number): { fullKw: number; cop: number } {
  if (season === 'heat') return { fullKw: h.nominalKw * Math.max(0.4, 1 + 0.025 * (outdoorC - 7)), cop: Math.max(1.5, h.nominalCop + 0.07 * (outdoorC - 7)) };
  return { fullKw: h.nominalKw * Math.max(0.6, 1 - 0.012 * (outdoorC - 35)), cop: Math.max(1.8, h.nominalCop - 0.08 * (outdoorC - 35)) };
}

/** The thermostat's decision for the next minute: the unit's output share 0-1. */
function control(h: SecondHouse, s: SecondState, setpointC: number, season: 'heat' | 'cool', atMs: number): number {
  const sign = season === 'heat' ? 1 : -1;
  const error = sign * (setpointC - s.sensorC); // > 0: the unit should work
  s.integral = Math.min(3, Math.max(-1, s.integral + error / 60 / 1.5));
  const demand = Math.min(1, Math.max(0, 0.6 * error + 0.4 * s.integral));
  if (h.thermostat === 'tpi') {
    if (atMs - s.cycleStartMs >= h.cycleMin * MINUTE_MS) [s.cycleStartMs, s.onShare] = [atMs, demand < 0.1 ? 0 : demand];
    return atMs - s.cycleStartMs < s.onShare * h.cycleMin * MINUTE_MS ? 1 : 0;
  }
  if (demand >= h.minModulation) return demand;
  // Below its minimum an inverter runs at the minimum until 0.3 K past the setpoint, then rests until 0.3 K short of it.
  if (s.output > 0) return error > -0.3 ? h.minModulation : 0;
  return error > 0.3 ? h.minModulation : 0;
}

export interface SecondRunOptions {
  startMs: number;
  endMs: number;
  rng: () => number;
  /** Readings are recorded (every 1-9 minutes and at starts and stops) unless false. */
  record: boolean;
  gaps?: readonly (readonly [number, number])[];
}

/** Runs the house minute by minute (each minute in six explicit sub-steps). */
export function simulateSecond(h: SecondHouse, world: SecondWorld, initial: SecondState, opts: SecondRunOptions): SecondTrace {
  const s = { ...initial };
  const readings: ThermalReading[] = [];
  const weather: WeatherPoint[] = [];
  const minutes: SecondTrace['minutes'] = [];
  let nextReadingMs = opts.startMs + between(opts.rng, 1, 9) * MINUTE_MS;
  let lastOutdoorReportF = Math.round(toF(world.outdoorC(opts.startMs)));
  for (let t = opts.startMs; t < opts.endMs; t += MINUTE_MS) {
    const outdoorC = world.outdoorC(t);
    if (t % HOUR_MS === 0) {
      weather.push({ at: new Date(t), tempF: toF(outdoorC) });
      lastOutdoorReportF = Math.round(toF(outdoorC));
    }
    const setpointF = world.setpointF(t);
    const setpointC = toC(setpointOnStepF(setpointF, h.setpointStep));
    const wasRunning = s.output > 0;
    s.output = control(h, s, setpointC, world.season, t);
    const unit = unitAt(h, world.season, outdoorC);
    const sign = world.season === 'heat' ? 1 : -1;
    const hvacKw = sign * s.output * unit.fullKw;
    const powerKw = (s.output * unit.fullKw) / unit.cop;
    const sunKw = h.windowGainKw * world.sun(t);
    const gainKw = h.baseGainKw + (world.isOccupied(t) ? h.occupiedKw : 0);
    const infiltration = h.infiltrationKwPerK * (1 + world.windMs(t) / 5);
    minutes.push({ atMs: t, airF: toF(s.airC), powerKw });
    const dtH = 1 / 60 / SUBSTEPS;
    for (let k = 0; k < SUBSTEPS; k++) {
      const toAir =
        h.airSlabKwPerK * (s.slabC - s.airC) +
        (h.airOutKwPerK + infiltration) * (outdoorC - s.airC) +
        (1 - h.slabShare) * hvacKw +
        h.solarAirShare * sunKw +
        gainKw;
      const toSlab = h.airSlabKwPerK * (s.airC - s.slabC) + h.slabOutKwPerK * (outdoorC - s.slabC) + h.slabShare * hvacKw + (1 - h.solarAirShare) * sunKw;
      s.airC += (toAir / h.airCapKwhPerK) * dtH;
      s.slabC += (toSlab / h.slabCapKwhPerK) * dtH;
      s.sensorC += ((s.airC - s.sensorC) * (dtH * 60)) / h.sensorLagMin;
    }
    if (!opts.record) continue;
    const switched = wasRunning !== s.output > 0;
    const due = t + MINUTE_MS > nextReadingMs;
    const inGap = (opts.gaps ?? []).some(([from, to]) => t >= from && t < to);
    if ((due || switched) && !inGap) {
      const displayC = Math.round((s.sensorC + 0.03 * normal(opts.rng)) / h.displayStepC) * h.displayStepC;
      const running = s.output > 0;
      readings.push({
        at: new Date(t + (due ? Math.round(between(opts.rng, 0, 59)) * 1000 : 1000)),
        indoorTempF: Math.round(toF(displayC) * 10) / 10,
        hvacState: world.season === 'heat' ? 'HEAT' : 'COOL',
        hvacAction: running ? (world.season === 'heat' ? 'heating' : 'cooling') : 'idle',
        outdoorTempF: opts.rng() < 0.5 ? lastOutdoorReportF : null,
        powerW: Math.round(powerKw * 1000),
        targetTempF: Math.round(toF(setpointC) * 10) / 10,
        setpointStep: h.setpointStep,
      });
    }
    if (due) nextReadingMs += between(opts.rng, 1, 9) * MINUTE_MS;
  }
  return { readings, weather, minutes, final: s };
}
