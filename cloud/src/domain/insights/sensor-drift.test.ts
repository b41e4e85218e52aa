import { describe, expect, it } from 'vitest';
import type { CheckedStep } from './residuals.js';
import { detectSensorDrift } from './sensor-drift.js';

const START = Date.parse('2026-01-07T08:00:00Z');
const DAY_MS = 86_400_000;
const STEP_MS = 1_800_000;
const REFERENCE_END = START + 10 * DAY_MS;
const NOW = START + 30 * DAY_MS;

/** 30 days of regulating heating steps whose reading sits `offset(day)` F from where the unit holds the air (± 0.3 F of ripple). */
function month(offset: (day: number) => number): CheckedStep[] {
  return Array.from({ length: 30 * 48 }, (_, i) => {
    const holdGapF = offset(Math.floor(i / 48)) + (i % 3) * 0.3 - 0.3;
    return {
      gridIndex: i,
      startMs: START + i * STEP_MS,
      hours: 0.5,
      startF: 68,
      endF: 68 + holdGapF,
      coolDuty: 0,
      heatDuty: 0.4,
      outdoorF: 45,
      setpointChangeF: 0,
      endSetpointF: 68,
      residualF: 0,
      holdGapF,
    };
  });
}

const drift = (toF: number) => (day: number) => (day < 14 ? 0 : (toF * (day - 14)) / 16);

describe('detectSensorDrift', () => {
  it('reports a reading that drifted 4 F below where the unit holds the room, with the offset and since when', () => {
    const hint = detectSensorDrift(month(drift(-4)), REFERENCE_END, NOW, 1);
    expect(hint).toMatchObject({ kind: 'sensor_drift', numbers: { reading_offset_f: -3 } });
    // The first day off by half the threshold (1 F) or more: day 18.
    expect(hint!.since.getTime()).toBe(START + 18 * DAY_MS);
    expect(hint!.numbers.days).toBe(12);
    expect(hint!.confidence).toBeGreaterThan(0.6);
    expect(hint!.advice).toMatch(/3 F below where the unit holds the room/);
  });

  it('says nothing for a steady reading, a shift under 2 F, or when the unit falls short (the air slips then too)', () => {
    expect(
      detectSensorDrift(
        month(() => 0),
        REFERENCE_END,
        NOW,
        1,
      ),
    ).toBeNull();
    expect(detectSensorDrift(month(drift(1.5)), REFERENCE_END, NOW, 1)).toBeNull();
    expect(detectSensorDrift(month(drift(-4)), REFERENCE_END, NOW, 0.6)).toBeNull();
  });
});
