// The read side of the daily figures: one day as the daily endpoint answers it, and a window of
// days folded into the summary (cumulative figures summed, intensities meaned).
import type { LocalDate } from '../time/slot-grid.js';
import type { DailyFigures } from './day-metrics.js';
import { mean, round, round1OrNull } from './rounding.js';
import type { MachineCounts, MetricsDailyEntry, MetricsSummary } from './metric-bodies.js';
import { isDegenerate } from './savings.js';

export type { MachineCounts, MetricsComfort, MetricsDailyEntry, MetricsFlexibility, MetricsPeaks, MetricsSavings, MetricsSummary } from './metric-bodies.js';

/** A stored account-day. */
export interface StoredDay extends DailyFigures {
  date: LocalDate;
}

/** A stored day as the daily endpoint answers it; degenerate from that day's percent. */
export function dailyEntry(day: StoredDay): MetricsDailyEntry {
  return {
    date: day.date,
    savings: { modeled_usd: day.modeledUsd, realized_usd: day.realizedUsd, savings_pct: day.savingsPct, degenerate: isDegenerate(day.savingsPct) },
    peaks: { peak_hours_idle: day.peakHoursIdle, top_peak_hours_idle: day.topPeakHoursIdle, off_peak_kwh_share_pct: day.offPeakKwhSharePct },
    flexibility: { degree_hours: day.degreeHours, percent_hours: day.percentHours },
    comfort: { in_band_home_pct: day.inBandHomePct },
  };
}

/** Counts of the appliances that are active. */
export function machineCounts(appliances: readonly { appliance_type: string; is_active: boolean }[]): MachineCounts {
  const active = appliances.filter((a) => a.is_active);
  const of = (type: string) => active.filter((a) => a.appliance_type === type).length;
  return {
    active: active.length,
    by_type: { hvac: of('hvac'), ev_charger: of('ev_charger'), home_battery: of('home_battery'), water_heater: of('water_heater'), solar: of('solar') },
  };
}

/** The figures of DailyFigures that are a number or null. */
type NumericFigure = { [K in keyof DailyFigures]: DailyFigures[K] extends number | null ? K : never }[keyof DailyFigures];
const present = (days: readonly StoredDay[], key: NumericFigure): number[] => days.flatMap((d) => (d[key] === null ? [] : [d[key]]));
const total = (values: readonly number[], digits: number) =>
  values.length === 0
    ? null
    : round(
        values.reduce((a, b) => a + b, 0),
        digits,
      );

/** Elementwise sum of the days' 24-hour histograms; null when no day has one. */
function histogramSum(days: readonly StoredDay[]): number[] | null {
  const histograms = days.flatMap((d) => (d.overrideByHour ? [d.overrideByHour] : []));
  if (histograms.length === 0) return null;
  return Array.from({ length: 24 }, (_, h) => histograms.reduce((sum, counts) => sum + (counts[h] ?? 0), 0));
}

/** The summary of the window's stored days (those of [latest - window + 1, latest]). */
export function summarize(days: readonly StoredDay[], window: number, latestDate: LocalDate | null, machines: MachineCounts): MetricsSummary {
  const modeled = present(days, 'modeledUsd');
  const realized = present(days, 'realizedUsd');
  const savingsPct = round1OrNull(mean(present(days, 'savingsPct')));
  const meanOf = (key: NumericFigure) => round1OrNull(mean(present(days, key)));
  return {
    window,
    latest_date: latestDate,
    days_counted: days.length,
    savings: {
      modeled_usd: total(modeled, 4),
      realized_usd: total(realized, 4),
      savings_pct: savingsPct,
      degenerate: isDegenerate(savingsPct),
      realized_days: realized.length,
      modeled_days: modeled.length,
    },
    peaks: {
      peak_hours_idle: total(present(days, 'peakHoursIdle'), 1),
      top_peak_hours_idle: total(present(days, 'topPeakHoursIdle'), 1),
      off_peak_kwh_share_pct: meanOf('offPeakKwhSharePct'),
    },
    flexibility: { degree_hours: meanOf('degreeHours'), percent_hours: meanOf('percentHours') },
    comfort: { in_band_home_pct: meanOf('inBandHomePct') },
    adherence: {
      conformance_pct: meanOf('conformancePct'),
      override_events: total(present(days, 'overrideEvents'), 0),
      override_by_hour: histogramSum(days),
    },
    machines,
  };
}
