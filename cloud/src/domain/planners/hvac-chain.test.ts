import highsLoader, { type Highs } from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import { chainObjective, solveChain, type ChainProblem } from './hvac-chain.js';

// Node loads the package's ES build, whose default export is the loader itself.
const loadHighs = highsLoader as unknown as (typeof highsLoader)['default'];
let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

/** The same programme in CPLEX LP form (temperatures as variables, explicit slacks). */
function solveWithHighs(p: ChainProblem): number {
  const obj: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  p.slots.forEach((s, k) => {
    const b = p.ends[k]!;
    obj.push(`+ ${s.coolCostCents ?? 0} uc${k} + ${s.heatCostCents ?? 0} uh${k} + ${b.penaltyPerF} a${k} + ${b.penaltyPerF} b${k}`);
    const previous = k === 0 ? '' : ` - ${s.alpha} t${k}`;
    rows.push(`d${k}: t${k + 1}${previous} + ${-s.betaCool} uc${k} - ${s.betaHeat} uh${k} = ${s.gamma + (k === 0 ? s.alpha * p.startF : 0)}`);
    rows.push(`h${k}: t${k + 1} - a${k} <= ${b.maxF}`, `l${k}: t${k + 1} + b${k} >= ${b.minF}`, `o${k}: uc${k} + uh${k} <= 1`);
    bounds.push(`0 <= uc${k} <= ${s.coolCostCents == null ? 0 : 1}`, `0 <= uh${k} <= ${s.heatCostCents == null ? 0 : 1}`, `t${k + 1} free`);
  });
  const r = highs.solve(`Minimize\n obj: ${obj.join(' ')}\nSubject To\n${rows.join('\n')}\nBounds\n${bounds.join('\n')}\nEnd\n`, { output_flag: false });
  expect(r.Status).toBe('Optimal');
  return r.ObjectiveValue;
}

function sequence(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

/** Random problems: lossy slots, some 0 h slots, costs from negative to high, allowed directions mixed. */
function randomProblem(rnd: () => number, n: number): ChainProblem {
  const slots = [];
  const ends = [];
  for (let k = 0; k < n; k++) {
    const isSkipped = rnd() < 0.05;
    const alpha = isSkipped ? 1 : 0.6 + 0.4 * rnd();
    const price = () => (rnd() < 0.15 ? -20 : 0) + 100 * rnd();
    slots.push({
      alpha,
      betaCool: isSkipped ? 0 : -(0.5 + 3 * rnd()),
      betaHeat: isSkipped ? 0 : 0.5 + 3 * rnd(),
      gamma: isSkipped ? 0 : (1 - alpha) * (60 + 30 * rnd()),
      coolCostCents: rnd() < 0.2 ? null : isSkipped ? 0 : price(),
      heatCostCents: rnd() < 0.2 ? null : isSkipped ? 0 : price(),
    });
    const low = 68 + 4 * rnd();
    ends.push({ minF: low, maxF: low + 1 + 4 * rnd(), penaltyPerF: 1000 });
  }
  return { startF: 65 + 15 * rnd(), slots, ends };
}

describe('solveChain', () => {
  it.each([1, 2, 3, 5, 12, 48])('matches HiGHS on 60 random %s-slot problems', (n) => {
    const rnd = sequence(1000 + n);
    for (let i = 0; i < 60; i++) {
      const p = randomProblem(rnd, n);
      const exact = solveWithHighs(p);
      expect(chainObjective(p, solveChain(p))).toBeCloseTo(exact, 6 - Math.max(0, Math.ceil(Math.log10(Math.abs(exact) + 1))));
    }
  });

  it('returns duties in [0, 1] that never cool and heat beyond one compressor', () => {
    const rnd = sequence(7);
    for (let i = 0; i < 50; i++) {
      const s = solveChain(randomProblem(rnd, 24));
      s.coolDuty.forEach((c, k) => {
        expect(c).toBeGreaterThanOrEqual(0);
        expect(s.heatDuty[k]!).toBeGreaterThanOrEqual(0);
        expect(c + s.heatDuty[k]!).toBeLessThanOrEqual(1 + 1e-9);
      });
    }
  });

  it('leaves the unit off when nothing needs doing (the least action among equal optima)', () => {
    const slot = { alpha: 0.95, betaCool: -2, betaHeat: 2, gamma: 0.05 * 72, coolCostCents: 0, heatCostCents: 0 };
    const s = solveChain({ startF: 72, slots: [slot, slot, slot], ends: Array(3).fill({ minF: 70, maxF: 74, penaltyPerF: 1000 }) });
    expect(s.coolDuty).toEqual([0, 0, 0]);
    expect(s.heatDuty).toEqual([0, 0, 0]);
    expect(s.endF.every((t) => Math.abs(t - 72) < 1e-9)).toBe(true);
  });
});
