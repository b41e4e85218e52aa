// Varied simulated homes, none of them in the planner's model family: two thermal masses of drawn
// sizes, sun split between air and structure, internal gains on a daily pattern, thermostat
// hysteresis and minimum cycles, sensors rounding to 0.1, 0.5 or 1 F, missing stretches of
// readings, a cooling (July) or heating (January) season and units sized 1.2-2.5× the design load.
// The model-quality bench tunes on one range of seeds and is judged on another (hvac-model-quality.ts).
import type { ThermalReading } from '../../domain/thermal/duty.js';
import type { WeatherPoint } from '../../domain/thermal/resample.js';
import { addDays, slotStartsUtc, type LocalDate } from '../../domain/time/slot-grid.js';
import { simulateHouse, type Environment, type FaultState, type House, type HouseState, type SimTrace } from './house-sim.js';
import { climateOf, drawSummerDay, drawWinterDay, type Climate } from './hvac-climate.js';
import { between, chance, pick, seededRandom } from './random.js';
import { DAY_MS, HOUR_MS } from '../../domain/time/durations.js';

export type Season = 'cool' | 'heat';

/** The household's thermostat program. */
export interface Program {
  baseF: number;
  /** Weekday setback while out (08:30-16:30), F: up when cooling, down when heating; 0 = none. */
  awaySetbackF: number;
  /** Night (23:00-06:00) setback, F, same sign convention. */
  nightSetbackF: number;
}

export interface GeneratedHome {
  seed: number;
  season: Season;
  house: House;
  program: Program;
  timeZone: string;
  /** Local date of the first simulated day. */
  firstDate: LocalDate;
  climate: Climate;
  /** Epoch ms of local midnight of the first day. */
  startMs: number;
}

export const TIME_ZONE = 'America/Los_Angeles';
export const TRAINING_DAYS = 14;

/** Internal gains by local hour: a quiet night, a breakfast bump, an evening cooking peak. */
function gainProfile(rng: () => number): number[] {
  const morning = between(rng, 0, 0.6);
  const evening = between(rng, 0.3, 1.2);
  return Array.from({ length: 24 }, (_, h) => (h >= 6 && h < 9 ? morning : h >= 17 && h < 22 ? evening : h >= 0 && h < 6 ? -0.1 : 0));
}

/** A house of drawn construction, its unit sized for the season's design day. */
function drawHouse(rng: () => number, _season: Season): House {
  const airOut = between(rng, 0.02, 0.08);
  const massOut = between(rng, 0.04, 0.15);
  const airMass = between(rng, 0.4, 2);
  const solarPeakKw = between(rng, 0.5, 3);
  const internalGainKw = between(rng, 0.2, 0.6);
  // Conductance from the air to outdoors through both paths (the structure in series with the coupling).
  const ua = airOut + (massOut * airMass) / (massOut + airMass);
  const sizing = between(rng, 1.2, 2.5);
  const coolLoad = ua * 25 + solarPeakKw * 0.6 + internalGainKw + 0.6;
  const heatLoad = ua * 45;
  const coolCapacityKw = Math.max(2, sizing * coolLoad);
  const heatCapacityKw = Math.max(2, sizing * heatLoad);
  return {
    airCapKwhPerF: between(rng, 0.15, 0.5),
    massCapKwhPerF: between(rng, 1.5, 6),
    airMassKwPerF: airMass,
    airOutKwPerF: airOut,
    massOutKwPerF: massOut,
    coolCapacityKw,
    heatCapacityKw,
    coolPowerKw: coolCapacityKw / between(rng, 2.6, 4.1),
    heatPowerKw: heatCapacityKw / between(rng, 2.2, 3.5),
    solarPeakKw,
    solarAirFraction: between(rng, 0.1, 0.6),
    internalGainKw,
    internalGainProfileKw: gainProfile(rng),
    hysteresisF: between(rng, 0.25, 0.75),
    sensorNoiseF: between(rng, 0.02, 0.1),
    sensorResolutionF: pick(rng, [0.1, 0.5, 1]),
    minCycleMin: Math.round(between(rng, 3, 8)),
  };
}

function drawProgram(rng: () => number, season: Season): Program {
  if (season === 'cool') {
    return {
      baseF: Math.round(between(rng, 70, 76)),
      awaySetbackF: chance(rng, 0.6) ? Math.round(between(rng, 2, 4)) : 0,
      nightSetbackF: chance(rng, 0.5) ? -1 : 0,
    };
  }
  return {
    baseF: Math.round(between(rng, 66, 71)),
    awaySetbackF: chance(rng, 0.6) ? Math.round(between(rng, 3, 5)) : 0,
    nightSetbackF: chance(rng, 0.7) ? Math.round(between(rng, 2, 6)) : 0,
  };
}

