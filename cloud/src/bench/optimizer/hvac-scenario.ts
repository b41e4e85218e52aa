// The simulated home the HVAC quality bench learns from: two summer weeks of a household's own
// thermostat program in Los Angeles time, then three held-out days, the first of them the test day.
import { estimateRatedPowerKw } from '../../domain/planners/hvac-rated-power.js';
import { planHvac, type HvacPlanResult } from '../../domain/planners/hvac.js';
import type { DayContext } from '../../domain/planners/types.js';
import { comfortBand } from '../../domain/preferences/comfort-band.js';
import { DEFAULT_PREFERENCES } from '../../domain/preferences/defaults.js';
import { findPlan } from '../../domain/tariffs/catalog.js';
import { zoneCurve } from '../../domain/tariffs/zone-curve.js';
import { currentIndoorTempF } from '../../domain/thermal/current-temperature.js';
import type { ThermalReading } from '../../domain/thermal/duty.js';
import type { WeatherPoint } from '../../domain/thermal/resample.js';
import type { ThermalModel } from '../../domain/thermal/fit.js';
import { addDays, slotDurationsHours, slotStartsUtc, type LocalDate } from '../../domain/time/slot-grid.js';
import { simulateHouse, TYPICAL_HOUSE, type House, type HouseState } from './house-sim.js';
import { climateOf, drawSummerDay, type Climate, type DayWeather } from './hvac-climate.js';
import { seededRandom } from './random.js';
import { DAY_MS, HOUR_MS } from '../../domain/time/durations.js';

export const TIME_ZONE = 'America/Los_Angeles';
/** The first simulated day, a Wednesday. */
export const FIRST_DATE: LocalDate = '2026-07-01';
export const TRAINING_DAYS = 14;
export const HELD_OUT_DAYS = 3;
/** The first held-out day, a weekday in PG&E's summer season. */
export const TEST_DATE: LocalDate = addDays(FIRST_DATE, TRAINING_DAYS);
/** PG&E E-TOU-C (catalog plan 1): 16:00-21:00 peak. */
export const PLAN_ID = 1;
const SLOT_MS = 1_800_000;

export interface Scenario {
  house: House;
  climate: Climate;
  training: { readings: ThermalReading[]; weather: WeatherPoint[] };
  heldOut: { readings: ThermalReading[]; weather: WeatherPoint[] };
  /** The house at local midnight of TEST_DATE. */
  stateAtTest: HouseState;
}

/**
 * The household's own program: 72 F, 74 F while out on weekdays (08:30-16:30), 71 F overnight
 * (23:00-06:00). Its setbacks give the data recoveries and drifts as well as steady holding.
 */
export function householdSetpointF(firstDayStartMs: number): (atMs: number) => number {
  return (atMs) => {
    const hours = (atMs - firstDayStartMs) / HOUR_MS;
    const hour = ((hours % 24) + 24) % 24;
    const weekday = (3 + Math.floor(hours / 24)) % 7; // FIRST_DATE is a Wednesday; 0 = Sunday
    if (weekday >= 1 && weekday <= 5 && hour >= 8.5 && hour < 16.5) return 74;
    if (hour >= 23 || hour < 6) return 71;
    return 72;
  };
}

/** Simulates the training fortnight and the held-out days; `testDay` sets the first held-out day's weather. */
export function buildScenario(seed: number, testDay: DayWeather): Scenario {
  const rng = seededRandom(seed);
  const days = Array.from({ length: TRAINING_DAYS + HELD_OUT_DAYS + 1 }, () => drawSummerDay(rng));
  days[TRAINING_DAYS] = testDay;
  const startMs = slotStartsUtc(FIRST_DATE, TIME_ZONE)[0]!.getTime();
  const climate = climateOf(days, startMs);
  const env = { ...climate, setpointF: householdSetpointF(startMs), mode: 'cool' as const };
  const testMs = startMs + TRAINING_DAYS * DAY_MS;
  const initial: HouseState = { airF: 72, massF: 72, isRunning: false, minutesInState: 10 };
  const training = simulateHouse(TYPICAL_HOUSE, env, initial, { startMs, endMs: testMs, readingEveryMin: 5, rng });
  const heldOut = simulateHouse(TYPICAL_HOUSE, env, training.final, {
    startMs: testMs,
    endMs: testMs + HELD_OUT_DAYS * DAY_MS,
    readingEveryMin: 5,
    rng,
  });
  return {
    house: TYPICAL_HOUSE,
    climate,
    training: { readings: training.readings, weather: training.weather },
    heldOut: { readings: heldOut.readings, weather: heldOut.weather },
    stateAtTest: training.final,
  };
}

/** The test day's planning context: plan 1's prices and the true outdoor temperatures as the forecast. */
export function testDayContext(climate: Climate): DayContext {
  const slotStarts = slotStartsUtc(TEST_DATE, TIME_ZONE);
  return {
    date: TEST_DATE,
    timeZone: TIME_ZONE,
    slotStarts,
    slotHours: slotDurationsHours(TEST_DATE, TIME_ZONE),
    pricesCentsPerKwh: zoneCurve(findPlan(PLAN_ID)!, TEST_DATE).rates,
    exportPricesCentsPerKwh: null,
    outdoorTempF: slotStarts.map((s) => climate.outdoorF(s.getTime() + SLOT_MS / 2)),
    fromSlot: 0,
  };
}

/** The plan the service would make for the day: default preferences, learned power, current temperature. */
export function planTestDay(day: DayContext, model: ThermalModel, readings: readonly ThermalReading[]): HvacPlanResult {
  const estimated = estimateRatedPowerKw('central_ac', 2000);
  return planHvac(day, {
    band: comfortBand(DEFAULT_PREFERENCES),
    mode: 'cool',
    model: model.params,
    indoorTempF: currentIndoorTempF(readings, day.slotStarts[0]!) ?? DEFAULT_PREFERENCES.base_temperature,
    ratedPowerKw: { cool: model.ratedPowerW.cool != null ? model.ratedPowerW.cool / 1000 : estimated.cool, heat: estimated.heat },
    setpointBoundsF: null,
    optimizeFan: false,
    optimizeMode: false,
  });
}
