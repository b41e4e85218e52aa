// Today's measured production corrects the rest of today's forecast: the array's remaining slots are
// scaled by what it produced over today's elapsed slots against what the forecast said there.

/** Below this much forecast energy over the measured elapsed slots, no correction (one dawn reading does not swing the day). */
export const MIN_FORECAST_KWH = 1;
/** The measured-to-forecast ratio is held to this range (a passing cloud cannot zero the afternoon, nor a bright hour double it). */
export const RATIO_RANGE = { min: 0.2, max: 1.5 } as const;

/** Within this of 1 the ratio is taken as 1: production near the forecast leaves it, and the plan, as they are. */
export const RATIO_DEAD_BAND = 0.1;

/**
 * The ratio of measured to forecast energy over the slots before `fromSlot` that have a measured
 * mean, held to RATIO_RANGE; null (no correction) under MIN_FORECAST_KWH of forecast energy there or
 * within RATIO_DEAD_BAND of 1.
 */
export function measuredRatio(
  forecastKw: readonly number[],
  measuredKw: readonly (number | null)[],
  slotHours: readonly number[],
  fromSlot: number,
): number | null {
  let forecastKwh = 0;
  let measuredKwh = 0;
  for (let i = 0; i < fromSlot; i++) {
    const measured = measuredKw[i];
    if (measured == null) continue;
    const hours = slotHours[i] ?? 0;
    forecastKwh += (forecastKw[i] ?? 0) * hours;
    measuredKwh += measured * hours;
  }
  const ratio = measuredKwh / forecastKwh;
  if (forecastKwh < MIN_FORECAST_KWH || Math.abs(ratio - 1) < RATIO_DEAD_BAND) return null;
  return Math.min(RATIO_RANGE.max, Math.max(RATIO_RANGE.min, ratio));
}

/** The forecast with slots from `fromSlot` on scaled by `ratio`, clipped at the nameplate when one is set. */
export function correctRemainingSlots(forecastKw: readonly number[], ratio: number, fromSlot: number, nameplateKw: number): number[] {
  const cap = nameplateKw > 0 ? nameplateKw : Infinity;
  return forecastKw.map((kw, i) => (i < fromSlot ? kw : Math.min(cap, kw * ratio)));
}
