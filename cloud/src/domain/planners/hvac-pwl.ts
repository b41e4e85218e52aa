// Convex piecewise-linear functions on a closed interval, the value functions of the HVAC
// dynamic programme (hvac.md). A function is its left end, its value there and its pieces in
// order of increasing slope, which is what convexity means for a piecewise-linear function.

export interface Piece {
  length: number;
  slope: number;
}

export interface ConvexPwl {
  x0: number;
  y0: number;
  pieces: Piece[];
}

/** Right end of the domain. */
export function rightEnd(f: ConvexPwl): number {
  let x = f.x0;
  for (const p of f.pieces) x += p.length;
  return x;
}

/** The function through the given vertices (x increasing, slopes non-decreasing). */
export function fromVertices(vertices: readonly { x: number; y: number }[]): ConvexPwl {
  const first = vertices[0]!;
  const pieces: Piece[] = [];
  for (let i = 1; i < vertices.length; i++) {
    const a = vertices[i - 1]!;
    const b = vertices[i]!;
    if (b.x > a.x) pieces.push({ length: b.x - a.x, slope: (b.y - a.y) / (b.x - a.x) });
  }
  return { x0: first.x, y0: first.y, pieces };
}

/**
 * Infimal convolution (f □ g)(x) = min over y of f(y) + g(x − y): for convex piecewise-linear
 * functions it starts at the sum of the left ends and merges the pieces by slope.
 */
export function infConvolve(f: ConvexPwl, g: ConvexPwl): ConvexPwl {
  const pieces: Piece[] = [];
  let i = 0;
  let j = 0;
  while (i < f.pieces.length || j < g.pieces.length) {
    const a = f.pieces[i];
    const b = g.pieces[j];
    if (b === undefined || (a !== undefined && a.slope <= b.slope)) {
      pieces.push(a!);
      i++;
    } else {
      pieces.push(b);
      j++;
    }
  }
  return { x0: f.x0 + g.x0, y0: f.y0 + g.y0, pieces };
}

/** Value at x, which must lie in the domain (clamped to it against rounding). */
export function valueAt(f: ConvexPwl, x: number): number {
  let y = f.y0;
  let at = f.x0;
  for (const p of f.pieces) {
    if (x <= at) break;
    const step = Math.min(p.length, x - at);
    y += step * p.slope;
    at += p.length;
  }
  return y;
}

/** The function on [max(lo, x0), min(hi, right end)]; a disjoint interval gives the nearest end point. */
export function restrict(f: ConvexPwl, lo: number, hi: number): ConvexPwl {
  const end = rightEnd(f);
  const from = Math.min(Math.max(lo, f.x0), end);
  const to = Math.max(Math.min(hi, end), from);
  const pieces: Piece[] = [];
  let at = f.x0;
  for (const p of f.pieces) {
    const start = Math.max(at, from);
    const stop = Math.min(at + p.length, to);
    if (stop > start) pieces.push({ length: stop - start, slope: p.slope });
    at += p.length;
  }
  return { x0: from, y0: valueAt(f, from), pieces };
}

/**
 * Adds the hinge weight·max(0, x − at) (side 'above') or weight·max(0, at − x) (side 'below'),
 * splitting the piece that contains `at`. Adding a convex function keeps the pieces sorted.
 */
export function addHinge(f: ConvexPwl, at: number, weight: number, side: 'above' | 'below'): ConvexPwl {
  if (weight === 0) return f;
  const above = side === 'above' ? weight : 0;
  const below = side === 'below' ? -weight : 0;
  const pieces: Piece[] = [];
  let x = f.x0;
  for (const p of f.pieces) {
    const end = x + p.length;
    if (at > x && at < end) pieces.push({ length: at - x, slope: p.slope + below }, { length: end - at, slope: p.slope + above });
    else pieces.push({ length: p.length, slope: p.slope + (x >= at ? above : below) });
    x = end;
  }
  const y0 = f.y0 + weight * Math.max(0, side === 'above' ? f.x0 - at : at - f.x0);
  return { x0: f.x0, y0, pieces };
}

/** A stretch of x where f(x) + g(x − shift) is linear, with each function's slope there. */
export interface SumPiece {
  from: number;
  to: number;
  fSlope: number;
  gSlope: number;
}

/** The pieces of f(x) + g(x − shift) on [lo, hi] (inside both domains), in order, by one merged walk. */
export function sumPieces(f: ConvexPwl, g: ConvexPwl, shift: number, lo: number, hi: number): SumPiece[] {
  const out: SumPiece[] = [];
  let i = 0;
  let j = 0;
  let fEnd = f.x0 + (f.pieces[0]?.length ?? 0);
  let gEnd = g.x0 + shift + (g.pieces[0]?.length ?? 0);
  for (let x = lo; x < hi;) {
    while (i < f.pieces.length - 1 && fEnd <= x) fEnd += f.pieces[++i]!.length;
    while (j < g.pieces.length - 1 && gEnd <= x) gEnd += g.pieces[++j]!.length;
    // A function whose last piece ended before x (rounding at its right end) no longer limits the piece.
    const to = Math.min(hi, fEnd > x ? fEnd : hi, gEnd > x ? gEnd : hi);
    out.push({ from: x, to, fSlope: f.pieces[i]?.slope ?? 0, gSlope: g.pieces[j]?.slope ?? 0 });
    x = to;
  }
  return out;
}
