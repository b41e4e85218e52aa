// Order statistics of a sample: every median, quantile and percentile of the cloud and its
// benches. Each takes values in any order and leaves them as they are. The definitions differ on
// purpose, and each caller keeps the one it had, so no plan, insight or bench figure moved:
// - quantile, median: interpolated, for plan candidates and model figures (home battery spread,
//   hvac model quality, the 14-day median forecast);
// - upperMedian, quantileBelow: a value of the sample itself, where a measured value must come
//   out (a holding gap, a rated power);
// - trimmedMean: the mean of the middle half, where rounded readings must not snap the answer to
//   their grid (a hold offset);
// - nearestRank, rankAbove: the two rank rules of the bench reports (optimizer gaps and solve
//   times; latencies), which differ only where q·n is whole.

const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** The q-quantile (0-1), interpolated between the order statistics around q·(n−1); NaN for no values. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = ascending(values);
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (at - lo) * (sorted[hi]! - sorted[lo]!);
}

/** The median: the middle value, or the mean of the two middle values of an even count; NaN for no values. */
export function median(values: readonly number[]): number {
  const sorted = ascending(values);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median as a value of the sample: the upper of the two middle values of an even count; null for no values. */
export function upperMedian(values: readonly number[]): number | null {
  return values.length === 0 ? null : rankAbove(values, 0.5);
}

/**
 * The mean of the middle half of the values (by rank): robust to outliers like a median, but not
 * snapped to the grid of rounded values (readings rounded to 1 F whose swing dithers the rounding
 * average near the true value; their median is a whole degree). NaN for no values.
 */
export function trimmedMean(values: readonly number[]): number {
  const sorted = ascending(values);
  const cut = Math.floor(sorted.length * 0.25);
  const kept = sorted.slice(cut, sorted.length - cut);
  return kept.reduce((sum, v) => sum + v, 0) / kept.length;
}

/** The order statistic at ⌊q·(n−1)⌋: the sample value at or below the interpolated q-quantile; NaN for no values. */
export function quantileBelow(values: readonly number[], q: number): number {
  const sorted = ascending(values);
  return sorted[Math.floor(q * (sorted.length - 1))] ?? NaN;
}

/** Nearest rank: the smallest value with at least the fraction q (0-1) of the sample at or below it; NaN for no values. */
export function nearestRank(values: readonly number[], q: number): number {
  const sorted = ascending(values);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

/**
 * The smallest value with more than the fraction q (0-1) of the sample at or below it (the order
 * statistic at ⌊q·n⌋, the largest for q = 1); NaN for no values. It differs from nearestRank only
 * where q·n is whole: the p99 of 100 latencies is the largest, the p50 of an even count the upper middle.
 */
export function rankAbove(values: readonly number[], q: number): number {
  const sorted = ascending(values);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
