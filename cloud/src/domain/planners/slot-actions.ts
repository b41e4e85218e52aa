// What an action does in one slot of the slot DP (slot-dp.ts), and the value of taking it: the
// next slot's value function composed with the action, as a function of the state before the slot.
import { evaluate, knotsBetween, lineAt, pushDip, segmentIndex, simplify, type Pwl, type Segment, type Tolerance } from './piecewise-linear.js';

/** A slot's effect on the state: `next` continuous and nondecreasing, `cost` continuous; both linear between `breaks`. */
export interface Transition {
  next(x: number): number;
  cost(x: number): number;
  breaks: readonly number[];
}

/** x -> t.cost(x) + f(t.next(x)) for x in [lo, hi], where finite. */
export function composeStep(f: Pwl, t: Transition, lo: number, hi: number, tol: Tolerance): Segment[] {
  const first = f[0];
  const last = f[f.length - 1];
  if (!first || !last || hi < lo - tol.x) return [];
  const at = (x: number) => evaluate(f, t.next(x), tol) + t.cost(x);
  if (hi - lo <= tol.x) {
    const v = at(hi);
    return Number.isFinite(v) ? [{ x0: hi, x1: hi, y0: v, y1: v }] : [];
  }
  const pieces = knotsBetween(lo, hi, [...t.breaks], tol.x);
  const pts = [...pieces];
  // Where next crosses a knot of f the composite bends (or jumps): split there.
  preimages(t.next, pieces, knotsOf(f), tol, pts);
  const xs = knotsBetween(lo, hi, pts, tol.x);
  const out: Segment[] = [];
  let leftEnd = Infinity;
  for (let k = 0; k + 1 < xs.length; k++) {
    const p = xs[k]!;
    const q = xs[k + 1]!;
    const np = t.next(p);
    const nq = t.next(q);
    const mid = (np + nq) / 2;
    let y0 = Infinity;
    let y1 = Infinity;
    if (mid >= first.x0 - tol.x && mid <= last.x1 + tol.x) {
      if (nq - np <= tol.x) {
        y0 = y1 = evaluate(f, mid, tol);
      } else {
        const s = f[segmentIndex(f, mid)]!;
        y0 = lineAt(s, np);
        y1 = lineAt(s, nq);
      }
      y0 += t.cost(p);
      y1 += t.cost(q);
    }
    pushDip(out, p, at(p), leftEnd, y0, tol);
    if (Number.isFinite(y0)) out.push({ x0: p, x1: q, y0, y1 });
    leftEnd = y1;
  }
  pushDip(out, hi, at(xs[xs.length - 1]!), leftEnd, Infinity, tol);
  return simplify(out, tol);
}

/**
 * A choice of how far: from x the slot may end at any y in [low(x), high(x)], costing
 * base(x) + slope · (y - low(x)). low <= high, both continuous and nondecreasing; low, high and
 * base are linear between `breaks`.
 */
export interface RangeTransition {
  low(x: number): number;
  high(x: number): number;
  base(x: number): number;
  slope: number;
  breaks: readonly number[];
  /** An end that another action of the slot already is (e.g. "do nothing"): not composed twice. */
  sameAs?: 'low' | 'high';
}

export type Action = Transition | RangeTransition;

const isRange = (a: Action): a is RangeTransition => 'low' in a;

/** Lowest and highest state the action can end the slot at from x. */
export const reach = (a: Action, x: number): [number, number] => (isRange(a) ? [a.low(x), a.high(x)] : [a.next(x), a.next(x)]);

/** Where f bends or jumps: its segments' ends, in order. */
const knotsOf = (f: Pwl): number[] => (f.length > 0 ? [f[0]!.x0, ...f.map((s) => s.x1)] : []);

