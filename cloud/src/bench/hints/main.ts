// The hints bench (`npm run bench:hints`): generated homes (optimizer/home-generator.ts) run a
// month fault-free and with each fault injected; the insights must find the faults (precision
// >= 90 %, recall >= 80 % per kind) and say nothing on any fault-free month. docs/insights.md.
import { detectHints } from '../../domain/insights/detect.js';
import { HINT_KINDS, type Hint, type HintKind } from '../../domain/insights/hint.js';
import { printTable } from '../load.js';
import { buildHintScenario, SCENARIOS, trulyCannotKeepUp, type HintScenario } from './scenarios.js';

export const HINT_TARGETS = { precision: 0.9, recall: 0.8 };
const EVALUATION_SEEDS = Array.from({ length: 24 }, (_, i) => i + 1);
const TUNING_SEEDS = Array.from({ length: 12 }, (_, i) => i + 100);

/** Whether the scenario truly has the condition a hint kind names. */
function truth(s: HintScenario, kind: HintKind): boolean {
  if (kind === 'cannot_keep_up') return trulyCannotKeepUp(s);
  return s.name === kind;
}

/** A hint counts as right when its kind is true there (a window hint must also start within the episode). */
function isRight(s: HintScenario, hint: Hint): boolean {
  if (!truth(s, hint.kind)) return false;
  if (hint.kind !== 'window_open' || !s.episode) return true;
  const since = hint.since.getTime();
  return since >= s.episode[0] - 3_600_000 && since < s.episode[1];
}

const seeds = process.argv.includes('--tuning') ? TUNING_SEEDS : EVALUATION_SEEDS;
const counts = Object.fromEntries(HINT_KINDS.map((k) => [k, { tp: 0, fp: 0, fn: 0, truths: 0 }]));
const noisyFaultFree: string[] = [];
const rows: Record<string, string | number>[] = [];
for (const seed of seeds) {
  const row: Record<string, string | number> = { home: seed };
  for (const name of SCENARIOS) {
    const s = buildHintScenario(seed, name);
    const hints = detectHints(s.run.readings, s.run.weather, new Date(s.nowMs));
    row.season = s.home.season;
    row[name] = hints.map((h) => h.kind).join(',') || '-';
    if (name === 'fault_free' && hints.length > 0) noisyFaultFree.push(`home ${seed}: ${hints.map((h) => h.kind).join(', ')}`);
    for (const kind of HINT_KINDS) {
      const isTrue = truth(s, kind);
      const found = hints.filter((h) => h.kind === kind);
      const c = counts[kind]!;
      if (isTrue) c.truths++;
      if (found.some((h) => isRight(s, h))) c.tp++;
      else if (found.length > 0) c.fp++;
      if (isTrue && !found.some((h) => isRight(s, h))) c.fn++;
    }
  }
  rows.push(row);
  console.error(`home ${seed} done`);
}
console.log(
  `\nHints on ${seeds.length} generated homes (seeds ${seeds[0]}-${seeds.at(-1)}), each month fault-free and with each fault; hints found per scenario`,
);
printTable(rows);
const failures: string[] = [];
const summary = HINT_KINDS.map((kind) => {
  const c = counts[kind]!;
  const precision = c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : 1;
  const recall = c.truths > 0 ? c.tp / c.truths : 1;
  if (precision < HINT_TARGETS.precision) failures.push(`${kind}: precision ${(precision * 100).toFixed(0)} % (target >= ${HINT_TARGETS.precision * 100})`);
  if (recall < HINT_TARGETS.recall) failures.push(`${kind}: recall ${(recall * 100).toFixed(0)} % (target >= ${HINT_TARGETS.recall * 100})`);
  return {
    kind,
    'true cases': c.truths,
    'right hints': c.tp,
    'wrong hints': c.fp,
    missed: c.fn,
    'precision %': (precision * 100).toFixed(0),
    'recall %': (recall * 100).toFixed(0),
  };
});
console.log('\nPrecision and recall per kind');
printTable(summary);
console.log(`\nFault-free months with a hint: ${noisyFaultFree.length} of ${seeds.length}${noisyFaultFree.length ? ` (${noisyFaultFree.join('; ')})` : ''}`);
if (noisyFaultFree.length) failures.push(`${noisyFaultFree.length} fault-free months raised hints (target 0)`);
for (const f of failures) console.log(`FAIL ${f}`);
console.log(failures.length === 0 ? 'Targets: all met' : 'Targets: missed');
process.exitCode = failures.length === 0 ? 0 : 1;
