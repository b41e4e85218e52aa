// A home's values of the ranked metrics over a window of its stored days.
import type { RankedMetric } from './rankings.js';
import { mean, round1OrNull } from './rounding.js';
import type { StoredDay } from './summary.js';

/** The stored figures the ranked values come from. */
export type RankedFigures = Pick<StoredDay, 'savingsPct' | 'offPeakKwhSharePct' | 'degreeHours'>;

/** Means of the window's stored days (1 decimal), and the active appliance count; all null without a day. */
export function rankedValues(days: readonly RankedFigures[], activeAppliances: number): Record<RankedMetric, number | null> {
  const meanOf = (pick: (d: RankedFigures) => number | null) => round1OrNull(mean(days.flatMap((d) => (pick(d) === null ? [] : [pick(d)!]))));
  return {
    savings_pct: meanOf((d) => d.savingsPct),
    off_peak_kwh_share_pct: meanOf((d) => d.offPeakKwhSharePct),
    flexibility_degree_hours: meanOf((d) => d.degreeHours),
    active_appliances: days.length > 0 ? activeAppliances : null,
  };
}
