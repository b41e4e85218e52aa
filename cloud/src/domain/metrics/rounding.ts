// Precision of the stored and answered figures.

/** Rounds to `digits` decimals without producing -0. */
export function round(value: number, digits: number): number {
  const r = Number(value.toFixed(digits));
  return Object.is(r, -0) ? 0 : r;
}

/** Percentages, hours, degree-hours and percent-hours: 1 decimal. */
export const round1 = (value: number): number => round(value, 1);

/** The same for a figure that may be missing. */
export const round1OrNull = (value: number | null): number | null => (value === null ? null : round1(value));

/** Mean of the values, or null for none. */
export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}
