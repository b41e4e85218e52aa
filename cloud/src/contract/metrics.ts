// Customer metrics: the response shapes (typed schemas beside the pure code that builds them), the
// query schema of `window` and the exact error details.
import * as yup from 'yup';
import { DEFAULT_METRICS_WINDOW_DAYS } from '../domain/metrics/metrics-window.js';
import { MAX_WINDOW_DAYS, WINDOW_DETAIL } from '../domain/planning/history-window.js';

export type { DayLedger, ForecastError, ForecastErrors, LedgerLine, SolarLine } from '../domain/ledger/day-ledger.js';
export type { CohortKind, RankedMetric } from '../domain/metrics/rankings.js';
export { COHORT_LABELS, RANKED_METRICS } from '../domain/metrics/rankings.js';
export type {
  MachineCounts,
  MetricsComfort,
  MetricsDaily,
  MetricsDailyEntry,
  MetricsDayView,
  MetricsEpisode,
  MetricsFlexibility,
  MetricsPeaks,
  MetricsSavings,
  MetricsSummary,
  Ranking,
  RankingsResponse,
} from '../domain/metrics/metric-bodies.js';

/** Exact error details of the metrics endpoints (docs/api.md "Errors"). */
export const METRICS_DETAIL = {
  ...WINDOW_DETAIL,
  windowInvalid: 'window must be an integer between 1 and 90',
  dateNotIso: 'date must be ISO YYYY-MM-DD',
} as const;

/** A decimal number as a query string carries it; anything else (`0x10`, `1e1`, a repeated parameter) is refused. */
const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;

/**
 * `window` of the summary and rankings: integer trailing days, 1-90, default 30. The raw query
 * value must be one decimal string (`0x10`, `1e1` and a repeated `window`, an array, are refused).
 */
export const metricsWindowQuerySchema = yup
  .object({
    // A mixed field with its own type check: the query's text is the input, parsed here.
    window: yup
      .mixed<number>((v): v is number => typeof v === 'number' && !Number.isNaN(v))
      .transform((value: unknown) => (typeof value === 'string' ? (DECIMAL.test(value) ? Number(value) : Number.NaN) : value))
      .typeError(METRICS_DETAIL.windowInvalid)
      .test({ name: 'integer', message: METRICS_DETAIL.windowInvalid, params: { min: 1 }, test: (v) => v === undefined || (Number.isInteger(v) && v >= 1) })
      .test({ name: 'max', message: METRICS_DETAIL.windowTooLong, params: { max: MAX_WINDOW_DAYS }, test: (v) => v === undefined || v <= MAX_WINDOW_DAYS })
      .meta({ openapi: { type: 'integer' } })
      .default(DEFAULT_METRICS_WINDOW_DAYS),
  })
  .typeError('query must be an object');
export type MetricsWindowQuery = yup.InferType<typeof metricsWindowQuerySchema>;
