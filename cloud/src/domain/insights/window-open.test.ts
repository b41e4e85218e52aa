import { describe, expect, it } from 'vitest';
import type { ThermalParams } from '../thermal/thermal-model.js';
import type { CheckedStep } from './residuals.js';
import { detectWindowOpen } from './window-open.js';

const PARAMS: ThermalParams = { lossPerHour: 0.05, coolingFPerHour: -3, heatingFPerHour: 3, gainFPerHour: 0.5 };
const START = Date.parse('2026-07-20T00:00:00Z');
const STEP_MS = 1_800_000;

/** 30-minute cooling steps at 74 F indoors, 90 F outdoors, with the given residual and duty per index. */
function steps(count: number, residual: (i: number) => number, duty: (i: number) => number = () => 0.4): CheckedStep[] {
  return Array.from({ length: count }, (_, i) => ({
    gridIndex: i,
    startMs: START + i * STEP_MS,
    hours: 0.5,
    startF: 74,
    endF: 74 + residual(i),
    coolDuty: duty(i),
    heatDuty: 0,
    outdoorF: 90,
    setpointChangeF: 0,
    endSetpointF: 74,
    residualF: residual(i),
    holdGapF: null,
  }));
}

describe('detectWindowOpen', () => {
  it('reports three hours losing cold to a 16 F warmer outdoors five times faster than the home does', () => {
    // Extra loss 0.2/h: a residual of 0.2 · 16 F · 0.5 h per step, steps 60-65; the model holds elsewhere.
    const hint = detectWindowOpen(
      PARAMS,
      steps(140, (i) => (i >= 60 && i < 66 ? 1.6 : i % 2 ? 0.02 : -0.02)),
    );
    expect(hint).toMatchObject({
      kind: 'window_open',
      numbers: { hours: 3, extra_loss_per_hour: 0.2, model_loss_per_hour: 0.05, outdoor_f: 90 },
    });
    expect(hint!.since.getTime()).toBe(START + 60 * STEP_MS);
    expect(hint!.confidence).toBeGreaterThan(0.5);
    expect(hint!.advice).toMatch(/window or door/);
  });

  it('says nothing about an hour-long blip, or when the unit stays short of its effect the day after (a failing unit)', () => {
    expect(
      detectWindowOpen(
        PARAMS,
        steps(140, (i) => (i >= 60 && i < 62 ? 1.6 : 0)),
      ),
    ).toBeNull();
    // Full duty and far short during the stretch, then every working step delivers a fifth of its effect.
    const failing = steps(
      140,
      (i) => (i >= 60 && i < 66 ? 1.6 : i >= 66 ? 0.8 * 3 * 0.4 * 0.5 : 0),
      (i) => (i >= 60 && i < 66 ? 1 : 0.4),
    );
    expect(detectWindowOpen(PARAMS, failing)).toBeNull();
  });

  it('waits until the stretch has ended before telling it from a failing unit', () => {
    expect(
      detectWindowOpen(
        PARAMS,
        steps(64, (i) => (i >= 58 ? 1.6 : 0)),
      ),
    ).toBeNull();
  });
});
