// Keeps the slot DP's value functions small: an approximation within a stated error (slot-dp.md).
import type { Pwl, Segment, Tolerance } from './piecewise-linear.js';

/** What a function must pass through at one x: its one-sided limits and, if it dips there, the point value. */
interface Knot {
  x: number;
  left?: number;
  right?: number;
  point?: number;
}

function knotsOf(f: Pwl, tol: Tolerance): Knot[] {
  const knots: Knot[] = [];
  const at = (x: number): Knot => {
    const last = knots[knots.length - 1];
    if (last && x - last.x <= tol.x) return last;
    const k: Knot = { x };
    knots.push(k);
    return k;
  };
  for (const s of f) {
    if (s.x1 === s.x0) {
      at(s.x0).point = s.y0;
      continue;
    }
    at(s.x0).right = s.y0;
    at(s.x1).left = s.y1;
  }
  // Merging keeps the first x of a cluster; the domain's end must stay where it is.
  const last = knots[knots.length - 1];
  if (last) last.x = f[f.length - 1]!.x1;
  return knots;
}

/**
 * A function with fewer segments that stays within `eps` of f everywhere (f's jumps larger than
 * 2·eps and its dips are kept). Between knots both are linear, so holding every knot's one-sided
 * limits within eps holds the whole interval; each run of knots becomes one segment, greedily, by
 * narrowing the range of slopes that keeps the run's knots within eps.
 */
export function approximate(f: Pwl, eps: number, tol: Tolerance): Segment[] {
  if (!(eps > 0) || f.length < 2) return [...f];
  const out: Segment[] = [];
  let ax = NaN;
  let ay = NaN;
  let lo = -Infinity;
  let hi = Infinity;
  let px = NaN; // the last knot taken into the run, and the value range it allows
  let pLo = NaN;
  let pHi = NaN;
  const close = () => {
    if (!(px > ax)) return;
    const mid = (pLo + pHi) / 2;
    const slope = Math.min(hi, Math.max(lo, (mid - ay) / (px - ax)));
    const end = ay + slope * (px - ax);
    out.push({ x0: ax, x1: px, y0: ay, y1: end });
    [ax, ay, lo, hi] = [px, end, -Infinity, Infinity];
  };
  /** Takes a knot allowing values [vLo, vHi] into the run, closing the run first when it cannot. */
  const take = (x: number, vLo: number, vHi: number) => {
    if (Number.isNaN(ax)) {
      [ax, ay, px, pLo, pHi] = [x, (vLo + vHi) / 2, x, vLo, vHi];
      return;
    }
    let nLo = Math.max(lo, (vLo - ay) / (x - ax));
    let nHi = Math.min(hi, (vHi - ay) / (x - ax));
    if (nLo > nHi) {
      close();
      nLo = (vLo - ay) / (x - ax);
      nHi = (vHi - ay) / (x - ax);
    }
    [lo, hi, px, pLo, pHi] = [nLo, nHi, x, vLo, vHi];
  };
  for (const k of knotsOf(f, tol)) {
    const top = Math.max(k.left ?? -Infinity, k.right ?? -Infinity, k.point ?? -Infinity);
    const bottom = Math.min(k.left ?? Infinity, k.right ?? Infinity, k.point ?? Infinity);
    if (top - bottom <= 2 * eps) {
      take(k.x, top - eps, bottom + eps);
      continue;
    }
    // A jump or dip too large to smooth: end the run on the left limit, keep a dip, restart on the right.
    if (k.left !== undefined) take(k.x, k.left - eps, k.left + eps);
    close();
    if (k.point !== undefined && k.point < Math.min(k.left ?? Infinity, k.right ?? Infinity)) out.push({ x0: k.x, x1: k.x, y0: k.point, y1: k.point });
    if (k.right !== undefined) [ax, ay, px, pLo, pHi, lo, hi] = [k.x, k.right, k.x, k.right, k.right, -Infinity, Infinity];
    else ax = NaN;
  }
  close();
  return out;
}
