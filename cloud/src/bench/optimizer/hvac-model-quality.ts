// The thermal model on homes it has never seen: generated homes (home-generator.ts) of other
// structures than the model, each learning a model from 14 days and planning a test day whose
// setpoints run on the simulated home. Prints the per-home table, the summary against the targets
// and the confidence table; returns the failed targets. Definitions: docs/optimizer-hvac.md.
import { freeRunRmseF, oneStepRmseF, predictEnd } from '../../domain/thermal/evaluate.js';
import { fitThermalModel } from '../../domain/thermal/fit.js';
import { resampleReadings, type ThermalSample } from '../../domain/thermal/resample.js';
import type { ThermalParams } from '../../domain/thermal/thermal-model.js';
import { quantile } from '../../domain/statistics.js';
import { printTable } from '../load.js';
import type { HvacSchedule } from '../../domain/planners/hvac-input.js';
import { planAndRun, simulateHome } from './hvac-home-run.js';
import { BAND_95_FROM_80 } from '../../domain/planning/temperature-departure.js';

export const MODEL_TARGETS = { trajectoryMedianF: 0.7, trajectoryP90F: 1.0, oneStepF: 0.25, bandCoverPct: [75, 85] as const };
/** Evaluation homes: seeds 1-24. The model's constants were tuned on seeds 100-111 only. */
export const EVALUATION_SEEDS = Array.from({ length: 24 }, (_, i) => i + 1);
export const TUNING_SEEDS = Array.from({ length: 12 }, (_, i) => i + 100);
/** The second simulator's development homes: its choices (the band's calibration, the holding offset) were looked at here. */
export const DEVELOPMENT_SEEDS = Array.from({ length: 24 }, (_, i) => i + 201);
/** Kept out of every choice of the model, the band and the planner: run only to report. */
export const UNSEEN_SEEDS = Array.from({ length: 24 }, (_, i) => i + 301);

export interface HomeQuality {
  seed: number;
  season: string;
  sensorResolutionF: number;
  confidence: number;
  oneStepF: number;
  /** The same predictions against the true air at each step's end (triangle-weighted like the nodes), not the rounded readings. */
  oneStepTrueF: number;
  freeRun24hF: number;
  trajectoryF: number;
  /** The same plan's trajectory as the model alone predicts it (before the thermostat-aware display). */
  modelTrajectoryF: number;
  cutPct: number;
  violationFH: number;
  baselineViolationFH: number;
  /** Slot ends (of 48) whose true air fell inside the plan's 80 % prediction band; 0 without a band. */
  bandCovered: number;
  /** Mean width of that band, F. */
  bandWidthF: number;
  /** Slot ends inside that band widened as the closed loop widens it before re-planning (temperature-departure.ts). */
  replanBandCovered: number;
  /** Slot ends inside the 80 % band per horizon of BAND_HORIZONS. */
  bandCoveredByHorizon: number[];
}

/** Horizons the band's coverage is reported by: slot ends from `from` to before `to`. */
const BAND_HORIZONS = [
  { label: 'first hour', from: 0, to: 2 },
  { label: '1-6 h', from: 2, to: 12 },
  { label: '6-24 h', from: 12, to: 48 },
] as const;

/** A simulation's true air temperature minute by minute, F. */
type TrueAirMinutes = readonly { atMs: number; airF: number }[];

export const rmse = (a: readonly number[], b: readonly number[]) => Math.sqrt(a.reduce((s, v, i) => s + (v - b[i]!) ** 2, 0) / a.length);

/** True air at each grid node, triangle-weighted over ±1 step like the fit's nodes (null without a full window). */
function trueNodeAir(minutes: TrueAirMinutes, stepMs: number): (atMs: number) => number | null {
  const nodes = new Map<number, [number, number]>();
  for (const m of minutes) {
    const pos = (m.atMs + 30_000) / stepMs;
    const node = Math.floor(pos);
    for (const [n, w] of [
      [node, 1 - (pos - node)],
      [node + 1, pos - node],
    ] as const) {
      const acc = nodes.get(n) ?? [0, 0];
      nodes.set(n, [acc[0] + w * m.airF, acc[1] + w]);
    }
  }
  const full = (stepMs / 60_000) * 0.99;
  return (atMs) => {
    const acc = nodes.get(Math.round(atMs / stepMs));
    return acc && acc[1] >= full ? acc[0] / acc[1] : null;
  };
}

/** One-step RMSE against the true air at the steps' ends, F. */
export function oneStepTrueRmseF(params: ThermalParams, samples: readonly ThermalSample[], minutes: TrueAirMinutes): number {
  const stepMs = samples[0]!.hours * 3_600_000;
  const air = trueNodeAir(minutes, stepMs);
  const errors = samples.flatMap((s) => {
    const truth = air(s.startMs + stepMs);
    return truth == null ? [] : [predictEnd(params, s, s.startF) - truth];
  });
  return Math.sqrt(errors.reduce((sum, e) => sum + e * e, 0) / errors.length);
}

