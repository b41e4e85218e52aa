// All hints for one HVAC from its recent readings (insights.md): a reference model fitted on the
// oldest days of the window, its residuals and refits on the rest, and the raw running state.
import { learnRatedPowerW, type ThermalReading } from '../thermal/duty.js';
import { fitThermalModel } from '../thermal/fit.js';
import { resampleReadings, type WeatherPoint } from '../thermal/resample.js';
import { localParts } from '../time/slot-grid.js';
import { detectShortCycling } from './cycling.js';
import type { Hint } from './hint.js';
import { detectCannotKeepUp } from './keep-up.js';
import { checkSteps, mainDirection } from './residuals.js';
import { detectUnitDrift, fitRates } from './unit-drift.js';
import { detectWindowOpen } from './window-open.js';

/** Days of readings the insights look at. */
export const INSIGHT_WINDOW_DAYS = 30;
/** The reference model learns from the oldest days of the window. */
export const REFERENCE_DAYS = 10;
/** Short-lived conditions (window, cycling, keeping up) are reported from this recent span. */
export const RECENT_DAYS = 7;
const DAY_MS = 86_400_000;
const GRID_MINUTES = 30;

/**
 * Hints for one HVAC at `now` (its home in `timeZone`) from the readings of the last 30 days and the outdoor history,
 * newest condition first per kind, at most one per kind. Model-based hints need the reference
 * days to hold a fit; without one only short cycling and keeping up are checked.
 */
export function detectHints(readings: readonly ThermalReading[], weather: readonly WeatherPoint[], now: Date, timeZone = 'UTC'): Hint[] {
  const localHour = (ms: number) => localParts(new Date(ms), timeZone).hour;
  const nowMs = now.getTime();
  const windowStart = nowMs - INSIGHT_WINDOW_DAYS * DAY_MS;
  const inWindow = readings.filter((r) => r.at.getTime() > windowStart && r.at.getTime() <= nowMs);
  if (inWindow.length === 0) return [];
  const firstMs = Math.min(...inWindow.map((r) => r.at.getTime()));
  const referenceEnd = firstMs + REFERENCE_DAYS * DAY_MS;
  const recentStart = nowMs - RECENT_DAYS * DAY_MS;
  const ratedPowerW = learnRatedPowerW(inWindow);
  const steps = resampleReadings(inWindow, weather, { gridMinutes: GRID_MINUTES, ratedPowerW });
  const recentSteps = steps.filter((s) => s.startMs >= recentStart);
  const hints: Hint[] = [];
  const cycling = detectShortCycling(inWindow, nowMs, RECENT_DAYS * DAY_MS);
  if (cycling) hints.push(cycling);
  const keepUp = detectCannotKeepUp(recentSteps);
  if (keepUp) hints.push(keepUp);
  // The reference needs its own days and at least a week after them to compare with.
  if (nowMs - referenceEnd < RECENT_DAYS * DAY_MS) return hints;
  const reference = fitThermalModel(
    inWindow.filter((r) => r.at.getTime() < referenceEnd),
    weather,
    { gridMinutes: GRID_MINUTES, ratedPowerW },
  );
  if (!reference) return hints;
  const referenceSteps = steps.filter((s) => s.startMs < referenceEnd);
  const direction = mainDirection(steps);
  const open = detectWindowOpen(reference.params, checkSteps(reference.params, recentSteps));
  if (open) hints.push(open);
  const referenceRates = fitRates(reference.params, referenceSteps, direction, localHour);
  if (referenceRates) {
    const later = steps.filter((s) => s.startMs >= referenceEnd);
    hints.push(...detectUnitDrift(reference.params, referenceRates, later, direction, localHour, referenceEnd, nowMs));
  }
  return hints;
}
