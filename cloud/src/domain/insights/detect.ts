// All hints for one HVAC from its recent readings (insights.md): a reference model fitted on the
// oldest days of the window, one residual scan of the rest against it, the daily balance, and the
// raw running state.
import { learnRatedPowerW, type ThermalReading } from '../thermal/duty.js';
import { fitThermalModel } from '../thermal/fit.js';
import { resampleReadings, type ThermalSample, type WeatherPoint } from '../thermal/resample.js';
import { detectShortCycling } from './cycling.js';
import { capacityRatio, dailyBalances, fitBalanceLine } from './daily-balance.js';
import { detectEfficiencyDecline, EFFICIENCY_RATIO, type WeekRatio } from './efficiency.js';
import type { Hint } from './hint.js';
import { detectCannotKeepUp } from './keep-up.js';
import { checkSteps, holdGapOver, mainDirection, withoutDailyPattern, type CheckedStep } from './residuals.js';
import { detectSensorDrift } from './sensor-drift.js';
import { detectWindowOpen } from './window-open.js';
import { DAY_MS } from '../time/durations.js';

/** Days of readings the insights look at. */
export const INSIGHT_WINDOW_DAYS = 30;
/** The reference model learns from the oldest days of the window. */
export const REFERENCE_DAYS = 10;
/** Short-lived conditions (window, cycling, keeping up) are reported from this recent span. */
export const RECENT_DAYS = 7;
const GRID_MINUTES = 30;

/**
 * Hints for one HVAC at `now` from the readings of the last 30 days and the outdoor history, at
 * most one per kind (the latest condition). Model-based hints need the reference days to hold a
 * fit and a week after them; without one only short cycling and keeping up are checked.
 */
export function detectHints(readings: readonly ThermalReading[], weather: readonly WeatherPoint[], now: Date): Hint[] {
  const nowMs = now.getTime();
  const windowStart = nowMs - INSIGHT_WINDOW_DAYS * DAY_MS;
  const inWindow = readings.filter((r) => r.at.getTime() > windowStart && r.at.getTime() <= nowMs);
  if (inWindow.length === 0) return [];
  const firstMs = Math.min(...inWindow.map((r) => r.at.getTime()));
  const referenceEnd = firstMs + REFERENCE_DAYS * DAY_MS;
  const recentStart = nowMs - RECENT_DAYS * DAY_MS;
  const ratedPowerW = learnRatedPowerW(inWindow);
  const steps = resampleReadings(inWindow, weather, { gridMinutes: GRID_MINUTES, ratedPowerW });
  const hints: Hint[] = [];
  const cycling = detectShortCycling(inWindow, nowMs, RECENT_DAYS * DAY_MS);
  if (cycling) hints.push(cycling);
  const keepUp = detectCannotKeepUp(steps.filter((s) => s.startMs >= recentStart));
  if (keepUp) hints.push(keepUp);
  // The reference needs its own days and at least a week after them to compare with.
  if (nowMs - referenceEnd < RECENT_DAYS * DAY_MS) return hints;
  const reference = fitThermalModel(
    inWindow.filter((r) => r.at.getTime() < referenceEnd),
    weather,
    { gridMinutes: GRID_MINUTES, ratedPowerW },
  );
  if (!reference) return hints;
  const checked = checkSteps(reference.params, steps);
  const direction = mainDirection(steps);
  const weeks = weekRatios(steps, checked, direction, windowStart, referenceEnd, nowMs);
  const unitRatio = weeks.at(-1)?.ratio ?? null;
  // A unit delivering too little this week leaves every working step short, an opening or not.
  const open =
    unitRatio != null && unitRatio <= EFFICIENCY_RATIO
      ? null
      : detectWindowOpen(
          reference.params,
          withoutDailyPattern(checked, referenceEnd, GRID_MINUTES).filter((s) => s.startMs >= recentStart),
        );
  if (open) hints.push(open);
  const sensor = detectSensorDrift(checked, referenceEnd, nowMs, unitRatio);
  if (sensor) hints.push(sensor);
  const efficiency = detectEfficiencyDecline(weeks, direction);
  if (efficiency) hints.push(efficiency);
  return hints;
}

/**
 * The unit's delivery over each 7-day window after the reference days (one ending at each day,
 * oldest first), against the daily balance of the reference days, with each window's days read at
 * the gap the holding-gap shift says the air truly had (a sensor reading off moves the gap too).
 */
function weekRatios(
  steps: readonly ThermalSample[],
  checked: readonly CheckedStep[],
  direction: 'cool' | 'heat',
  windowStart: number,
  referenceEnd: number,
  nowMs: number,
): WeekRatio[] {
  const line = fitBalanceLine(dailyBalances(steps, direction, windowStart, referenceEnd));
  const holdBefore = holdGapOver(checked, -Infinity, referenceEnd);
  if (!line) return [];
  const days = dailyBalances(steps, direction, referenceEnd, nowMs);
  const weeks: WeekRatio[] = [];
  for (let end = nowMs; end - RECENT_DAYS * DAY_MS >= referenceEnd; end -= DAY_MS) {
    const from = end - RECENT_DAYS * DAY_MS;
    const holdNow = holdGapOver(checked, from, end);
    const shiftF = holdBefore != null && holdNow != null ? holdNow - holdBefore : 0;
    const ratio = capacityRatio(
      line,
      days.filter((d) => d.fromMs >= from && d.fromMs < end),
      direction === 'cool' ? shiftF : -shiftF,
    );
    if (ratio) weeks.unshift({ fromMs: from, ...ratio });
  }
  return weeks;
}
