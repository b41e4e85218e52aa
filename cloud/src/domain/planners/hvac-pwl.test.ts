import { describe, expect, it } from 'vitest';
import { addHinge, fromVertices, infConvolve, restrict, rightEnd, sumPieces, valueAt, type ConvexPwl } from './hvac-pwl.js';

const f = fromVertices([
  { x: -1, y: 3 },
  { x: 0, y: 1 },
  { x: 2, y: 1 },
  { x: 3, y: 4 },
]);
const g = fromVertices([
  { x: 0, y: 0 },
  { x: 1, y: -0.5 },
  { x: 2, y: 2 },
]);

/** min over y of a(y) + b(x − y) by brute force on a fine grid. */
function bruteConvolution(a: ConvexPwl, b: ConvexPwl, x: number): number {
  let best = Infinity;
  for (let y = a.x0; y <= rightEnd(a) + 1e-12; y += 0.001) {
    const z = x - y;
    if (z < b.x0 - 1e-9 || z > rightEnd(b) + 1e-9) continue;
    best = Math.min(best, valueAt(a, y) + valueAt(b, Math.min(rightEnd(b), Math.max(b.x0, z))));
  }
  return best;
}

describe('convex piecewise-linear functions', () => {
  it('evaluate at any point of their domain', () => {
    expect(valueAt(f, -1)).toBe(3);
    expect(valueAt(f, -0.5)).toBe(2);
    expect(valueAt(f, 1)).toBe(1);
    expect(valueAt(f, 2.5)).toBe(2.5);
    expect(rightEnd(f)).toBe(3);
  });

  it('walk the pieces of a sum f(x) + g(x − shift) in order', () => {
    expect(sumPieces(f, g, 0.5, 0.5, 2.5)).toEqual([
      { from: 0.5, to: 1.5, fSlope: 0, gSlope: -0.5 },
      { from: 1.5, to: 2, fSlope: 0, gSlope: 2.5 },
      { from: 2, to: 2.5, fSlope: 3, gSlope: 2.5 },
    ]);
    expect(sumPieces(f, g, 0, 1, 1)).toEqual([]);
  });

  it('infimal convolution merges pieces by slope (checked by brute force)', () => {
    const h = infConvolve(f, g);
    expect(h.x0).toBe(-1);
    expect(rightEnd(h)).toBe(5);
    for (let x = -1; x <= 5; x += 0.25) expect(valueAt(h, x)).toBeCloseTo(bruteConvolution(f, g, x), 2);
  });

  it('restricts to an interval, keeping values', () => {
    const r = restrict(f, -0.5, 2.5);
    expect(r.x0).toBe(-0.5);
    expect(rightEnd(r)).toBe(2.5);
    for (const x of [-0.5, 0, 1.3, 2.5]) expect(valueAt(r, x)).toBeCloseTo(valueAt(f, x), 12);
    // Disjoint intervals collapse to the nearest end.
    expect(restrict(f, 5, 6)).toEqual({ x0: 3, y0: 4, pieces: [] });
  });

  it('adds hinges above and below a point, splitting the piece that holds it', () => {
    const above = addHinge(f, 1, 10, 'above');
    const below = addHinge(f, 1, 10, 'below');
    for (const x of [-1, 0, 0.5, 1, 1.5, 3]) {
      expect(valueAt(above, x)).toBeCloseTo(valueAt(f, x) + 10 * Math.max(0, x - 1), 12);
      expect(valueAt(below, x)).toBeCloseTo(valueAt(f, x) + 10 * Math.max(0, 1 - x), 12);
    }
    // A hinge outside the domain tilts every piece.
    expect(valueAt(addHinge(f, -5, 2, 'above'), 0)).toBeCloseTo(1 + 2 * 5, 12);
    expect(addHinge(f, 1, 0, 'above')).toBe(f);
  });
});
