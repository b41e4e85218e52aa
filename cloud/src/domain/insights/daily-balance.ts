// The home's daily energy balance: over a day the structure gives back what it stored, so the
// unit's mean duty follows the mean indoor-outdoor gap in a straight line (losses through the
// envelope minus the day's gains). Fitted on the reference days, the line says what duty the unit
// would need on a later day at that day's weather; a unit that now needs more delivers less.
import type { ThermalSample } from '../thermal/resample.js';
import { upperMedian } from '../statistics.js';
import { DAY_MS } from '../time/durations.js';

/** A day counts with this fraction of its grid steps seen. */
const MIN_DAY_COVERAGE = 0.75;
/** Days with less duty than this (observed or expected) say little about the unit's capacity. */
const MIN_DAY_DUTY = 0.03;
/** Below this spread of the reference days' gaps (F) the line's slope is not told from noise: the mean duty stands. */
const MIN_GAP_SPREAD_F = 0.5;

export interface DayBalance {
  fromMs: number;
  /** The unit's mean duty in its direction over the day's seen steps (0-1). */
  duty: number;
  /** Mean gap the unit works against: outdoor minus indoor when cooling, indoor minus outdoor when heating, F. */
  gapF: number;
}

/** Whole days (24 hours each, the last ending at `toMs`) from `fromMs`, oldest first, each with enough steps seen. */
export function dailyBalances(steps: readonly ThermalSample[], direction: 'cool' | 'heat', fromMs: number, toMs: number): DayBalance[] {
  const sign = direction === 'cool' ? 1 : -1;
  const days: DayBalance[] = [];
  for (let end = toMs; end - DAY_MS >= fromMs; end -= DAY_MS) {
    const inDay = steps.filter((s) => s.startMs >= end - DAY_MS && s.startMs < end);
    const expected = inDay.length > 0 ? DAY_MS / (inDay[0]!.hours * 3_600_000) : Infinity;
    if (inDay.length < MIN_DAY_COVERAGE * expected) continue;
    let duty = 0;
    let gap = 0;
    for (const s of inDay) {
      duty += direction === 'cool' ? s.coolDuty : s.heatDuty;
      gap += sign * (s.outdoorF - (s.startF + s.endF) / 2);
    }
    days.unshift({ fromMs: end - DAY_MS, duty: duty / inDay.length, gapF: gap / inDay.length });
  }
  return days;
}

export interface BalanceLine {
  /** Duty per F of gap. */
  dutyPerF: number;
  /** Duty at no gap (the day's gains, negative when they help the unit). */
  dutyAtZero: number;
}

/** Least squares of the days' duty on their gap; null without 3 days. */
export function fitBalanceLine(days: readonly DayBalance[]): BalanceLine | null {
  if (days.length < 3) return null;
  const n = days.length;
  const meanGap = days.reduce((a, d) => a + d.gapF, 0) / n;
  const meanDuty = days.reduce((a, d) => a + d.duty, 0) / n;
  const sxx = days.reduce((a, d) => a + (d.gapF - meanGap) ** 2, 0);
  const sxy = days.reduce((a, d) => a + (d.gapF - meanGap) * (d.duty - meanDuty), 0);
  const slope = sxx / n >= MIN_GAP_SPREAD_F ** 2 ? sxy / sxx : 0;
  return { dutyPerF: slope, dutyAtZero: meanDuty - slope * meanGap };
}

/**
 * The unit's delivery over the days against the reference line: the median over the days of the
 * duty the line expects at the day's gap over the duty observed (1 = as before, 0.6 = it now needs
 * two thirds more running for the same weather). `gapCorrectionF` is added to every day's gap (a
 * reading bias the holding gap revealed). Null without 3 days that say something.
 */
export function capacityRatio(
  line: BalanceLine,
  days: readonly DayBalance[],
  gapCorrectionF = 0,
): { ratio: number; expectedDuty: number; observedDuty: number } | null {
  const usable = days
    .map((d) => ({ expected: line.dutyPerF * (d.gapF + gapCorrectionF) + line.dutyAtZero, observed: d.duty }))
    .filter((d) => d.expected >= MIN_DAY_DUTY && d.observed >= MIN_DAY_DUTY);
  if (usable.length < 3) return null;
  return {
    ratio: upperMedian(usable.map((d) => d.expected / d.observed))!,
    expectedDuty: usable.reduce((a, d) => a + d.expected, 0) / usable.length,
    observedDuty: usable.reduce((a, d) => a + d.observed, 0) / usable.length,
  };
}