/** Appends to `out` the x at which `map` (linear between consecutive `pieces`) crosses each of `targets`. */
function preimages(map: (x: number) => number, pieces: readonly number[], targets: readonly number[], tol: Tolerance, out: number[]): void {
  for (let k = 0; k + 1 < pieces.length; k++) {
    const u = pieces[k]!;
    const w = pieces[k + 1]!;
    const mu = map(u);
    const mw = map(w);
    if (mw - mu <= tol.x) continue;
    for (const y of targets) if (y > mu && y < mw) out.push(u + ((y - mu) * (w - u)) / (mw - mu));
  }
}

/**
 * x -> the least over y in [low(x), high(x)] of the move's cost plus f(y), as functions whose
 * lower envelope it is: the move to either end of the range, and to the best point inside.
 */
function composeRange(f: Pwl, t: RangeTransition, lo: number, hi: number, tol: Tolerance): Segment[][] {
  const atLow: Transition = { next: t.low, cost: t.base, breaks: t.breaks };
  const atHigh: Transition = { next: t.high, cost: (x) => t.base(x) + t.slope * (t.high(x) - t.low(x)), breaks: t.breaks };
  return [
    ...(t.sameAs === 'low' ? [] : [composeStep(f, atLow, lo, hi, tol)]),
    ...(t.sameAs === 'high' ? [] : [composeStep(f, atHigh, lo, hi, tol)]),
    insideMinimum(f, t, lo, hi, tol),
  ];
}

/**
 * The states where f(y) + slope·y has a local minimum: the only places strictly inside a range
 * where the best move can end (elsewhere a nearby y does at least as well, or the range's own end
 * does). A knot qualifies when the function does not fall into it from the left nor out of it to
 * the right, or jumps up on a side; a dip (point segment) always qualifies.
 */
function localMinima(f: Pwl, slope: number, tol: Tolerance): { y: number; value: number }[] {
  interface Side {
    value: number;
    /** The side's segment does not go below `value` moving away from the knot. */
    away: boolean;
  }
  interface Knot {
    y: number;
    left?: Side;
    right?: Side;
    point?: number;
  }
  const knots: Knot[] = [];
  const at = (y: number): Knot => {
    const last = knots[knots.length - 1];
    if (last && y - last.y <= tol.x) return last;
    const k: Knot = { y };
    knots.push(k);
    return k;
  };
  for (const s of f) {
    const g0 = s.y0 + slope * s.x0;
    const g1 = s.y1 + slope * s.x1;
    if (s.x1 === s.x0) {
      at(s.x0).point = Math.min(g0, g1);
      continue;
    }
    at(s.x0).right = { value: g0, away: g1 >= g0 - tol.y };
    at(s.x1).left = { value: g1, away: g0 >= g1 - tol.y };
  }
  return knots.flatMap((k) => {
    const value = Math.min(k.left?.value ?? Infinity, k.right?.value ?? Infinity, k.point ?? Infinity);
    const holds = (side?: Side) => !side || side.away || value < side.value - tol.y;
    return holds(k.left) && holds(k.right) ? [{ y: k.y, value }] : [];
  });
}

/**
 * The part of composeRange where the best y lies strictly inside the range: at one of the local
 * minima of f plus the slope, the best of those inside. Which are inside changes only where low or
 * high crosses one, so the result is that best value (plus the move's cost) between such points.
 */
function insideMinimum(f: Pwl, t: RangeTransition, lo: number, hi: number, tol: Tolerance): Segment[] {
  const minima = localMinima(f, t.slope, tol);
  if (hi - lo <= tol.x || minima.length === 0) return [];
  const pieces = knotsBetween(lo, hi, [...t.breaks], tol.x);
  const events = [...pieces];
  const ys = minima.map((m) => m.y);
  preimages(t.low, pieces, ys, tol, events);
  preimages(t.high, pieces, ys, tol, events);
  const xs = knotsBetween(lo, hi, events, tol.x);
  const offset = (x: number) => t.base(x) - t.slope * t.low(x);
  const out: Segment[] = [];
  for (let k = 0; k + 1 < xs.length; k++) {
    const p = xs[k]!;
    const q = xs[k + 1]!;
    const mid = (p + q) / 2;
    const low = t.low(mid) + tol.x;
    const high = t.high(mid) - tol.x;
    let best = Infinity;
    for (const m of minima) if (m.y > low && m.y < high) best = Math.min(best, m.value);
    if (best < Infinity) out.push({ x0: p, x1: q, y0: best + offset(p), y1: best + offset(q) });
  }
  return out;
}