/** How many slot-end temperatures fall inside the schedule's prediction band and inside the re-plan threshold's widening of it, and the band's mean width. */
export function bandCoverage(
  schedule: HvacSchedule,
  airF: readonly number[],
): Pick<HomeQuality, 'bandCovered' | 'bandWidthF' | 'replanBandCovered' | 'bandCoveredByHorizon'> {
  const low = schedule.trajectory_low_temps;
  const high = schedule.trajectory_high_temps;
  const mid = schedule.temp_trajectory;
  if (!low || !high || !mid) return { bandCovered: 0, bandWidthF: 0, replanBandCovered: 0, bandCoveredByHorizon: BAND_HORIZONS.map(() => 0) };
  const inside = (widening: number, from = 0, to = airF.length) =>
    airF.filter((t, j) => j >= from && j < to && t >= mid[j]! - widening * (mid[j]! - low[j]!) && t <= mid[j]! + widening * (high[j]! - mid[j]!)).length;
  return {
    bandCovered: inside(1),
    bandWidthF: high.reduce((sum, h, j) => sum + h - low[j]!, 0) / high.length,
    replanBandCovered: inside(BAND_95_FROM_80),
    bandCoveredByHorizon: BAND_HORIZONS.map((h) => inside(1, h.from, h.to)),
  };
}

/** One home: fit on its training fortnight, statistics on its two held-out days, plan and run its test day. */
export function evaluateHome(seed: number): HomeQuality {
  const data = simulateHome(seed);
  const model = fitThermalModel(data.training.readings, data.training.weather);
  if (!model) throw new Error(`home ${seed}: the simulated readings did not support a fit`);
  const heldOut = resampleReadings(data.heldOut.readings, data.heldOut.weather, { gridMinutes: model.gridMinutes, ratedPowerW: model.ratedPowerW });
  const outcome = planAndRun(data, model);
  return {
    seed,
    season: data.home.season,
    sensorResolutionF: data.home.house.sensorResolutionF ?? 0.1,
    confidence: model.confidence,
    oneStepF: oneStepRmseF(model.params, heldOut) ?? NaN,
    oneStepTrueF: oneStepTrueRmseF(model.params, heldOut, data.heldOut.minutes),
    freeRun24hF: freeRunRmseF(model.params, heldOut, 48, 12) ?? NaN,
    trajectoryF: outcome.trajectoryRmseF,
    modelTrajectoryF: rmse(outcome.plan.modelTrajectoryF, outcome.run.slotEndAirF),
    cutPct: outcome.cutPct,
    violationFH: outcome.run.violationFH,
    baselineViolationFH: outcome.baseline.violationFH,
    ...bandCoverage(outcome.plan.schedule, outcome.run.slotEndAirF),
  };
}

/** The median of one measure over a group of homes, 3 decimals. */
const medianOf = (group: readonly HomeQuality[], key: 'oneStepF' | 'oneStepTrueF' | 'trajectoryF' | 'freeRun24hF') =>
  quantile(
    group.map((h) => h[key]),
    0.5,
  ).toFixed(3);

/** Homes split by confidence into thirds, lowest first, with their errors. */
export function confidenceTable(homes: readonly HomeQuality[]): Record<string, string | number>[] {
  const sorted = [...homes].sort((a, b) => a.confidence - b.confidence);
  const thirds = [0, 1, 2].map((k) => sorted.slice(Math.round((k * sorted.length) / 3), Math.round(((k + 1) * sorted.length) / 3)));
  return thirds.map((group, k) => ({
    'confidence third': ['lowest', 'middle', 'highest'][k]!,
    homes: group.length,
    confidence: `${group[0]!.confidence.toFixed(2)}-${group.at(-1)!.confidence.toFixed(2)}`,
    'median one-step F': medianOf(group, 'oneStepF'),
    'median trajectory F': medianOf(group, 'trajectoryF'),
    'median free-run 24h F': medianOf(group, 'freeRun24hF'),
  }));
}

/** The homes of a generator: how one is evaluated, and what they are. */
export interface HomeSource {
  evaluate(seed: number): HomeQuality;
  description: string;
}

export const GENERATED_HOMES: HomeSource = { evaluate: evaluateHome, description: 'home-generator.ts: two masses, PG&E E-TOU-C test day' };

