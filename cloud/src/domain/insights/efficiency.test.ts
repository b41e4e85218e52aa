import { describe, expect, it } from 'vitest';
import type { ThermalSample } from '../thermal/resample.js';
import { capacityRatio, dailyBalances, fitBalanceLine } from './daily-balance.js';
import { detectEfficiencyDecline, type WeekRatio } from './efficiency.js';

const START = Date.parse('2026-07-01T07:00:00Z');
const DAY_MS = 86_400_000;

/**
 * 30 days of 30-minute cooling steps of a home at 74 F whose daily outdoor mean wanders between
 * 80 and 90 F; the unit's duty is what the day's gap needs (2 % per F, less 4 % of gains), over
 * the capacity left that day.
 */
function month(capacity: (day: number) => number): ThermalSample[] {
  return Array.from({ length: 30 * 48 }, (_, i) => {
    const day = Math.floor(i / 48);
    const outdoorF = 85 + 5 * Math.sin(day * 1.3);
    return {
      gridIndex: i,
      startMs: START + i * 1_800_000,
      hours: 0.5,
      startF: 74,
      endF: 74,
      coolDuty: (0.02 * (outdoorF - 74) - 0.04) / capacity(day),
      heatDuty: 0,
      outdoorF,
      setpointChangeF: 0,
      endSetpointF: 74,
    };
  });
}

/** The 7-day windows after the 10 reference days, as detect.ts builds them. */
function weeks(steps: ThermalSample[]): WeekRatio[] {
  const line = fitBalanceLine(dailyBalances(steps, 'cool', START, START + 10 * DAY_MS))!;
  const days = dailyBalances(steps, 'cool', START + 10 * DAY_MS, START + 30 * DAY_MS);
  const out: WeekRatio[] = [];
  for (let from = START + 10 * DAY_MS; from + 7 * DAY_MS <= START + 30 * DAY_MS; from += DAY_MS) {
    out.push({
      fromMs: from,
      ...capacityRatio(
        line,
        days.filter((d) => d.fromMs >= from && d.fromMs < from + 7 * DAY_MS),
      )!,
    });
  }
  return out;
}

const ramp = (to: number, fromDay: number) => (day: number) => 1 - (1 - to) * Math.min(1, Math.max(0, (day - fromDay) / (30 - fromDay)));

describe('daily balance', () => {
  it('learns duty against the gap from the reference days and reads a later day at its own weather', () => {
    const steps = month(() => 1);
    const line = fitBalanceLine(dailyBalances(steps, 'cool', START, START + 10 * DAY_MS))!;
    expect(line.dutyPerF).toBeCloseTo(0.02, 9);
    expect(line.dutyAtZero).toBeCloseTo(-0.04, 9);
    expect(capacityRatio(line, dailyBalances(steps, 'cool', START + 20 * DAY_MS, START + 30 * DAY_MS))!.ratio).toBeCloseTo(1, 9);
  });
});

describe('detectEfficiencyDecline', () => {
  it('reports a unit whose capacity falls to half over 18 days, with the figures and since when', () => {
    const hint = detectEfficiencyDecline(weeks(month(ramp(0.5, 12))), 'cool');
    expect(hint).toMatchObject({ kind: 'efficiency_decline', numbers: { expected_duty_percent: expect.any(Number) } });
    expect(hint!.numbers.capacity_percent).toBeLessThan(65);
    expect(hint!.numbers.capacity_week_before_percent).toBeGreaterThan(hint!.numbers.capacity_percent!);
    expect(hint!.since.getTime()).toBeGreaterThan(START + 10 * DAY_MS);
    expect(hint!.advice).toMatch(/filter/);
  });

  it('says nothing for a steady unit, a small decline, or a unit that lost most of its capacity at once', () => {
    expect(detectEfficiencyDecline(weeks(month(() => 1)), 'cool')).toBeNull();
    expect(detectEfficiencyDecline(weeks(month(ramp(0.85, 12))), 'cool')).toBeNull();
    expect(detectEfficiencyDecline(weeks(month((day) => (day < 25 ? 1 : 0.3))), 'cool')).toBeNull();
  });
});
