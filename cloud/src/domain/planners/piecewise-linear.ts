// Piecewise-linear functions of one state variable (a battery's stored kWh, a tank's °F): the value
// functions of the exact slot DP (slot-dp.ts). A function is a run of segments over one closed
// interval and +Infinity outside it. Segments may meet at different heights (a jump) and a segment
// may have zero width (a point where the function dips); the value at any x is the lowest of the
// segments touching it, so every function is lower semicontinuous and its minimum is attained.

/** One linear piece over [x0, x1] (x0 === x1 for a single point), from y0 at x0 to y1 at x1. */
export interface Segment {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Segments ordered by x, each starting where the previous ends; empty means +Infinity everywhere. */
export type Pwl = readonly Segment[];

/** States closer than `x` are one state; values closer than `y` are one value. */
export interface Tolerance {
  x: number;
  y: number;
}

/** The segment's line at x (a point segment gives its lower value). */
export function lineAt(s: Segment, x: number): number {
  const w = s.x1 - s.x0;
  return w > 0 ? s.y0 + ((s.y1 - s.y0) * (x - s.x0)) / w : Math.min(s.y0, s.y1);
}

/** Index of the last segment starting at or before x (0 when x is left of all). */
export function segmentIndex(f: Pwl, x: number): number {
  let lo = 0;
  let hi = f.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (f[mid]!.x0 <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** f(x): the lowest segment within tol.x of x; +Infinity outside the domain. */
export function evaluate(f: Pwl, x: number, tol: Tolerance): number {
  const first = f[0];
  const last = f[f.length - 1];
  if (!first || !last || x < first.x0 - tol.x || x > last.x1 + tol.x) return Infinity;
  const cx = Math.min(Math.max(x, first.x0), last.x1);
  const k = segmentIndex(f, cx);
  let v = Infinity;
  for (let j = k; j >= 0 && f[j]!.x1 >= cx - tol.x; j--) v = Math.min(v, lineAt(f[j]!, Math.min(Math.max(cx, f[j]!.x0), f[j]!.x1)));
  for (let j = k + 1; j < f.length && f[j]!.x0 <= cx + tol.x; j++) v = Math.min(v, f[j]!.y0);
  return v;
}

/**
 * lo, the values strictly inside (lo, hi) sorted without any closer than tol to a kept one, and hi:
 * the ends stay exact, so a domain never shrinks by merging a nearby point into its end.
 */
export function knotsBetween(lo: number, hi: number, values: readonly number[] | Float64Array, tol: number): number[] {
  const sorted = values instanceof Float64Array ? values.sort() : Float64Array.from(values).sort();
  const out = [lo];
  for (const v of sorted) if (v > out[out.length - 1]! + tol && v < hi - tol) out.push(v);
  if (hi > lo) out.push(hi);
  return out;
}

/**
 * Merges what tolerance cannot tell apart: slivers narrower than tol.x become points, adjacent
 * collinear segments become one, and a point survives only where it is lower than both sides.
 * Takes ownership of the segments (they are changed in place).
 */
export function simplify(segments: Segment[], tol: Tolerance): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    if (s.x1 - s.x0 <= tol.x) {
      s.x1 = s.x0;
      s.y0 = s.y1 = Math.min(s.y0, s.y1);
    }
    const p = out[out.length - 1];
    const touches = p !== undefined && Math.abs(p.x1 - s.x0) <= tol.x;
    if (p && touches && s.x0 === s.x1 && p.x1 > p.x0 && s.y0 >= p.y1 - tol.y) continue; // a point no lower than its left side
    if (p && touches && s.x0 === s.x1 && p.x0 === p.x1) {
      p.y0 = p.y1 = Math.min(p.y0, s.y0);
      continue;
    }
    if (p && touches && p.x0 === p.x1 && p.y0 >= s.y0 - tol.y) out.pop(); // a point no lower than its right side
    const q = out[out.length - 1];
    if (q && s.x1 > s.x0 && q.x1 > q.x0 && Math.abs(q.x1 - s.x0) <= tol.x && Math.abs(q.y1 - s.y0) <= tol.y) {
      const merged = q.y0 + ((s.y1 - q.y0) * (q.x1 - q.x0)) / (s.x1 - q.x0);
      if (Math.abs(merged - q.y1) <= tol.y) {
        q.x1 = s.x1;
        q.y1 = s.y1;
        continue;
      }
    }
    out.push(s);
  }
  return out;
}

/** Appends the point x if its value is below both neighbouring ends (a dip the segments would miss). */
export function pushDip(out: Segment[], x: number, v: number, left: number, right: number, tol: Tolerance): void {
  if (v < Math.min(left, right) - tol.y) out.push({ x0: x, x1: x, y0: v, y1: v });
}

/** f's lowest value at a among its segments from index `from` (the segments touching a start there or later). */
function valueFrom(f: Pwl, from: number, a: number, tol: Tolerance): number {
  let v = Infinity;
  for (let j = from; j < f.length && f[j]!.x0 <= a + tol.x; j++) {
    const s = f[j]!;
    if (s.x1 >= a - tol.x) v = Math.min(v, lineAt(s, Math.min(Math.max(a, s.x0), s.x1)));
  }
  return v;
}

/** The pointwise minimum of functions. */
export function lowerEnvelope(fs: readonly Pwl[], tol: Tolerance): Segment[] {
  const live = fs.filter((f) => f.length > 0);
  if (live.length === 1)
    return simplify(
      live[0]!.map((s) => ({ ...s })),
      tol,
    );
  let count = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (const f of live) {
    count += 2 * f.length;
    lo = Math.min(lo, f[0]!.x0);
    hi = Math.max(hi, f[f.length - 1]!.x1);
  }
  const ends = new Float64Array(count);
  let n = 0;
  for (const f of live) {
    for (const s of f) {
      ends[n++] = s.x0;
      ends[n++] = s.x1;
    }
  }
  const xs = knotsBetween(lo, hi, ends, tol.x);
  const cursor = new Int32Array(live.length);
  const starts: number[] = [];
  const stops: number[] = [];
  const out: Segment[] = [];
  let leftEnd = Infinity;
  for (let k = 0; k < xs.length; k++) {
    const a = xs[k]!;
    let va = Infinity;
    for (let i = 0; i < live.length; i++) {
      const f = live[i]!;
      let c = cursor[i]!;
      while (c < f.length && f[c]!.x1 < a - tol.x) c++;
      cursor[i] = c;
      va = Math.min(va, valueFrom(f, c, a, tol));
    }
    const b = xs[k + 1];
    if (b === undefined) {
      pushDip(out, a, va, leftEnd, Infinity, tol);
      break;
    }
    const mid = (a + b) / 2;
    starts.length = 0;
    stops.length = 0;
    for (let i = 0; i < live.length; i++) {
      const f = live[i]!;
      let c = cursor[i]!;
      while (c < f.length && f[c]!.x1 < mid) c++;
      const s = f[c];
      if (s && s.x0 <= mid && s.x1 > s.x0) {
        starts.push(lineAt(s, a));
        stops.push(lineAt(s, b));
      }
    }
    if (starts.length === 0) {
      pushDip(out, a, va, leftEnd, Infinity, tol);
      leftEnd = Infinity;
      continue;
    }
    const dipAt = out.length;
    pushLowerOfLines(a, b, starts, stops, out);
    if (va < Math.min(leftEnd, out[dipAt]!.y0) - tol.y) out.splice(dipAt, 0, { x0: a, x1: a, y0: va, y1: va });
    leftEnd = out[out.length - 1]!.y1;
  }
  return simplify(out, tol);
}

/** Scratch for the crossings of one interval's lines. */
const cuts: number[] = [];

/** Appends the lower envelope over [a, b] of lines given by their values at a (`starts`) and b (`stops`). */
function pushLowerOfLines(a: number, b: number, starts: readonly number[], stops: readonly number[], out: Segment[]): void {
  cuts.length = 0;
  cuts.push(0, 1);
  for (let i = 0; i < starts.length; i++) {
    for (let j = i + 1; j < starts.length; j++) {
      const d0 = starts[i]! - starts[j]!;
      const d1 = stops[i]! - stops[j]!;
      if (d0 * d1 < 0) cuts.push(d0 / (d0 - d1));
    }
  }
  if (cuts.length > 2) cuts.sort((u, v) => u - v);
  for (let c = 0; c + 1 < cuts.length; c++) {
    const t0 = cuts[c]!;
    const t1 = cuts[c + 1]!;
    const tm = (t0 + t1) / 2;
    let best = 0;
    for (let i = 1; i < starts.length; i++) {
      if (starts[i]! + (stops[i]! - starts[i]!) * tm < starts[best]! + (stops[best]! - starts[best]!) * tm) best = i;
    }
    const y0 = starts[best]!;
    const y1 = stops[best]!;
    out.push({ x0: a + (b - a) * t0, x1: a + (b - a) * t1, y0: y0 + (y1 - y0) * t0, y1: y0 + (y1 - y0) * t1 });
  }
}
