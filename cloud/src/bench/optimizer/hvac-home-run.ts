// One generated home through the model-quality bench: a settling day, 14 training days (with
// missing stretches), two held-out days under the household's program, and a planned test day
// (PG&E E-TOU-C) whose setpoints run on the simulated home. Definitions: docs/optimizer-hvac.md.
import { planHvac, type HvacPlanResult } from '../../domain/planners/hvac.js';
import type { DayContext } from '../../domain/planners/types.js';
import { comfortBand, type ComfortBand } from '../../domain/preferences/comfort-band.js';
import { DEFAULT_PREFERENCES } from '../../domain/preferences/defaults.js';
import { findPlan } from '../../domain/tariffs/catalog.js';
import { zoneCurve } from '../../domain/tariffs/zone-curve.js';
import { currentIndoorTempF, recentDuty } from '../../domain/thermal/current-temperature.js';
import type { ThermalModel } from '../../domain/thermal/fit.js';
import type { ThermalReading } from '../../domain/thermal/duty.js';
import { slotDurationsHours, slotStartsUtc } from '../../domain/time/slot-grid.js';
import { estimateRatedPowerKw } from '../../domain/planners/hvac-rated-power.js';
import { simulateHouse, type HouseState } from './house-sim.js';
import { dateOf, environmentOf, generateHome, initialState, runProgram, TRAINING_DAYS, type GeneratedHome, type HomeRun } from './home-generator.js';
import { seededRandom } from './random.js';

const SLOT_MS = 1_800_000;
const PEAK_SLOTS = { from: 32, to: 42 }; // 16:00-21:00
/** PG&E E-TOU-C (catalog plan 1). */
export const PLAN_ID = 1;

export interface HomeData {
  home: GeneratedHome;
  training: HomeRun;
  heldOut: HomeRun;
  /** The house at local midnight of the test day (the first held-out day). */
  stateAtTest: HouseState;
  testDay: number;
}

/** Simulates a home's settling day, training fortnight and two held-out days. */
export function simulateHome(seed: number): HomeData {
  const home = generateHome(seed);
  const settle = runProgram(home, initialState(home), 0, 1);
  const training = runProgram(home, settle.final, 1, TRAINING_DAYS, { gaps: true });
  const testDay = 1 + TRAINING_DAYS;
  const heldOut = runProgram(home, training.final, testDay, 2);
  return { home, training, heldOut, stateAtTest: training.final, testDay };
}

export interface DayRun {
  peakKwh: number;
  costCents: number;
  /** Time-integrated excursion of the true air outside the band, F·h. */
  violationFH: number;
  /** True air temperature at each slot end, triangle-weighted over ±30 minutes (what the model is fitted on). */
  slotEndAirF: number[];
}

/** The test day's planning context: plan 1's prices, the true outdoor temperatures as the forecast. */
export function testDayContext(data: HomeData): DayContext {
  const date = dateOf(data.home, data.testDay);
  const slotStarts = slotStartsUtc(date, data.home.timeZone);
  return {
    date,
    timeZone: data.home.timeZone,
    slotStarts,
    slotHours: slotDurationsHours(date, data.home.timeZone),
    pricesCentsPerKwh: zoneCurve(findPlan(PLAN_ID)!, date).rates,
    exportPricesCentsPerKwh: null,
    outdoorTempF: slotStarts.map((s) => data.home.climate.outdoorF(s.getTime() + SLOT_MS / 2)),
    fromSlot: 0,
  };
}

/** The household's band: its base, ±2 F, savings level 1 while away. */
export function bandOf(home: GeneratedHome): ComfortBand {
  return comfortBand({ ...DEFAULT_PREFERENCES, base_temperature: home.program.baseF });
}

export function planDay(data: HomeData, day: DayContext, model: ThermalModel): HvacPlanResult {
  return planFromReadings(day, model, data.training.readings, data.home.program.baseF, data.home.season);
}

