import { describe, expect, it } from 'vitest';
import type { ThermalSample } from '../thermal/resample.js';
import type { ThermalParams } from '../thermal/thermal-model.js';
import { detectUnitDrift, fitRates } from './unit-drift.js';

const PARAMS: ThermalParams = { lossPerHour: 0.05, coolingFPerHour: -3, heatingFPerHour: 3, gainFPerHour: 0.5 };
const START = Date.parse('2026-07-01T00:00:00Z');
const DAY_MS = 86_400_000;
const STEP_MS = 1_800_000;
const utcHour = (ms: number) => new Date(ms).getUTCHours();

/**
 * 24 days of exact model steps of a cooling home: the unit rests 22:00-06:00 and runs at half duty
 * by day; `rate(day)` and `gain(day)` say how the unit and the home change.
 */
function month(rate: (day: number) => number, gain: (day: number) => number): ThermalSample[] {
  const a = PARAMS.lossPerHour;
  const alpha = Math.exp(-a * 0.5);
  const span = (1 - alpha) / a;
  return Array.from({ length: 24 * 48 }, (_, i) => {
    const startMs = START + i * STEP_MS;
    const day = i / 48;
    const hour = utcHour(startMs);
    const u = hour >= 22 || hour < 6 ? 0 : 0.5;
    const outdoorF = 80 + 10 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
    const endF = alpha * 74 + (1 - alpha) * outdoorF + span * (rate(day) * u + gain(day));
    return { gridIndex: i, startMs, hours: 0.5, startF: 74, endF, coolDuty: u, heatDuty: 0, outdoorF, setpointChangeF: null, endSetpointF: null };
  });
}

function hintsFor(steps: ThermalSample[]) {
  const referenceEnd = START + 10 * DAY_MS;
  const reference = fitRates(PARAMS, steps.filter((s) => s.startMs < referenceEnd), 'cool', utcHour)!;
  expect(reference.rate).toBeCloseTo(-3, 6);
  return detectUnitDrift(PARAMS, reference, steps.filter((s) => s.startMs >= referenceEnd), 'cool', utcHour, referenceEnd, START + 24 * DAY_MS);
}

const ramp = (from: number, to: number, startDay: number) => (day: number) => from + (to - from) * Math.min(1, Math.max(0, (day - startDay) / (24 - startDay)));

describe('detectUnitDrift', () => {
  it('reports a unit whose cooling rate falls over two weeks at similar weather, with the ratio', () => {
    const hints = hintsFor(month(ramp(-3, -1.5, 10), () => 0.5));
    expect(hints).toHaveLength(1);
    expect(hints[0]).toMatchObject({ kind: 'efficiency_decline', numbers: { reference_f_per_hour: -3 } });
    expect(hints[0]!.numbers.capacity_ratio).toBeLessThan(0.7);
    // The decline began when the reference days ended.
    expect(hints[0]!.since.getTime()).toBe(START + 10 * DAY_MS);
    expect(hints[0]!.advice).toMatch(/filter/);
  });

  it('reports a sensor bias: the gain at night shifts while the unit keeps its rate', () => {
    const hints = hintsFor(month(() => -3, ramp(0.5, 0.5 + 0.05 * 16, 10)));
    expect(hints.map((h) => h.kind)).toEqual(['sensor_drift']);
    expect(hints[0]!.numbers.bias_f).toBeGreaterThan(10);
    expect(hints[0]!.advice).toMatch(/reads? about \d+ F high|read about/);
  });

  it('says nothing for a steady month, or an efficiency hint for a unit that failed overnight', () => {
    expect(hintsFor(month(() => -3, () => 0.5))).toEqual([]);
    const failed = hintsFor(month((day) => (day < 20 ? -3 : -1), () => 0.5));
    expect(failed.map((h) => h.kind)).not.toContain('efficiency_decline');
  });
});
