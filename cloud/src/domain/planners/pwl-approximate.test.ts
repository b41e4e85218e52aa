import { describe, expect, it } from 'vitest';
import { evaluate, type Segment } from './piecewise-linear.js';
import { approximate } from './pwl-approximate.js';

const TOL = { x: 1e-9, y: 1e-9 };

/** A staircase of many tiny steps (the shape a knapsack-like value function takes), with one real jump and one dip. */
function staircase(): Segment[] {
  const out: Segment[] = [];
  let x = 0;
  let y = 0;
  for (let k = 0; k < 400; k++) {
    const w = 0.001 + (0.002 * ((k * 7919) % 13)) / 13;
    out.push({ x0: x, x1: x + w, y0: y, y1: y - 0.0004 });
    y -= 0.0004;
    x += w;
    if (k === 200) {
      out.push({ x0: x, x1: x, y0: y - 5, y1: y - 5 }); // a dip
      y += 1; // a jump up
    }
  }
  return out;
}

describe('approximate', () => {
  it('stays within eps everywhere, keeps the large jump and the dip, and is much smaller', () => {
    const f = staircase();
    const eps = 0.001;
    const g = approximate(f, eps, TOL);
    expect(g.length).toBeLessThan(f.length / 20);
    for (const s of f) {
      for (const x of [s.x0, (s.x0 + s.x1) / 2, s.x1]) {
        expect(Math.abs(evaluate(g, x, TOL) - evaluate(f, x, TOL))).toBeLessThanOrEqual(eps + 1e-12);
      }
    }
    expect(g[0]!.x0).toBe(f[0]!.x0);
    expect(g.at(-1)!.x1).toBe(f.at(-1)!.x1);
  });

  it('returns the function itself with eps 0', () => {
    const f = staircase();
    expect(approximate(f, 0, TOL)).toEqual(f);
  });
});
