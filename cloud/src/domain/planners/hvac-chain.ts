// The exact solver of the HVAC plan's linear programme: one temperature evolving slot by slot
// (a lossy thermal store), duties in [0, 1], soft temperature bounds at every slot end.
// Dynamic programming over convex piecewise-linear value functions; the method is in hvac.md.
import { addHinge, fromVertices, infConvolve, restrict, rightEnd, sumPieces, type ConvexPwl, type SumPiece } from './hvac-pwl.js';

/** One slot: T_end = alpha·T_start + betaCool·uCool + betaHeat·uHeat + gamma. */
export interface ChainSlot {
  alpha: number;
  /** F change from full cooling duty over the slot (≤ 0). */
  betaCool: number;
  /** F change from full heating duty over the slot (≥ 0). */
  betaHeat: number;
  gamma: number;
  /** Cost of full duty over the slot, cents (may be negative with negative prices); null: not allowed. */
  coolCostCents: number | null;
  heatCostCents: number | null;
}

/** Soft bounds on the temperature at a slot's end: each F·weight outside costs `penaltyPerF` cents. */
export interface ChainBound {
  minF: number;
  maxF: number;
  penaltyPerF: number;
}

export interface ChainProblem {
  startF: number;
  slots: ChainSlot[];
  /** Bounds at the end of each slot (same length as slots). */
  ends: ChainBound[];
}

export interface ChainSolution {
  coolDuty: number[];
  heatDuty: number[];
  /** Temperature at the end of each slot. */
  endF: number[];
}

/**
 * The slot's cost as a function of q, the "cooling stock" it adds (in the solver's scaled units):
 * the lower convex hull of its three extreme operating points (off, full cooling, full heating;
 * one compressor, so uCool + uHeat ≤ 1). With positive prices that is off→cool and heat→off; with
 * negative prices in auto mode it may be the chord heat→cool (alternating is paid for).
 */
function slotCost(slot: ChainSlot, scale: number): { f: ConvexPwl; qCool: number; qHeat: number } {
  const qCool = slot.coolCostCents == null ? 0 : -slot.betaCool / scale;
  const qHeat = slot.heatCostCents == null ? 0 : slot.betaHeat / scale;
  const points = [{ x: 0, y: 0 }];
  if (qHeat > 0) points.unshift({ x: -qHeat, y: slot.heatCostCents! });
  if (qCool > 0) points.push({ x: qCool, y: slot.coolCostCents! });
  const [h, o, c] = points;
  if (points.length === 3 && h && o && c) {
    const chordAtZero = h.y + ((c.y - h.y) * (0 - h.x)) / (c.x - h.x);
    if (o.y > chordAtZero) return { f: fromVertices([h, c]), qCool, qHeat };
  }
  return { f: fromVertices(points), qCool, qHeat };
}

/** g(−y) for a convex g: the mirror image, still convex. */
function mirror(g: ConvexPwl): ConvexPwl {
  const pieces = [...g.pieces].reverse().map((p) => ({ length: p.length, slope: -p.slope }));
  let x = g.x0;
  let y = g.y0;
  for (const p of g.pieces) [x, y] = [x + p.length, y + p.length * p.slope];
  return { x0: -x, y0: y, pieces };
}

/** Duties for stock q on the slot's cost hull (inverse of slotCost). */
function dutiesFor(q: number, qCool: number, qHeat: number, isChord: boolean): { cool: number; heat: number } {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  if (isChord) {
    const cool = clamp((q + qHeat) / (qCool + qHeat));
    return { cool, heat: 1 - cool };
  }
  if (q >= 0) return { cool: qCool > 0 ? clamp(q / qCool) : 0, heat: 0 };
  return { cool: 0, heat: qHeat > 0 ? clamp(-q / qHeat) : 0 };
}

/**
 * Minimiser of V(x) + g(x − z) over x. Among equal minimisers it takes the one closest to z (the
 * least conditioning), so flat stretches leave the unit off.
 */
