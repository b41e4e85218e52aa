// Runs one bench case: planner and exact answer per instance, agreement checks, gap and time statistics.
import type { Highs } from 'highs';
import { nearestRank } from '../../domain/statistics.js';
import type { BenchCase } from './case.js';

/** The bench's pass marks. */
export const TARGETS = { medianGapPct: 0.1, maxGapPct: 0.5, p99Ms: 20 };

/** Below this many cents an exact cost is too small to divide by: the gap is taken relative to it instead. */
export const GAP_FLOOR_CENTS = 1;

/**
 * Costs closer than this (cents, or relative to the cost when larger) are equal in a replay: HiGHS
 * holds its rows to about 1e-7 kWh, which at tens of cents per kWh and efficiencies that are not
 * round numbers is about 1e-6 cents of noise.
 */
const REPLAY_TOLERANCE = 1e-5;

/** Instances the planner answers first, untimed, so the timings measure compiled code. */
const WARM_UP = 10;

/**
 * Runs per instance. Its solve time is the process CPU time of the fastest run: on a shared machine
 * other processes then do not count as the planner's time, as they would in wall time. The first
 * run's wall time is reported too.
 */
const TIMED_RUNS = 3;

/** Process CPU time (user + system) of one call, ms, and its wall time. */
function timed<T>(run: () => T): { value: T; cpuMs: number; wallMs: number } {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wall };
}

export interface CaseReport {
  row: Record<string, string | number>;
  /** One line per failed check, naming the instance. */
  failures: string[];
}

/** Planner cost over the exact cost, as a percentage of the exact cost (at least GAP_FLOOR_CENTS). */
export const gapPct = (planner: number, exact: number): number => (100 * (planner - exact)) / Math.max(Math.abs(exact), GAP_FLOOR_CENTS);

/** How an instance is named in a failure line: its `label` (or `name`). */
function describe(instance: unknown): string {
  const named = instance as { label?: unknown; name?: unknown };
  return String(named.label ?? named.name ?? '');
}

export function runCase<I, S>(c: BenchCase<I, S>, highs: Highs, n: number, seed: number): CaseReport {
  const instances = c.generate(n, seed);
  for (const instance of instances.slice(0, WARM_UP)) c.solvePlanner(instance);
  const gaps: number[] = [];
  const times: number[] = [];
  const firstTimes: number[] = [];
  const exactTimes: number[] = [];
  const savings: number[] = [];
  const failures: string[] = [];
  let bothMissed = 0;
  instances.forEach((instance, i) => {
    const name = `#${i} ${describe(instance)}`;
    const runs = Array.from({ length: TIMED_RUNS }, () => timed(() => c.solvePlanner(instance)));
    const planned = runs[0]!.value;
    firstTimes.push(runs[0]!.wallMs);
    times.push(Math.min(...runs.map((r) => r.cpuMs)));
    const t1 = performance.now();
    const exact = c.solveExact(instance, highs);
    exactTimes.push(performance.now() - t1);
    if (Math.abs(planned.baselineCostCents) >= GAP_FLOOR_CENTS) {
      savings.push((100 * (planned.baselineCostCents - planned.optimizedCostCents)) / Math.abs(planned.baselineCostCents));
    }
    if (!Number.isFinite(exact.costCents)) {
      failures.push(`${name}: the exact model found no optimum`);
      return;
    }
    if (planned.missed.join() !== exact.missed.join()) {
      failures.push(`${name}: planner misses [${planned.missed.join()}], exact misses [${exact.missed.join()}]`);
      return;
    }
    if (c.replay) {
      const replayed = c.replay(instance, highs, planned.schedule);
      if (!(Math.abs(replayed - planned.costCents) <= REPLAY_TOLERANCE * Math.max(1, Math.abs(planned.costCents)))) {
        failures.push(`${name}: the planner's schedule costs ${replayed} in the exact model, the planner says ${planned.costCents}`);
      }
    }
    if (planned.missed.length > 0) bothMissed++;
    else gaps.push(gapPct(planned.costCents, exact.costCents));
  });
  gaps.sort((a, b) => a - b);
  const medianGap = nearestRank(gaps, 0.5);
  const maxGap = gaps.at(-1) ?? NaN;
  const p99 = nearestRank(times, 0.99);
  if (medianGap > TARGETS.medianGapPct) failures.push(`median gap ${medianGap} % over ${TARGETS.medianGapPct} %`);
  if (maxGap > TARGETS.maxGapPct) failures.push(`max gap ${maxGap} % over ${TARGETS.maxGapPct} %`);
  if (p99 > TARGETS.p99Ms) failures.push(`p99 solve time ${p99} ms over ${TARGETS.p99Ms} ms`);
  // Float noise in the planner's favour (-1e-9 %) prints as 0, not -0.
  const fixed = (v: number, digits: number) => (Number.isFinite(v) ? (Math.abs(v) < 0.5 * 10 ** -digits ? 0 : v).toFixed(digits) : '-');
  return {
    failures,
    row: {
      type: c.name ?? c.type,
      instances: instances.length,
      compared: gaps.length,
      'both missed': bothMissed,
      'median gap %': fixed(medianGap, 4),
      'max gap %': fixed(maxGap, 4),
      'p50 ms': fixed(nearestRank(times, 0.5), 2),
      'p99 ms': fixed(p99, 2),
      'p99 ms 1st run wall': fixed(nearestRank(firstTimes, 0.99), 2),
      'mean savings %': fixed(savings.reduce((s, v) => s + v, 0) / savings.length, 1),
      'median savings %': fixed(nearestRank(savings, 0.5), 1),
      'exact mean ms': fixed(exactTimes.reduce((s, v) => s + v, 0) / exactTimes.length, 0),
      disagreements: failures.length,
    },
  };
}
