// The HVAC section of the optimizer bench beyond the gap: how well the thermal model learns a house
// richer than itself, and how much peak energy its plans move. Definitions: docs/optimizer-hvac.md.
import { median } from '../../domain/statistics.js';
import { printTable } from '../load.js';
import { freeRunRmseF, oneStepRmseF } from '../../domain/thermal/evaluate.js';
import { fitThermalModel, type ThermalModel } from '../../domain/thermal/fit.js';
import { resampleReadings } from '../../domain/thermal/resample.js';
import { HEATWAVE_DAY, TYPICAL_SUMMER_DAY, type DayWeather } from './hvac-climate.js';
import { runPeakCut, type PeakCutResult } from './hvac-peak-cut.js';
import { buildScenario, type Scenario } from './hvac-scenario.js';

export const QUALITY_TARGETS = { oneStepRmseF: 0.3, freeRunRmseF: 1.0, peakCutPct: 25, violationFH: 1, fitMs: 100 };

/** Fits a few times after an untimed warm-up and keeps the median time. */
function timedFit(scenario: Scenario): { model: ThermalModel; fitMs: number } {
  const fit = () => fitThermalModel(scenario.training.readings, scenario.training.weather);
  fit();
  const times: number[] = [];
  let model: ThermalModel | null = null;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    model = fit();
    times.push(performance.now() - t0);
  }
  if (!model) throw new Error('the simulated readings did not support a fit');
  return { model, fitMs: median(times) };
}

interface ScenarioResult {
  fitMs: number;
  oneStepRmseF: number;
  freeRunRmseF: number;
  peak: PeakCutResult;
  model: ThermalModel;
}

/** One simulated home: fit on the training fortnight, test on the held-out days, peak cut on the test day. */
function runScenario(seed: number, testDay: DayWeather): ScenarioResult {
  const scenario = buildScenario(seed, testDay);
  const { model, fitMs } = timedFit(scenario);
  const heldOut = resampleReadings(scenario.heldOut.readings, scenario.heldOut.weather, { gridMinutes: model.gridMinutes, ratedPowerW: model.ratedPowerW });
  const stepsPerHour = 60 / model.gridMinutes;
  return {
    fitMs,
    oneStepRmseF: oneStepRmseF(model.params, heldOut) ?? NaN,
    freeRunRmseF: freeRunRmseF(model.params, heldOut, 24 * stepsPerHour, 6 * stepsPerHour) ?? NaN,
    peak: runPeakCut(scenario, model),
    model,
  };
}

function rowOf(name: string, r: ScenarioResult): Record<string, string | number> {
  return {
    scenario: name,
    'fit ms': r.fitMs.toFixed(1),
    'one-step F': r.oneStepRmseF.toFixed(3),
    'free-run 24h F': r.freeRunRmseF.toFixed(3),
    confidence: r.model.confidence.toFixed(2),
    'a 1/h': r.model.params.lossPerHour.toFixed(3),
    'b F/h': r.model.params.coolingFPerHour.toFixed(2),
    'peak kWh hold': r.peak.baseline.peakKwh.toFixed(2),
    'peak kWh plan': r.peak.plan.peakKwh.toFixed(2),
    'peak cut %': r.peak.cutPct.toFixed(1),
    'day ¢ hold/plan': `${r.peak.baseline.costCents.toFixed(0)}/${r.peak.plan.costCents.toFixed(0)}`,
    'violation F·h': r.peak.plan.violationFH.toFixed(2),
  };
}

const pooled = (values: number[]) => Math.sqrt(values.reduce((s, v) => s + v * v, 0) / values.length);
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/**
 * Prints the model-quality and peak-cut table and returns the failed targets. Five homes with
 * different weather histories (seeds seed..seed+4) each learn a model and plan a typical summer
 * day; the targets apply to their pooled RMSEs and mean peak cut, and to every home's fit time and
 * comfort. A heatwave day is shown for information.
 */
export function runHvacQuality(seed: number, homes = 5): string[] {
  const results = Array.from({ length: homes }, (_, i) => runScenario(seed + i, TYPICAL_SUMMER_DAY));
  const heatwave = runScenario(seed, HEATWAVE_DAY);
  const summary = {
    fitMs: Math.max(...results.map((r) => r.fitMs)),
    oneStepRmseF: pooled(results.map((r) => r.oneStepRmseF)),
    freeRunRmseF: pooled(results.map((r) => r.freeRunRmseF)),
    cutPct: mean(results.map((r) => r.peak.cutPct)),
    violationFH: Math.max(...results.map((r) => r.peak.plan.violationFH)),
  };
  console.log('\nHVAC model quality and peak cut (two-mass simulated home, PG&E E-TOU-C, default preferences)');
  printTable([
    ...results.map((r, i) => rowOf(`typical day, seed ${seed + i}`, r)),
    {
      scenario: 'all homes (pooled RMSE, mean cut, worst fit and comfort)',
      'fit ms': summary.fitMs.toFixed(1),
      'one-step F': summary.oneStepRmseF.toFixed(3),
      'free-run 24h F': summary.freeRunRmseF.toFixed(3),
      'peak kWh hold': mean(results.map((r) => r.peak.baseline.peakKwh)).toFixed(2),
      'peak kWh plan': mean(results.map((r) => r.peak.plan.peakKwh)).toFixed(2),
      'peak cut %': summary.cutPct.toFixed(1),
      'day ¢ hold/plan': `${mean(results.map((r) => r.peak.baseline.costCents)).toFixed(0)}/${mean(results.map((r) => r.peak.plan.costCents)).toFixed(0)}`,
      'violation F·h': summary.violationFH.toFixed(2),
    },
    rowOf(`heatwave day, seed ${seed} (information)`, heatwave),
  ]);
  const t = QUALITY_TARGETS;
  const checks: [boolean, string][] = [
    [summary.fitMs < t.fitMs, `fit took ${summary.fitMs.toFixed(1)} ms (target < ${t.fitMs})`],
    [summary.oneStepRmseF <= t.oneStepRmseF, `one-step RMSE ${summary.oneStepRmseF.toFixed(3)} F (target <= ${t.oneStepRmseF})`],
    [summary.freeRunRmseF <= t.freeRunRmseF, `24 h free-run RMSE ${summary.freeRunRmseF.toFixed(3)} F (target <= ${t.freeRunRmseF})`],
    [summary.cutPct >= t.peakCutPct, `peak cut ${summary.cutPct.toFixed(1)} % (target >= ${t.peakCutPct})`],
    [summary.violationFH < t.violationFH, `comfort violation ${summary.violationFH.toFixed(2)} F·h (target < ${t.violationFH})`],
  ];
  return checks.filter(([ok]) => !ok).map(([, what]) => `hvac quality: ${what}`);
}
