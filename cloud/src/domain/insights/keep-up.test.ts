import { describe, expect, it } from 'vitest';
import type { ThermalSample } from '../thermal/resample.js';
import { detectCannotKeepUp } from './keep-up.js';

const START = Date.parse('2026-07-20T00:00:00Z');

/** Consecutive 30-minute cooling steps with the given duties and temperature changes. */
function steps(duties: number[], deltas: number[], startF = 75): ThermalSample[] {
  let temp = startF;
  return duties.map((u, i) => {
    const s = {
      gridIndex: i,
      startMs: START + i * 1_800_000,
      hours: 0.5,
      startF: temp,
      endF: temp + deltas[i]!,
      coolDuty: u,
      heatDuty: 0,
      outdoorF: 100,
      setpointChangeF: null,
      endSetpointF: null,
    };
    temp = s.endF;
    return s;
  });
}

describe('detectCannotKeepUp', () => {
  it('reports three hours flat out while the home keeps warming, from when it started', () => {
    const hint = detectCannotKeepUp(steps([0.3, 0.5, 1, 1, 1, 1, 1, 1, 0.6], [0, 0, 0.2, 0.2, 0.1, 0.1, 0, 0, -0.2]));
    expect(hint).toMatchObject({ kind: 'cannot_keep_up', numbers: { hours_at_full_duty: 3, indoor_change_f: 0.6 } });
    expect(hint!.since.getTime()).toBe(START + 2 * 1_800_000);
    expect(hint!.advice).toMatch(/air conditioner ran flat out/);
  });

  it('finds the stuck part inside a longer stretch at full duty', () => {
    const deltas = [-1, -1, -1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1];
    const hint = detectCannotKeepUp(
      steps(
        deltas.map(() => 1),
        deltas,
      ),
    );
    expect(hint?.since.getTime()).toBe(START + 3 * 1_800_000);
  });

  it('says nothing about a pull-down at full duty that makes progress, or about a short peak', () => {
    expect(detectCannotKeepUp(steps([1, 1, 1, 1, 1, 1, 1], [-0.5, -0.5, -0.4, -0.3, -0.3, -0.2, -0.2]))).toBeNull();
    expect(detectCannotKeepUp(steps([1, 1, 1, 1, 0.5], [0.2, 0.2, 0.2, 0.2, 0]))).toBeNull();
  });
});