/** The test day's plan as the service makes it: the household's band, the fitted model, the start from the last readings. */
export function planFromReadings(
  day: DayContext,
  model: ThermalModel,
  readings: readonly ThermalReading[],
  baseF: number,
  season: 'cool' | 'heat',
): HvacPlanResult {
  const estimated = estimateRatedPowerKw('heat_pump', 2000);
  return planHvac(day, {
    band: comfortBand({ ...DEFAULT_PREFERENCES, base_temperature: baseF }),
    mode: season,
    model: model.params,
    indoorTempF: currentIndoorTempF(readings, day.slotStarts[0]!) ?? baseF,
    recentDuty: recentDuty(readings, day.slotStarts[0]!, model.ratedPowerW),
    ratedPowerKw: {
      cool: model.ratedPowerW.cool != null ? model.ratedPowerW.cool / 1000 : estimated.cool,
      heat: model.ratedPowerW.heat != null ? model.ratedPowerW.heat / 1000 : estimated.heat,
    },
    setpointBoundsF: null,
    optimizeFan: false,
    optimizeMode: false,
  });
}

/** A simulated day's cost, peak-period energy, band violation and slot-end air, from its minutes. */
export function measure(
  trace: { minutes: readonly { atMs: number; airF: number; powerKw: number }[] },
  dayStartMs: number,
  band: ComfortBand,
  prices: readonly number[],
): DayRun {
  const run: DayRun = { peakKwh: 0, costCents: 0, violationFH: 0, slotEndAirF: [] };
  const sum = new Float64Array(49);
  const weight = new Float64Array(49);
  for (const m of trace.minutes) {
    const offset = m.atMs + 30_000 - dayStartMs;
    const slot = Math.floor((m.atMs - dayStartMs) / SLOT_MS);
    if (slot < 48) {
      const kwh = m.powerKw / 60;
      run.costCents += kwh * prices[slot]!;
      if (slot >= PEAK_SLOTS.from && slot < PEAK_SLOTS.to) run.peakKwh += kwh;
      run.violationFH += Math.max(0, m.airF - band.high[slot]!, band.low[slot]! - m.airF) / 60;
    }
    const pos = offset / SLOT_MS;
    const node = Math.floor(pos);
    const w = pos - node;
    for (const [n, wn] of [
      [node, 1 - w],
      [node + 1, w],
    ] as const) {
      if (n >= 1 && n <= 48) {
        sum[n]! += wn * m.airF;
        weight[n]! += wn;
      }
    }
  }
  for (let n = 1; n <= 48; n++) run.slotEndAirF.push(sum[n]! / weight[n]!);
  return run;
}

/** Runs setpoints (one per slot) on the simulated home over the test day and half an hour beyond. */
export function runSetpoints(data: HomeData, day: DayContext, setpointF: (slot: number) => number): DayRun {
  const dayStartMs = day.slotStarts[0]!.getTime();
  const trace = simulateHouse(
    data.home.house,
    environmentOf(data.home, (atMs) => setpointF(Math.min(47, Math.floor((atMs - dayStartMs) / SLOT_MS)))),
    data.stateAtTest,
    { startMs: dayStartMs, endMs: dayStartMs + 48 * SLOT_MS + SLOT_MS, readingEveryMin: 0, rng: seededRandom(7) },
  );
  return measure(trace, dayStartMs, bandOf(data.home), day.pricesCentsPerKwh);
}

export interface PlanOutcome {
  plan: HvacPlanResult;
  run: DayRun;
  baseline: DayRun;
  /** RMSE of the plan's temp_trajectory against the true air at the slot ends, F. */
  trajectoryRmseF: number;
  /** Peak-period (16-21) HVAC energy saved against holding the base all day, %. */
  cutPct: number;
}

/** Plans the test day with `model`, runs it and the hold-the-base baseline on the home. */
export function planAndRun(data: HomeData, model: ThermalModel): PlanOutcome {
  const day = testDayContext(data);
  const plan = planDay(data, day, model);
  const setpoints = plan.schedule.setpoint_temps!;
  const run = runSetpoints(data, day, (slot) => setpoints[slot]!);
  const baseline = runSetpoints(data, day, () => data.home.program.baseF);
  const predicted = plan.schedule.temp_trajectory!;
  let sum = 0;
  for (let j = 0; j < 48; j++) sum += (predicted[j]! - run.slotEndAirF[j]!) ** 2;
  const cutPct = baseline.peakKwh > 0.05 ? (100 * (baseline.peakKwh - run.peakKwh)) / baseline.peakKwh : 0;
  return { plan, run, baseline, trajectoryRmseF: Math.sqrt(sum / 48), cutPct };
}
