// The recorded thermal homes bench (`npm run bench:recorded-thermal`): the thermal model fitted, as
// the service fits it, on the first two weeks of each of three Dutch homes' heating season and
// tested on the rest, beside persistence and a least-squares 1R1C model. Prints one table; exits
// non-zero unless the model's 24-hour free run beats both references on every home. README.md.
import { freeRunSquares, oneStepRmseOf, predictEnd, type StepPredictor } from '../../domain/thermal/evaluate.js';
import { fitThermalModel } from '../../domain/thermal/fit.js';
import { resampleReadings, type ThermalSample } from '../../domain/thermal/resample.js';
import { DAY_MS } from '../../domain/time/durations.js';
import { FIT_WINDOW_DAYS } from '../../services/model-refit.js';
import { printTable } from '../load.js';
import { HOMES, loadRecordedThermalHome, type HomeRow } from './nl-homes.js';
import { fit1R1C, persistence } from './references.js';

/** Free runs: 24 hours, one starting every 6 hours (as the fit's statistics). */
const HORIZON_STEPS = 48;
const STRIDE_STEPS = 12;

/** Mean irradiance of the rows inside a step, kW/m². */
function sunOf(rows: readonly HomeRow[]): (s: ThermalSample) => number {
  const byMs = new Map(rows.map((r) => [r.atMs, r.solarKwPerM2]));
  return (s) => {
    const quarter = 15 * 60_000;
    const values = [s.startMs, s.startMs + quarter].map((ms) => byMs.get(ms) ?? 0);
    return values.reduce((a, b) => a + b, 0) / values.length;
  };
}

/** The service refits weekly on the last 14 days: each week is predicted by the fit on the 14 days before it. */
const REFIT_DAYS = 7;

/** Squared errors and counts per predictor, summed over a home's test weeks. */
type Sums = { oneStep: [number, number]; freeRun: [number, number] };
const add = (acc: [number, number], rmse: number | null, n: number) => {
  if (rmse == null) return;
  acc[0] += rmse * rmse * n;
  acc[1] += n;
};

const LABELS = ['model', 'persistence', '1R1C', '1R1C+sun'] as const;
const failures: string[] = [];
const table: Record<string, string | number>[] = [];
for (const name of HOMES) {
  const home = loadRecordedThermalHome(name);
  const sun = sunOf(home.rows);
  const sums = LABELS.map((): Sums => ({ oneStep: [0, 0], freeRun: [0, 0] }));
  let testSteps = 0;
  const lastMs = home.rows.at(-1)!.atMs;
  for (let splitMs = home.rows[0]!.atMs + FIT_WINDOW_DAYS * DAY_MS; splitMs < lastMs; splitMs += REFIT_DAYS * DAY_MS) {
    const during = (from: number, to: number) => home.readings.filter((r) => r.at.getTime() >= from && r.at.getTime() < to);
    const fitFrom = splitMs - FIT_WINDOW_DAYS * DAY_MS;
    const model = fitThermalModel(during(fitFrom, splitMs), home.weather);
    if (!model) throw new Error(`${name}: the ${FIT_WINDOW_DAYS} days before ${new Date(splitMs).toISOString()} did not support a fit`);
    const resample = (from: number, to: number) =>
      resampleReadings(during(from, to), home.weather, { gridMinutes: model.gridMinutes, ratedPowerW: model.ratedPowerW });
    const train = resample(fitFrom, splitMs);
    // A week's free runs may run on into the next week: the last one starts in this week.
    const test = resample(splitMs, splitMs + (REFIT_DAYS + 1) * DAY_MS);
    const weekSteps = test.filter((s) => s.startMs < splitMs + REFIT_DAYS * DAY_MS);
    const predictors: StepPredictor[] = [(s, startF) => predictEnd(model.params, s, startF), persistence, fit1R1C(train, () => 0), fit1R1C(train, sun)];
    predictors.forEach((p, i) => {
      add(sums[i]!.oneStep, oneStepRmseOf(p, weekSteps), weekSteps.length);
      // Runs start every 6 hours inside the week; the last one ends 18 hours into the next.
      const runs = freeRunSquares(p, test.slice(0, weekSteps.length + HORIZON_STEPS - STRIDE_STEPS), HORIZON_STEPS, STRIDE_STEPS);
      sums[i]!.freeRun[0] += runs.sumSquares;
      sums[i]!.freeRun[1] += runs.count;
    });
    testSteps += weekSteps.length;
  }
  const rmse = ([sq, n]: [number, number]) => Math.sqrt(sq / n);
  table.push({
    home: name,
    'test days': (testSteps / 48).toFixed(1),
    ...Object.fromEntries(LABELS.map((l, i) => [`one-step ${l} F`, rmse(sums[i]!.oneStep).toFixed(3)])),
    ...Object.fromEntries(LABELS.map((l, i) => [`24h ${l} F`, rmse(sums[i]!.freeRun).toFixed(3)])),
  });
  const ours = rmse(sums[0]!.freeRun);
  for (const i of [1, 2]) {
    const theirs = rmse(sums[i]!.freeRun);
    if (ours >= theirs) failures.push(`${name}: 24-hour free run ${ours.toFixed(3)} F not below ${LABELS[i]} ${theirs.toFixed(3)} F`);
  }
}
console.log(
  `\nRecorded thermal homes (nl-homes-thermal): each week predicted by the fit on the ${FIT_WINDOW_DAYS} days before it (the service's weekly refit); RMSE, F`,
);
printTable(table);
for (const f of failures) console.log(`FAIL ${f}`);
process.exitCode = failures.length === 0 ? 0 : 1;
