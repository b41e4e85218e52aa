// The customer metrics bodies as the API serves them: one typed schema per body gives both the
// type the metrics code builds and the OpenAPI component (validation/typed-schema.ts).
import * as t from '../validation/typed-schema.js';
import { COHORT_KINDS, RANKED_METRICS } from './rankings.js';

const maybe = (description: string) => t.nullable(t.number(description));
const count = (description?: string) => t.integer({ minimum: 0, ...(description && { description }) });

export const metricsSavings = t.component(
  'MetricsSavings',
  t.object({
    modeled_usd: maybe('Projected savings, dollars'),
    realized_usd: maybe('Measured savings, dollars; null on days without trusted per-machine power'),
    savings_pct: maybe('Daily savings percent (summary: mean)'),
    degenerate: t.boolean('True when savings_pct is at most 0 or at least 95; false when savings_pct is null'),
  }),
);
export type MetricsSavings = t.Infer<typeof metricsSavings>;

export const metricsPeaks = t.component(
  'MetricsPeaks',
  t.object({
    peak_hours_idle: maybe("Hours machines were idle in the day's priciest quarter (summary: summed)"),
    top_peak_hours_idle: maybe('Same over the three priciest hours (max 3.0 a day); at most peak_hours_idle'),
    off_peak_kwh_share_pct: maybe("Share of the day's kWh drawn in slots priced below the day's mean price; null on a flat-priced day (summary: mean)"),
  }),
);
export type MetricsPeaks = t.Infer<typeof metricsPeaks>;

export const metricsFlexibility = t.component(
  'MetricsFlexibility',
  t.object({
    degree_hours: maybe(
      'Comfort-band width of the thermal machines (HVAC band, water heater tank range) integrated over the day, F·h, mean over machines (summary: mean of days)',
    ),
    percent_hours: maybe(
      'Charge-window slack of EV chargers and home batteries: the state-of-charge band (target minus minimum, %) held over the charge window, %·h, mean over machines (summary: mean of days)',
    ),
  }),
);
export type MetricsFlexibility = t.Infer<typeof metricsFlexibility>;

export const metricsComfort = t.component(
  'MetricsComfort',
  t.object({ in_band_home_pct: maybe('Percent of the day inside the comfort band (summary: mean)') }),
);
export type MetricsComfort = t.Infer<typeof metricsComfort>;

const dailyEntry = t.object({
  date: t.date(),
  savings: t.ref(metricsSavings),
  peaks: t.ref(metricsPeaks),
  flexibility: t.ref(metricsFlexibility),
  comfort: t.ref(metricsComfort),
});
/** One day of GET /api/v1/me/metrics/daily. */
export type MetricsDailyEntry = t.Infer<typeof dailyEntry>;

/** GET /api/v1/me/metrics/daily. */
export const metricsDaily = t.component('MetricsDaily', t.object({ start: t.date(), end: t.date(), days: t.array(dailyEntry) }));
export type MetricsDaily = t.Infer<typeof metricsDaily>;

const machineCounts = t.object({
  active: count('Count of active machines (0 is legitimate)'),
  by_type: t.object({ hvac: count(), ev_charger: count(), home_battery: count(), water_heater: count(), solar: count() }),
});
/** Machine counts of the summary: every active appliance, and the active ones of the five listed types. */
export type MachineCounts = t.Infer<typeof machineCounts>;

/** GET /api/v1/me/metrics/summary. */
export const metricsSummary = t.component(
  'MetricsSummary',
  t.object(
    {
      window: t.integer(),
      latest_date: t.nullable(t.date('Anchor day; null with no history')),
      days_counted: count('Days in the window that contributed data'),
      savings: t.allOf(
        t.ref(metricsSavings),
        t.object({ realized_days: count('Days contributing realized_usd; 0 when none'), modeled_days: count('Days contributing modeled_usd; 0 when none') }),
      ),
      peaks: t.ref(metricsPeaks),
      flexibility: t.ref(metricsFlexibility),
      comfort: t.ref(metricsComfort),
      adherence: t.object({
        conformance_pct: maybe("Mean plan-delivery conformance (the service's delivery quality, separate from overrides)"),
        override_events: maybe('Total manual overrides'),
        override_by_hour: t.nullable(
          t.fixedArray(24, t.integer(), 'Hour-of-day histogram, index 0 = local midnight, summed; null until histogram data exists'),
        ),
      }),
      machines: machineCounts,
    },
    'Cumulative fields (dollars, idle hours, override events) are summed over the window; intensity fields (percentages, degree-hours) are meaned.',
  ),
);
export type MetricsSummary = t.Infer<typeof metricsSummary>;

/** An override or conformance-defect episode as answered: UTC ISO times, local start hour, run length. */
export const metricsEpisode = t.component(
  'MetricsEpisode',
  t.object({
    start: t.dateTime('UTC'),
    end: t.dateTime('UTC'),
    start_hour: t.integer({ minimum: 0, maximum: 23, description: 'Local hour' }),
    readings: count('Run length in readings'),
  }),
);
export type MetricsEpisode = t.Infer<typeof metricsEpisode>;

const fahrenheit = () => t.nullable(t.slots48(t.number(), 'F'));

/** GET /api/v1/me/metrics/day/{date}: one local day of one HVAC. */
export const metricsDayView = t.component(
  'MetricsDay',
  t.object({
    date: t.date(),
    appliance_id: t.nullable(t.uuid('Null with no active HVAC')),
    setpoints: t.nullable(t.slots48(t.number(), '48 planned setpoints; null with no plan')),
    comfort_band: t.object({ high: fahrenheit(), low: fahrenheit() }),
    price_curve: t.nullable(t.slots48(t.number(), "48 slots in the feed's own minor units")),
    indoor_temps: t.slots48(t.nullable(t.number()), 'Measured indoor temperature averaged into 48 local half-hour slots; null for a slot with no reading'),
    overrides: t.array(t.ref(metricsEpisode), 'Episodes where the customer changed the plan'),
    conformance_defects: t.array(t.ref(metricsEpisode), 'Runs where the commanded setpoint diverged from the plan; never merged into override counts'),
  }),
);
export type MetricsDayView = t.Infer<typeof metricsDayView>;

/** One entry of GET /api/v1/me/rankings. */
export const ranking = t.component(
  'Ranking',
  t.object({
    metric: t.oneOf(RANKED_METRICS),
    cohort_kind: t.nullable(t.oneOf(COHORT_KINDS), 'Null when no cohort qualifies'),
    cohort_label: t.nullable(t.string('Generic label, never holding ZIP digits; null when no cohort qualifies')),
    rank: t.nullable(t.integer({ minimum: 1, description: '1-based, 1 = best; null (never 0) with no eligible value or cohort' })),
    percentile: maybe("Percent of the cohort at or below the caller's value"),
    your_value: maybe("Caller's windowed value; null with no eligible day"),
  }),
);
export type Ranking = t.Infer<typeof ranking>;

/** GET /api/v1/me/rankings. */
export const rankings = t.component(
  'Rankings',
  t.object({
    window: t.integer(),
    latest_date: t.nullable(t.date()),
    rankings: t.fixedArray(RANKED_METRICS.length, t.ref(ranking), 'One per metric, always all four'),
  }),
);
export type RankingsResponse = t.Infer<typeof rankings>;
