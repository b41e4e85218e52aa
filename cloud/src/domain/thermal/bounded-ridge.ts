// Ridge least squares with box bounds on some coefficients, solved exactly on the normal equations.

/** Accumulated normal equations of a least-squares problem: XᵀX and Xᵀy. */
export interface NormalEquations {
  xtx: number[][];
  xty: number[];
  rows: number;
}

/** Empty normal equations for `size` regressors. */
export function emptyNormalEquations(size: number): NormalEquations {
  return { xtx: Array.from({ length: size }, () => new Array<number>(size).fill(0)), xty: new Array<number>(size).fill(0), rows: 0 };
}

/** Adds one observation row x with target y. */
export function addRow(eq: NormalEquations, x: readonly number[], y: number): void {
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    eq.xty[i]! += xi * y;
    const row = eq.xtx[i]!;
    for (let j = 0; j < x.length; j++) row[j]! += xi * x[j]!;
  }
  eq.rows++;
}

/** Solves A·x = b by Gaussian elimination with partial pivoting; null when A is singular. */
export function solveLinear(a: readonly number[][], b: readonly number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]!;
    for (let r = col + 1; r < n; r++) {
      const row = m[r]!;
      const f = row[col]! / p[col]!;
      if (f !== 0) for (let c = col; c <= n; c++) row[c]! -= f * p[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const row = m[r]!;
    let s = row[n]!;
    for (let c = r + 1; c < n; c++) s -= row[c]! * x[c]!;
    x[r] = s / row[r]!;
  }
  return x;
}

export interface RidgeProblem {
  eq: NormalEquations;
  /** Ridge weight per coefficient (> 0 keeps every sub-problem well posed). */
  ridge: readonly number[];
  /** Prior the ridge pulls each coefficient towards. */
  prior: readonly number[];
  lower: readonly number[];
  upper: readonly number[];
}

/**
 * Minimises |Xθ − y|² + Σ ridge_i·(θ_i − prior_i)² subject to lower ≤ θ ≤ upper. The problem is a
 * strictly convex QP, so its optimum is the unconstrained optimum of the coefficients left free
 * once the right set of bounds is fixed: every combination of bounds (free, at lower, at upper
 * for each bounded coefficient) is tried and the best feasible candidate is exact. With three
 * bounded coefficients that is at most 27 tiny solves.
 */
export function solveBoundedRidge(p: RidgeProblem): number[] {
  const n = p.prior.length;
  const a = p.eq.xtx.map((row, i) => row.map((v, j) => v + (i === j ? p.ridge[i]! : 0)));
  const r = p.eq.xty.map((v, i) => v + p.ridge[i]! * p.prior[i]!);
  const objective = (theta: number[]) => {
    let f = 0;
    for (let i = 0; i < n; i++) {
      let ai = 0;
      for (let j = 0; j < n; j++) ai += a[i]![j]! * theta[j]!;
      f += theta[i]! * ai - 2 * r[i]! * theta[i]!;
    }
    return f;
  };
  const bounded = [...Array(n).keys()].filter((i) => Number.isFinite(p.lower[i]!) || Number.isFinite(p.upper[i]!));
  let best: number[] | null = null;
  let bestValue = Infinity;
  const choice = new Array<number>(n).fill(0); // 0 free, 1 at lower, 2 at upper
  const visit = (depth: number): void => {
    if (depth === bounded.length) {
      const candidate = solveWithFixed(a, r, p, choice);
      if (!candidate) return;
      const feasible = candidate.every((v, i) => v >= p.lower[i]! - 1e-12 && v <= p.upper[i]! + 1e-12);
      const value = feasible ? objective(candidate) : Infinity;
      if (value < bestValue) [best, bestValue] = [candidate, value];
      return;
    }
    const i = bounded[depth]!;
    for (const c of [0, 1, 2]) {
      if ((c === 1 && !Number.isFinite(p.lower[i]!)) || (c === 2 && !Number.isFinite(p.upper[i]!))) continue;
      choice[i] = c;
      visit(depth + 1);
    }
    choice[i] = 0;
  };
  visit(0);
  // The all-at-bounds candidate is always feasible, so `best` is set whenever the bounds are finite.
  return best ?? p.prior.map((v, i) => Math.min(p.upper[i]!, Math.max(p.lower[i]!, v)));
}

/** The minimiser with coefficients marked 1/2 in `choice` fixed at their lower/upper bound. */
function solveWithFixed(a: number[][], r: number[], p: RidgeProblem, choice: number[]): number[] | null {
  const n = r.length;
  const theta = choice.map((c, i) => (c === 1 ? p.lower[i]! : c === 2 ? p.upper[i]! : 0));
  const free = [...Array(n).keys()].filter((i) => choice[i] === 0);
  const sub = free.map((i) => free.map((j) => a[i]![j]!));
  const rhs = free.map((i) => r[i]! - theta.reduce((s, v, j) => (choice[j] === 0 ? s : s + a[i]![j]! * v), 0));
  const solved = solveLinear(sub, rhs);
  if (!solved) return null;
  free.forEach((i, k) => (theta[i] = solved[k]!));
  return theta;
}
