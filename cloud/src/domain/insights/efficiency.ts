// Falling efficiency over weeks (a clogging filter, refrigerant leaking out): at the same weather
// the unit now runs longer than it did on the reference days (daily-balance.ts), a little more
// each week, while still working (a unit that lost most of its capacity at once cannot keep up).
import { marginConfidence, type Hint } from './hint.js';
import { DAY_MS } from '../time/durations.js';

/** The unit delivering at most this fraction of the reference over the last 7 days is reported. */
export const EFFICIENCY_RATIO = 0.75;
/** Below this fraction the unit is broken rather than declining (cannot_keep_up says so). */
export const BROKEN_RATIO = 0.42;
/** A week earlier the decline must already show: at most this fraction, and above the latest. */
const WEEK_BEFORE_RATIO = 0.92;
/** `since` is where the 7-day windows fell, for good, below the middle of 1 and the threshold. */
const SINCE_RATIO = (1 + EFFICIENCY_RATIO) / 2;

/** The unit's delivery over the 7 days from `fromMs` against the reference days (capacityRatio). */
export interface WeekRatio {
  fromMs: number;
  ratio: number;
  expectedDuty: number;
  observedDuty: number;
}

/** From 7-day windows (one ending at each day, oldest first, the last ending now). */
export function detectEfficiencyDecline(weeks: readonly WeekRatio[], direction: 'cool' | 'heat'): Hint | null {
  const latest = weeks.at(-1);
  if (!latest) return null;
  const weekBefore = weeks.find((w) => w.fromMs === latest.fromMs - 7 * DAY_MS);
  const isGradual = weekBefore != null && weekBefore.ratio <= WEEK_BEFORE_RATIO && weekBefore.ratio > latest.ratio;
  if (latest.ratio > EFFICIENCY_RATIO || latest.ratio < BROKEN_RATIO || !isGradual) return null;
  let since = latest.fromMs;
  for (let i = weeks.length - 1; i >= 0 && weeks[i]!.ratio <= SINCE_RATIO; i--) since = weeks[i]!.fromMs;
  const percent = (x: number) => Math.round(x * 100);
  return {
    kind: 'efficiency_decline',
    since: new Date(since),
    numbers: {
      capacity_percent: percent(latest.ratio),
      capacity_week_before_percent: percent(weekBefore.ratio),
      expected_duty_percent: percent(latest.expectedDuty),
      observed_duty_percent: percent(latest.observedDuty),
    },
    confidence: marginConfidence(1 - latest.ratio, 1 - EFFICIENCY_RATIO, 2),
    advice:
      direction === 'cool'
        ? 'The air conditioner now runs noticeably longer than weeks ago in the same weather: replace the filter and, if that does not help, have the refrigerant charge checked.'
        : 'The heating now runs noticeably longer than weeks ago in the same weather: replace the filter and have the unit checked.',
  };
}