export function runModelQuality(seeds: readonly number[] = EVALUATION_SEEDS, label = 'evaluation', source: HomeSource = GENERATED_HOMES): string[] {
  const homes = seeds.map((seed) => source.evaluate(seed));
  console.log(`\nThermal model on ${homes.length} generated homes (${label} seeds ${seeds[0]}-${seeds.at(-1)}; ${source.description})`);
  printTable(
    homes.map((h) => ({
      home: h.seed,
      season: h.season,
      'sensor F': h.sensorResolutionF,
      confidence: h.confidence.toFixed(2),
      'one-step F': h.oneStepF.toFixed(3),
      'one-step vs true air F': h.oneStepTrueF.toFixed(3),
      'free-run 24h F': h.freeRun24hF.toFixed(3),
      'plan trajectory F': h.trajectoryF.toFixed(3),
      'model-only trajectory F': h.modelTrajectoryF.toFixed(3),
      'peak cut %': h.cutPct.toFixed(1),
      'violation F·h plan/hold': `${h.violationFH.toFixed(2)}/${h.baselineViolationFH.toFixed(2)}`,
      'band cover/48 (width F)': `${h.bandCovered} (${h.bandWidthF.toFixed(2)})`,
    })),
  );
  const bandCoverPct = (100 * homes.reduce((sum, h) => sum + h.bandCovered, 0)) / (48 * homes.length);
  console.log(`\n80 % prediction band: covers ${bandCoverPct.toFixed(1)} % of the slot-end temperatures of the test days`);
  const replanCoverPct = (100 * homes.reduce((sum, h) => sum + h.replanBandCovered, 0)) / (48 * homes.length);
  const byHorizon = BAND_HORIZONS.map((h, i) => {
    const pct = (100 * homes.reduce((sum, home) => sum + home.bandCoveredByHorizon[i]!, 0)) / ((h.to - h.from) * homes.length);
    return `${h.label} ${pct.toFixed(1)} %`;
  });
  console.log(`By horizon: ${byHorizon.join(', ')}`);
  console.log(`Re-plan threshold (the band widened ${BAND_95_FROM_80.toFixed(2)} times): covers ${replanCoverPct.toFixed(1)} %`);
  const summary = {
    trajectoryMedianF: quantile(
      homes.map((h) => h.trajectoryF),
      0.5,
    ),
    trajectoryP90F: quantile(
      homes.map((h) => h.trajectoryF),
      0.9,
    ),
    oneStepF: quantile(
      homes.map((h) => h.oneStepF),
      0.5,
    ),
  };
  console.log('\nSummary (median and p90 over homes)');
  printTable(
    (['oneStepF', 'oneStepTrueF', 'freeRun24hF', 'trajectoryF', 'modelTrajectoryF', 'cutPct', 'violationFH'] as const).map((key) => ({
      measure: key,
      median: quantile(
        homes.map((h) => h[key]),
        0.5,
      ).toFixed(3),
      p90: quantile(
        homes.map((h) => h[key]),
        0.9,
      ).toFixed(3),
      max: Math.max(...homes.map((h) => h[key])).toFixed(3),
    })),
  );
  console.log('\nOne-step error by sensor resolution (median over homes)');
  printTable(
    [...new Set(homes.map((h) => h.sensorResolutionF))]
      .sort((a, b) => a - b)
      .flatMap((res) => {
        const group = homes.filter((h) => h.sensorResolutionF === res);
        if (group.length === 0) return [];
        return {
          'sensor F': res,
          homes: group.length,
          'one-step F': medianOf(group, 'oneStepF'),
          'one-step vs true air F': medianOf(group, 'oneStepTrueF'),
        };
      }),
  );
  console.log('\nConfidence against error (thirds of the homes by model_confidence)');
  const table = confidenceTable(homes);
  printTable(table);
  // What model_confidence claims (thermal-model.md "Confidence"): it ranks homes by their error a
  // day ahead on readings the fit did not see. The plan-trajectory column is shown, not judged: no
  // statistic of the held-out readings ranks it (docs/benchmarks.md).
  const lowest = Number(table[0]!['median free-run 24h F']);
  const highest = Number(table[2]!['median free-run 24h F']);
  const t = MODEL_TARGETS;
  const checks: [boolean, string][] = [
    [
      summary.trajectoryMedianF <= t.trajectoryMedianF,
      `median plan-trajectory RMSE ${summary.trajectoryMedianF.toFixed(3)} F (target <= ${t.trajectoryMedianF})`,
    ],
    [summary.trajectoryP90F <= t.trajectoryP90F, `p90 plan-trajectory RMSE ${summary.trajectoryP90F.toFixed(3)} F (target <= ${t.trajectoryP90F})`],
    [summary.oneStepF <= t.oneStepF, `median one-step RMSE ${summary.oneStepF.toFixed(3)} F (target <= ${t.oneStepF})`],
    [
      bandCoverPct >= t.bandCoverPct[0] && bandCoverPct <= t.bandCoverPct[1],
      `80 % prediction band covers ${bandCoverPct.toFixed(1)} % (target ${t.bandCoverPct[0]}-${t.bandCoverPct[1]} %)`,
    ],
    [
      highest < lowest,
      `homes of the highest confidence third do not have a lower median 24-hour free-run error on held-out readings (${highest.toFixed(3)} vs ${lowest.toFixed(3)} F)`,
    ],
  ];
  return checks.filter(([ok]) => !ok).map(([, what]) => `thermal model: ${what}`);
}