/** Home `seed`: even seeds cool in July, odd seeds heat in January (Los Angeles time). */
export function generateHome(seed: number, daysNeeded = TRAINING_DAYS + 4): GeneratedHome {
  const rng = seededRandom(seed * 7919 + 13);
  const season: Season = seed % 2 === 0 ? 'cool' : 'heat';
  const house = drawHouse(rng, season);
  const program = drawProgram(rng, season);
  const firstDate: LocalDate = season === 'cool' ? '2026-07-01' : '2026-01-07';
  const startMs = slotStartsUtc(firstDate, TIME_ZONE)[0]!.getTime();
  const days = Array.from({ length: daysNeeded + 1 }, () => (season === 'cool' ? drawSummerDay(rng) : drawWinterDay(rng)));
  const climate = climateOf(days, startMs, season === 'cool' ? [6, 20] : [7, 17]);
  return { seed, season, house, program, timeZone: TIME_ZONE, firstDate, climate, startMs };
}

/** Local hours since the first midnight (the run stays inside one DST period). */
const localHours = (home: GeneratedHome, atMs: number) => (atMs - home.startMs) / HOUR_MS;

/** The household's program as a setpoint function. */
export function programSetpointF(home: GeneratedHome): (atMs: number) => number {
  const sign = home.season === 'cool' ? 1 : -1;
  const weekday0 = new Date(`${home.firstDate}T12:00:00Z`).getUTCDay();
  return (atMs) => {
    const hours = localHours(home, atMs);
    const hour = ((hours % 24) + 24) % 24;
    const weekday = (weekday0 + Math.floor(hours / 24)) % 7;
    const p = home.program;
    if (weekday >= 1 && weekday <= 5 && hour >= 8.5 && hour < 16.5) return p.baseF + sign * p.awaySetbackF;
    if (hour >= 23 || hour < 6) return p.baseF + sign * p.nightSetbackF;
    return p.baseF;
  };
}

/** The simulation environment of a home with a setpoint function and optional faults. */
export function environmentOf(home: GeneratedHome, setpointF: (atMs: number) => number, fault?: (atMs: number) => FaultState | null): Environment {
  return {
    ...home.climate,
    setpointF,
    mode: home.season,
    localHour: (atMs) => ((localHours(home, atMs) % 24) + 24) % 24,
    ...(fault ? { fault } : {}),
  };
}

/** 0-3 stretches of 1-10 hours without readings (a hub offline), drawn from `rng`. */
export function drawGaps(rng: () => number, fromMs: number, toMs: number): [number, number][] {
  const count = Math.floor(between(rng, 0, 4));
  return Array.from({ length: count }, () => {
    const start = between(rng, fromMs, toMs - 12 * HOUR_MS);
    return [start, start + between(rng, 1, 10) * HOUR_MS] as [number, number];
  });
}

export interface HomeRun {
  readings: ThermalReading[];
  weather: WeatherPoint[];
  final: HouseState;
  /** The simulation minute by minute (true air temperature, power, compressor state). */
  minutes: SimTrace['minutes'];
}

/** Runs the household's own program over `days` from `fromDay` (0 = the first day), with optional gaps and faults. */
export function runProgram(
  home: GeneratedHome,
  initial: HouseState,
  fromDay: number,
  days: number,
  options: { gaps?: boolean; fault?: (atMs: number) => FaultState | null; rngSeed?: number; pushOnChange?: boolean } = {},
): HomeRun {
  const rng = seededRandom(options.rngSeed ?? home.seed * 31 + fromDay);
  const startMs = home.startMs + fromDay * DAY_MS;
  const endMs = startMs + days * DAY_MS;
  const gaps = options.gaps ? drawGaps(rng, startMs, endMs) : [];
  const trace = simulateHouse(home.house, environmentOf(home, programSetpointF(home), options.fault), initial, {
    startMs,
    endMs,
    readingEveryMin: 5,
    rng,
    gaps,
    pushOnChange: options.pushOnChange ?? false,
  });
  return { readings: trace.readings, weather: trace.weather, final: trace.final, minutes: trace.minutes };
}

/** A settled starting state: the program's base with the structure at the base too. */
export function initialState(home: GeneratedHome): HouseState {
  return { airF: home.program.baseF, massF: home.program.baseF, isRunning: false, minutesInState: 10 };
}

/** Local date of day `n` of the home's run. */
export const dateOf = (home: GeneratedHome, n: number): LocalDate => addDays(home.firstDate, n);
