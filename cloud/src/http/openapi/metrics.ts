import { metricsWindowQuerySchema } from '../../contract/index.js';
import { dayLedgerSchema, forecastErrorSchema, ledgerLineSchema, solarLineSchema } from '../../domain/ledger/ledger-bodies.js';
import {
  metricsComfort,
  metricsDaily,
  metricsDayView,
  metricsEpisode,
  metricsFlexibility,
  metricsPeaks,
  metricsSavings,
  metricsSummary,
  ranking,
  rankings,
} from '../../domain/metrics/metric-bodies.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { fromYup, propertyOf } from '../../domain/validation/from-yup.js';
import { json, operation, pathParam, queryParam, ref, type ApiModule, type Parameter } from './builders.js';
import { DATE, UUID, WINDOW_ERRORS } from './components.js';

const TAG = 'Metrics';
const WINDOW_PARAM: Parameter = queryParam('window', 'Trailing days; above 90 gives 400', propertyOf(fromYup(metricsWindowQuerySchema), 'window'));
const WINDOW_DETAIL = ['window exceeds 90 days', 'window must be an integer between 1 and 90'];

/** Customer metrics derived once a day, read-only. */
export const metricsApi: ApiModule = {
  tag: { name: TAG, description: "Savings, peaks avoided, flexibility, comfort, adherence and rankings; the caller's own data only." },
  schemas: componentSchemas([
    metricsSavings,
    metricsPeaks,
    metricsFlexibility,
    metricsComfort,
    metricsSummary,
    metricsDaily,
    metricsEpisode,
    forecastErrorSchema,
    ledgerLineSchema,
    solarLineSchema,
    dayLedgerSchema,
    metricsDayView,
    ranking,
    rankings,
  ]),
  paths: {
    '/api/v1/me/metrics/summary': {
      get: operation({
        id: 'getMetricsSummary',
        tag: TAG,
        summary: 'Metrics over a trailing window',
        description: 'The window is the `window` days ending on the latest stored day (latest_date), both included.',
        auth: 'user',
        params: [WINDOW_PARAM],
        ok: { 200: json('The summary', ref(metricsSummary)) },
        errors: { 400: WINDOW_DETAIL },
      }),
    },
    '/api/v1/me/metrics/daily': {
      get: operation({
        id: 'getMetricsDaily',
        tag: TAG,
        summary: 'Metrics per day over a date window',
        description: 'Window capped at 90 days (end - start), both dates inclusive; degenerate is computed per day.',
        auth: 'user',
        params: [
          queryParam('start', 'ISO date, inclusive; default end minus 30 days', DATE),
          queryParam('end', "ISO date, inclusive; default the caller's local today", DATE),
        ],
        ok: { 200: json('The days', ref(metricsDaily)) },
        errors: { 400: ['start must be ISO YYYY-MM-DD', 'end must be ISO YYYY-MM-DD', ...WINDOW_ERRORS] },
      }),
    },
    '/api/v1/me/metrics/day/{date}': {
      get: operation({
        id: 'getMetricsDay',
        tag: TAG,
        summary: 'Plan, comfort band, prices, measurements and overrides of one local day',
        auth: 'user',
        params: [
          pathParam('date', 'Local day, ISO YYYY-MM-DD', DATE),
          queryParam(
            'appliance_id',
            "HVAC appliance; default the caller's first active HVAC (oldest first); ignored if it is not one of the caller's HVACs",
            UUID,
          ),
        ],
        ok: { 200: json('The day', ref(metricsDayView)) },
        errors: { 400: ['date must be ISO YYYY-MM-DD'] },
      }),
    },
    '/api/v1/me/metrics/ledger/{date}': {
      get: operation({
        id: 'getMetricsLedger',
        tag: TAG,
        summary: "What one local day cost, without Offpeak, and with perfect hindsight; the day's forecast errors",
        description:
          'Actual costs from readings and the prices in force; baselines per type: the battery idle, charging on arrival (a robot: whenever docked), the water heater on its thermostat, the HVAC holding its base setpoint. Hindsight is the optimum of the same planner on what happened (for an HVAC, on its thermal model and the measured outdoor temperatures). A negative saving comes with its reason in `note`.',
        auth: 'user',
        params: [pathParam('date', 'Local day, ISO YYYY-MM-DD', DATE)],
        ok: { 200: json('The ledger', ref(dayLedgerSchema)) },
        errors: { 400: ['date must be ISO YYYY-MM-DD'] },
      }),
    },
    '/api/v1/me/rankings': {
      get: operation({
        id: 'getRankings',
        tag: TAG,
        summary: 'Rank among comparable homes on four metrics',
        description:
          "Higher is better, rank 1 = best; ties share the better rank. The caller is ranked in the tightest cohort with at least 10 homes holding a value (METRICS_MIN_COHORT_HOMES): zip5, zip3, rate_peers, fleet. Rankings are materialized daily for the 30-day window ending on the local yesterday; any other window answers your_value over the trailing window ending on the latest stored day, with null cohort, rank and percentile. Cohort size and other homes' values are never returned.",
        auth: 'user',
        params: [WINDOW_PARAM],
        ok: { 200: json('The rankings', ref(rankings)) },
        errors: { 400: WINDOW_DETAIL },
      }),
    },
  },
};
