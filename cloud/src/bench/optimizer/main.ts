// The optimizer benchmark (`npm run bench:optimizer`): every planner against the exact optimum of an
// independent HiGHS model on generated instances. Prints one row per appliance type and exits
// non-zero unless every target holds. Definitions and targets: README.md beside this file.
import highsLoader from 'highs';
import { printTable } from '../load.js';
import { cases } from './cases.js';
import { DEVELOPMENT_SEEDS, EVALUATION_SEEDS, GENERATED_HOMES, runModelQuality, TUNING_SEEDS, UNSEEN_SEEDS } from './hvac-model-quality.js';
import { SECOND_SIMULATOR_HOMES } from './second-sim/homes.js';
import { runHvacQuality } from './hvac-quality.js';
import { runCase, TARGETS, type CaseReport } from './run-case.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const instances = Number(option('instances', '240'));
const seed = Number(option('seed', '1'));
const only = option('type', '');
/** `--model-only`: just the thermal model on the generated homes (`--model-seeds tuning` for seeds 100-111, `development` for 201-224, `unseen` for 301-324). */
const modelOnly = process.argv.includes('--model-only');
const MODEL_SEED_SETS: Record<string, readonly number[]> = {
  tuning: TUNING_SEEDS,
  development: DEVELOPMENT_SEEDS,
  evaluation: EVALUATION_SEEDS,
  unseen: UNSEEN_SEEDS,
};
const modelSeedsName = option('model-seeds', 'evaluation');
const modelSeeds = MODEL_SEED_SETS[modelSeedsName];
if (!modelSeeds) throw new Error(`--model-seeds is one of ${Object.keys(MODEL_SEED_SETS).join(', ')}`);
/** `--model-sim second`: the homes of the second simulator (second-sim/), written apart from the generator. */
const modelSource = option('model-sim', 'generator') === 'second' ? SECOND_SIMULATOR_HOMES : GENERATED_HOMES;

// Node loads the package's ES build, whose default export is the loader; its type declarations are
// written for the CommonJS build, where the loader is the `default` property.
const loadHighs = highsLoader as unknown as (typeof highsLoader)['default'];
const highs = await loadHighs();
const reports: CaseReport[] = [];
for (const c of cases) {
  if (modelOnly || (only && c.type !== only)) continue;
  const report = runCase(c, highs, instances, seed);
  console.error(`${report.row.type}: ${report.row.instances} instances, ${report.failures.length} failures`);
  reports.push(report);
}
if (!modelOnly) {
  console.log(`\nOptimizer bench: ${instances} instances per type, seed ${seed}`);
  printTable(reports.map((r) => r.row));
}
for (const r of reports) for (const f of r.failures.slice(0, 10)) console.log(`FAIL ${r.row.type}: ${f}`);
const failed = reports.filter((r) => r.failures.length > 0);
const modelFailures = () => runModelQuality(modelSeeds, modelSeedsName, modelSource);
const qualityFailures = modelOnly ? modelFailures() : only && only !== 'hvac' ? [] : [...runHvacQuality(seed), ...modelFailures()];
if (!modelOnly)
  console.log(
    `\nTargets: median gap <= ${TARGETS.medianGapPct} %, max gap <= ${TARGETS.maxGapPct} %, p99 solve <= ${TARGETS.p99Ms} ms, no disagreements: ` +
      (failed.length === 0 ? 'all met' : `missed by ${failed.map((r) => r.row.type).join(', ')}`),
  );
for (const f of qualityFailures) console.log(`FAIL ${f}`);
process.exitCode = failed.length === 0 && qualityFailures.length === 0 ? 0 : 1;
