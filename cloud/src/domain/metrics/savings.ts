// Savings of one account-day: modeled from the day's newest plans, realized from metered energy.
import { savingsPct } from '../planning/costs.js';
import type { DayPlan } from './day-input.js';

/** A daily savings percent at or below this, or at or above DEGENERATE_HIGH_PCT, is degenerate. */
export const DEGENERATE_LOW_PCT = 0;
export const DEGENERATE_HIGH_PCT = 95;

/**
 * Modeled savings over the plans with a baseline cost (defaults and solar rows have none):
 * the sum of baseline minus optimized cost, cents, and the percent of the summed baseline. Null
 * when no plan of the day has a baseline.
 */
export function modeledSavings(plans: readonly DayPlan[]): { cents: number; pct: number } | null {
  const priced = plans.filter((p) => p.baselineCents > 0);
  if (priced.length === 0) return null;
  const baseline = priced.reduce((sum, p) => sum + p.baselineCents, 0);
  const optimized = priced.reduce((sum, p) => sum + p.optimizedCents, 0);
  return { cents: baseline - optimized, pct: savingsPct(baseline, optimized) };
}

/** What the metered energy cost at the day's prices over the slots the plan's costs cover, cents. */
export function measuredCostCents(kwh: readonly number[], prices: readonly number[], fromSlot: number): number {
  let cents = 0;
  for (let s = fromSlot; s < kwh.length; s++) cents += kwh[s]! * prices[s]!;
  return cents;
}

/** True when a savings percent is implausible for display (at most 0 or at least 95); false for null. */
export function isDegenerate(pct: number | null): boolean {
  return pct !== null && (pct <= DEGENERATE_LOW_PCT || pct >= DEGENERATE_HIGH_PCT);
}