/**
 * x -> the least cost of taking the action from x plus f of where it ends, for x in [lo, hi], as
 * functions whose lower envelope it is.
 */
export const composeAction = (f: Pwl, a: Action, lo: number, hi: number, tol: Tolerance): Segment[][] =>
  isRange(a) ? composeRange(f, a, lo, hi, tol) : [composeStep(f, a, lo, hi, tol)];

/**
 * The best move of the action from x given f, the value after the slot: where it ends, its cost and
 * cost plus f there. In a range the candidates are its ends and the local minima inside; on a tie
 * the move with the smaller cost either way wins (no energy bought or used for nothing).
 */
export function bestMove(f: Pwl, a: Action, x: number, tol: Tolerance): { next: number; cost: number; value: number } {
  if (!isRange(a)) {
    const next = a.next(x);
    const cost = a.cost(x);
    return { next, cost, value: cost + evaluate(f, next, tol) };
  }
  const low = a.low(x);
  const high = a.high(x);
  const base = a.base(x);
  let best = { next: low, cost: base, value: Infinity };
  for (const y of [
    low,
    high,
    ...localMinima(f, a.slope, tol)
      .map((m) => m.y)
      .filter((v) => v > low && v < high),
  ]) {
    const cost = base + a.slope * (y - low);
    const value = cost + evaluate(f, y, tol);
    if (value < best.value - tol.y || (value <= best.value + tol.y && Math.abs(cost) < Math.abs(best.cost))) best = { next: y, cost, value };
  }
  return best;
}

/**
 * A range action's first step from x away from the end another action already is (`sameAs`), as
 * far as f stays linear: its value less its cost, per unit, is what the state it moves is worth
 * at the margin. Null for a step action, a range without `sameAs`, or an empty range.
 */
export function marginalMove(f: Pwl, a: Action, x: number, tol: Tolerance): { next: number; cost: number; value: number } | null {
  if (!isRange(a) || !a.sameAs) return null;
  const low = a.low(x);
  const high = a.high(x);
  if (high - low <= tol.x) return null;
  if (f.length === 0) return null;
  const down = a.sameAs === 'high';
  // The knot of f next to the start in the step's direction (the segment just below or just above it).
  const knot = down ? f[segmentIndex(f, high - tol.x)]!.x0 : f[segmentIndex(f, low + tol.x)]!.x1;
  const to = down ? (knot > low && knot < high - tol.x ? knot : low) : knot < high && knot > low + tol.x ? knot : high;
  const cost = a.base(x) + a.slope * (to - low);
  return { next: to, cost, value: cost + evaluate(f, to, tol) };
}

/** The move of the action from x that ends highest, with its cost and no value. */
export function highestMove(a: Action, x: number): { next: number; cost: number; value: number } {
  if (!isRange(a)) return { next: a.next(x), cost: a.cost(x), value: Infinity };
  return { next: a.high(x), cost: a.base(x) + a.slope * (a.high(x) - a.low(x)), value: Infinity };
}

/** The largest |cost| the action can have from states in [lo, hi] (its costs are linear between breaks). */
export function largestCost(a: Action, lo: number, hi: number): number {
  const xs = [lo, hi, ...a.breaks.filter((b) => b > lo && b < hi)];
  const costs = isRange(a) ? xs.flatMap((x) => [a.base(x), a.base(x) + a.slope * (a.high(x) - a.low(x))]) : xs.map((x) => a.cost(x));
  return Math.max(...costs.map(Math.abs));
}