function bestNext(v: ConvexPwl, g: ConvexPwl, z: number): number {
  const lo = Math.max(v.x0, g.x0 + z);
  const hi = Math.max(lo, Math.min(rightEnd(v), rightEnd(g) + z));
  const isFlat = (p: SumPiece) => Math.abs(p.fSlope + p.gSlope) <= 1e-9 * (Math.abs(p.fSlope) + Math.abs(p.gSlope));
  const pieces = sumPieces(v, g, z, lo, hi);
  // The first point where the function stops decreasing, then the end of the flat stretch there.
  let k = pieces.findIndex((p) => isFlat(p) || p.fSlope + p.gSlope > 0);
  if (k < 0) k = pieces.length;
  const start = pieces[k]?.from ?? hi;
  let end = start;
  for (; k < pieces.length && isFlat(pieces[k]!); k++) end = pieces[k]!.to;
  return Math.min(end, Math.max(start, z));
}

/**
 * Solves min Σ cost(u) + Σ penalties subject to the slot dynamics, exactly. With F the free-running
 * temperature (no conditioning) and D the product of the alphas so far, the stock z = (F − T)/D
 * adds up without loss (z_{n+1} = z_n + q_n), so the problem is a one-dimensional dynamic
 * programme whose value functions are convex piecewise-linear: each step is an infimal
 * convolution with the slot's cost hull plus two hinges for the soft bounds.
 */
export function solveChain(p: ChainProblem): ChainSolution {
  const n = p.slots.length;
  const free = [p.startF];
  const decay = [1];
  for (const s of p.slots) {
    free.push(s.alpha * free.at(-1)! + s.gamma);
    decay.push(s.alpha * decay.at(-1)!);
  }
  const costs = p.slots.map((s, k) => slotCost(s, decay[k + 1]!));
  const reach = [{ lo: 0, hi: 0 }];
  for (const c of costs) reach.push({ lo: reach.at(-1)!.lo - c.qHeat, hi: reach.at(-1)!.hi + c.qCool });

  // values[k] is the cost-to-go at the end of slot k − 1 (node k), for k = 1..n.
  const values: ConvexPwl[] = new Array(n + 1);
  let v: ConvexPwl = { x0: reach[n]!.lo, y0: 0, pieces: [{ length: reach[n]!.hi - reach[n]!.lo, slope: 0 }] };
  for (let k = n; k >= 1; k--) {
    if (k < n) v = restrict(infConvolve(values[k + 1]!, mirror(costs[k]!.f)), reach[k]!.lo, reach[k]!.hi);
    const bound = p.ends[k - 1]!;
    const d = decay[k]!;
    const weight = bound.penaltyPerF * d;
    // T = F − D·z: T > maxF below z = (F − maxF)/D, T < minF above z = (F − minF)/D.
    v = addHinge(v, (free[k]! - bound.maxF) / d, weight, 'below');
    v = addHinge(v, (free[k]! - bound.minF) / d, weight, 'above');
    values[k] = v;
  }

  const coolDuty: number[] = [];
  const heatDuty: number[] = [];
  const endF: number[] = [];
  let z = 0;
  for (let k = 0; k < n; k++) {
    const { f, qCool, qHeat } = costs[k]!;
    const next = bestNext(values[k + 1]!, f, z);
    const isChord = f.pieces.length === 1 && qCool > 0 && qHeat > 0;
    const duty = dutiesFor(next - z, qCool, qHeat, isChord);
    coolDuty.push(duty.cool);
    heatDuty.push(duty.heat);
    z = next;
    endF.push(free[k + 1]! - decay[k + 1]! * z);
  }
  return { coolDuty, heatDuty, endF };
}

/** The objective of a solution (energy cents plus penalties), for tests and the benchmark. */
export function chainObjective(p: ChainProblem, s: ChainSolution): number {
  let total = 0;
  p.slots.forEach((slot, k) => {
    total += (slot.coolCostCents ?? 0) * s.coolDuty[k]! + (slot.heatCostCents ?? 0) * s.heatDuty[k]!;
    const b = p.ends[k]!;
    const t = s.endF[k]!;
    total += b.penaltyPerF * (Math.max(0, t - b.maxF) + Math.max(0, b.minF - t));
  });
  return total;
}
