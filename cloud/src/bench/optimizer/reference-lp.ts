// CPLEX LP text for HiGHS and the one way the reference formulations solve it.
import type { Highs } from 'highs';

/** A model under construction: a minimised objective, constraint rows, variable bounds and binaries. */
export interface Lp {
  objective: string[];
  rows: string[];
  bounds: string[];
  binaries: string[];
}

/** A solved model: HiGHS's status and, when optimal, the objective and the variables. */
export interface LpSolution {
  optimal: boolean;
  status: string;
  objective: number;
  value(name: string): number;
}

export const newLp = (): Lp => ({ objective: [], rows: [], bounds: [], binaries: [] });

/** A number as LP text: full precision, never "-0" or exponent-free surprises. */
const num = (v: number): string => (v === 0 ? '0' : v.toPrecision(17));

/** Linear terms "+ 3 x - 2 y" from [coefficient, variable] pairs (zero coefficients dropped). */
export const terms = (pairs: readonly (readonly [number, string])[]): string =>
  pairs
    .filter(([c]) => c !== 0)
    .map(([c, v]) => `${c < 0 ? '-' : '+'} ${num(Math.abs(c))} ${v}`)
    .join(' ');

/** Adds the row `name: Σ pairs op rhs`. */
export function row(lp: Lp, name: string, pairs: readonly (readonly [number, string])[], op: '<=' | '>=' | '=', rhs: number): void {
  const lhs = terms(pairs);
  if (lhs === '') return;
  lp.rows.push(` ${name}: ${lhs} ${op} ${num(rhs)}`);
}

/** Bounds a continuous variable to [lo, hi] (either may be infinite). */
export function bound(lp: Lp, name: string, lo: number, hi: number): void {
  const low = lo === -Infinity ? '-inf' : num(lo);
  lp.bounds.push(hi === Infinity ? ` ${name} >= ${low}` : ` ${low} <= ${name} <= ${num(hi)}`);
}

/** Declares a 0/1 variable, optionally fixed to a value. */
export function binary(lp: Lp, name: string, fixed?: boolean): void {
  lp.binaries.push(name);
  if (fixed !== undefined) lp.bounds.push(` ${name} = ${fixed ? 1 : 0}`);
}

/**
 * Solves to a relative MIP gap of 1e-7 (a hundred times finer than the bench's smallest target),
 * with a time limit so a hard instance reports instead of hanging.
 */
export function solveLp(highs: Highs, lp: Lp): LpSolution {
  const objective = lp.objective.length > 0 ? lp.objective : ['0 zero'];
  const text = [
    'Minimize',
    ' obj: ' + objective.join('\n  '),
    'Subject To',
    ...lp.rows,
    'Bounds',
    ...lp.bounds,
    ...(lp.binaries.length ? ['Binaries', ' ' + lp.binaries.join(' ')] : []),
    'End',
  ].join('\n');
  const result = highs.solve(text, { output_flag: false, mip_rel_gap: 1e-7, time_limit: 120 });
  const columns = result.Columns as Record<string, { Primal: number } | undefined>;
  return {
    optimal: result.Status === 'Optimal',
    status: result.Status,
    objective: result.ObjectiveValue,
    value: (name) => columns[name]?.Primal ?? 0,
  };
}
