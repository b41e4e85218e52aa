import { describe, expect, it } from 'vitest';
import { addRow, emptyNormalEquations, solveBoundedRidge, solveLinear } from './bounded-ridge.js';

describe('solveLinear', () => {
  it('solves a small system and reports a singular one', () => {
    const x = solveLinear(
      [
        [0, 2],
        [3, 1],
      ],
      [4, 5],
    );
    expect(x![0]).toBeCloseTo(1, 12);
    expect(x![1]).toBeCloseTo(2, 12);
    expect(
      solveLinear(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toBeNull();
  });
});

/** Normal equations of y = 2·x0 − 3·x1 + 0.5 on a small grid. */
function exactLine() {
  const eq = emptyNormalEquations(3);
  for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) addRow(eq, [i, j, 1], 2 * i - 3 * j + 0.5);
  return eq;
}

const free = (n: number) => ({ lower: new Array<number>(n).fill(-Infinity), upper: new Array<number>(n).fill(Infinity) });

describe('solveBoundedRidge', () => {
  it('is plain least squares with a negligible ridge and no binding bound', () => {
    const theta = solveBoundedRidge({ eq: exactLine(), ridge: [1e-9, 1e-9, 1e-9], prior: [0, 0, 0], ...free(3) });
    expect(theta[0]).toBeCloseTo(2, 6);
    expect(theta[1]).toBeCloseTo(-3, 6);
    expect(theta[2]).toBeCloseTo(0.5, 6);
  });

  it('pulls a coefficient the data say nothing about to its prior', () => {
    const eq = emptyNormalEquations(2);
    for (let i = 0; i < 20; i++) addRow(eq, [i, 0], 3 * i);
    const theta = solveBoundedRidge({ eq, ridge: [1, 1], prior: [0, 7], ...free(2) });
    expect(theta[0]).toBeCloseTo(3, 2);
    expect(theta[1]).toBe(7);
  });

  it('holds a coefficient at its bound and re-fits the others (the exact constrained optimum)', () => {
    // Unconstrained θ1 = −3; with θ1 ≥ −1 the best is θ1 = −1 and θ0, θ2 re-fitted around it.
    const bounded = solveBoundedRidge({
      eq: exactLine(),
      ridge: [1e-9, 1e-9, 1e-9],
      prior: [0, 0, 0],
      lower: [-Infinity, -1, -Infinity],
      upper: [Infinity, Infinity, Infinity],
    });
    expect(bounded[1]).toBe(-1);
    const eq = emptyNormalEquations(2);
    for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) addRow(eq, [i, 1], 2 * i - 3 * j + 0.5 + j);
    const refit = solveLinear(eq.xtx, eq.xty)!;
    expect(bounded[0]).toBeCloseTo(refit[0]!, 6);
    expect(bounded[2]).toBeCloseTo(refit[1]!, 6);
  });

  it('respects two-sided bounds', () => {
    const theta = solveBoundedRidge({ eq: exactLine(), ridge: [1e-9, 1e-9, 1e-9], prior: [0, 0, 0], lower: [0, -Infinity, 0], upper: [1, Infinity, 0.2] });
    expect(theta[0]).toBe(1);
    expect(theta[2]).toBe(0.2);
  });
});
