import { orNull, ref, type Schema } from './builders.js';
import { DATE, DATE_TIME, UUID, fixedArray, slots48 } from './components.js';

const maybe = (description: string): Schema => ({ type: ['number', 'null'], description });
const obj = (properties: Record<string, Schema>): Schema => ({ type: 'object', properties, required: Object.keys(properties) });
const count = (description?: string): Schema => ({ type: 'integer', minimum: 0, ...(description && { description }) });

const DAILY_SAVINGS = {
  modeled_usd: maybe('Projected savings, dollars'),
  realized_usd: maybe('Measured savings, dollars; null on days without trusted per-machine power'),
  savings_pct: maybe('Daily savings percent (summary: mean)'),
  degenerate: { type: 'boolean', description: 'True when savings_pct is at most 0 or at least 95; false when savings_pct is null' },
};

/** The customer metrics responses. */
export const METRIC_SCHEMAS: Record<string, Schema> = {
  MetricsSavings: obj(DAILY_SAVINGS),
  MetricsPeaks: obj({
    peak_hours_idle: maybe("Hours machines were idle in the day's priciest quarter (summary: summed)"),
    top_peak_hours_idle: maybe('Same over the three priciest hours (max 3.0 a day); at most peak_hours_idle'),
    off_peak_kwh_share_pct: maybe("Share of the day's kWh drawn in slots priced below the day's mean price; null on a flat-priced day (summary: mean)"),
  }),
  MetricsFlexibility: obj({
    degree_hours: maybe(
      'Comfort-band width of the thermal machines (HVAC band, water heater tank range) integrated over the day, F·h, mean over machines (summary: mean of days)',
    ),
    percent_hours: maybe(
      'Charge-window slack of EV chargers and home batteries: the state-of-charge band (target minus minimum, %) held over the charge window, %·h, mean over machines (summary: mean of days)',
    ),
  }),
  MetricsComfort: obj({ in_band_home_pct: maybe('Percent of the day inside the comfort band (summary: mean)') }),
  MetricsSummary: {
    type: 'object',
    description:
      'Cumulative fields (dollars, idle hours, override events) are summed over the window; intensity fields (percentages, degree-hours) are meaned.',
    properties: {
      window: { type: 'integer' },
      latest_date: orNull({ ...DATE, description: 'Anchor day; null with no history' }),
      days_counted: count('Days in the window that contributed data'),
      savings: {
        allOf: [
          ref('MetricsSavings'),
          obj({ realized_days: count('Days contributing realized_usd; 0 when none'), modeled_days: count('Days contributing modeled_usd; 0 when none') }),
        ],
      },
      peaks: ref('MetricsPeaks'),
      flexibility: ref('MetricsFlexibility'),
      comfort: ref('MetricsComfort'),
      adherence: obj({
        conformance_pct: maybe("Mean plan-delivery conformance (the service's delivery quality, separate from overrides)"),
        override_events: maybe('Total manual overrides'),
        override_by_hour: orNull(
          fixedArray(24, { type: 'integer' }, 'Hour-of-day histogram, index 0 = local midnight, summed; null until histogram data exists'),
        ),
      }),
      machines: obj({
        active: count('Count of active machines (0 is legitimate)'),
        by_type: obj({ hvac: count(), ev_charger: count(), home_battery: count(), water_heater: count(), solar: count() }),
      }),
    },
    required: ['window', 'latest_date', 'days_counted', 'savings', 'peaks', 'flexibility', 'comfort', 'adherence', 'machines'],
  },
  MetricsDaily: obj({
    start: DATE,
    end: DATE,
    days: {
      type: 'array',
      items: obj({
        date: DATE,
        savings: ref('MetricsSavings'),
        peaks: ref('MetricsPeaks'),
        flexibility: ref('MetricsFlexibility'),
        comfort: ref('MetricsComfort'),
      }),
    },
  }),
  MetricsEpisode: obj({
    start: { ...DATE_TIME, description: 'UTC' },
    end: { ...DATE_TIME, description: 'UTC' },
    start_hour: { type: 'integer', minimum: 0, maximum: 23, description: 'Local hour' },
    readings: count('Run length in readings'),
  }),
  ForecastError: obj({
    mae: { type: 'number', description: "Mean absolute error, in the forecast's unit" },
    bias: { type: 'number', description: 'Mean of forecast minus measured: above 0 the forecast was high' },
    slots: count('Slots with both a forecast and a measurement'),
  }),
  LedgerLine: obj({
    appliance_id: UUID,
    appliance_type: { type: 'string' },
    name: { type: 'string' },
    actual_cost: { type: 'number', description: 'What it cost that day, dollars' },
    baseline_cost: maybe('What it would have cost without Offpeak (its type baseline), dollars; null when not computed for the type'),
    hindsight_cost: maybe("The exact optimum of its type's planner on what really happened, dollars; null when not computed for the type"),
    basis: {
      type: 'string',
      enum: ['readings', 'metered', 'planned'],
      description: "Where actual_cost comes from: charge readings, power readings, or the day's plan",
    },
    baseline: { type: 'string', description: 'The baseline in words' },
    note: orNull({ type: 'string', description: 'What the figures rest on, and why a negative saving happened' }),
    solar: { ...orNull(ref('SolarLine')), description: "A solar array's production and what it was worth; null for every other type" },
  }),
  SolarLine: obj({
    generation_kwh: { type: 'number', description: 'What the array produced that day (its readings), kWh' },
    self_consumed_kwh: { type: 'number', description: "What the home used of it (up to the household's measured load in each half hour), kWh" },
    exported_kwh: { type: 'number', description: 'The rest, exported, kWh' },
    self_consumed_value: { type: 'number', description: 'The self-consumed energy at the import prices, dollars' },
    export_value: { type: 'number', description: 'The exported energy at the export prices (0 without an export-rate curve), dollars' },
  }),
  DayLedger: {
    ...obj({
      date: DATE,
      actual_cost: { type: 'number', description: "What the day cost: the accounted appliances plus the household's measured load, dollars" },
      baseline_cost: { type: 'number', description: 'What it would have cost without Offpeak, dollars' },
      hindsight_cost: { type: 'number', description: 'What perfect hindsight would have cost (an appliance without one counts at its actual cost), dollars' },
      saving: { type: 'number', description: 'baseline_cost - actual_cost' },
      missed_saving: { type: 'number', description: 'actual_cost - hindsight_cost' },
      note: orNull({ type: 'string', description: 'Why the saving is negative; null when it is not' }),
      household_cost: maybe("The household's own measured load at the day's prices, dollars; null when not measured"),
      appliances: { type: 'array', items: ref('LedgerLine') },
      forecast_errors: obj({
        household_load_kw: orNull(ref('ForecastError')),
        solar_kw: orNull(ref('ForecastError')),
        hvac_temperature_f: orNull(ref('ForecastError')),
      }),
    }),
    description: "The home's ledger of one local day (docs/ledger.md): costs from readings and the prices in force that day.",
  },
  MetricsDay: obj({
    date: DATE,
    appliance_id: orNull({ ...UUID, description: 'Null with no active HVAC' }),
    setpoints: orNull(slots48({ type: 'number' }, '48 planned setpoints; null with no plan')),
    comfort_band: obj({ high: orNull(slots48({ type: 'number' }, 'F')), low: orNull(slots48({ type: 'number' }, 'F')) }),
    price_curve: orNull(slots48({ type: 'number' }, "48 slots in the feed's own minor units")),
    indoor_temps: slots48({ type: ['number', 'null'] }, 'Measured indoor temperature averaged into 48 local half-hour slots; null for a slot with no reading'),
    overrides: { type: 'array', items: ref('MetricsEpisode'), description: 'Episodes where the customer changed the plan' },
    conformance_defects: {
      type: 'array',
      items: ref('MetricsEpisode'),
      description: 'Runs where the commanded setpoint diverged from the plan; never merged into override counts',
    },
  }),
  Ranking: obj({
    metric: { type: 'string', enum: ['savings_pct', 'off_peak_kwh_share_pct', 'flexibility_degree_hours', 'active_appliances'] },
    cohort_kind: { type: ['string', 'null'], enum: ['zip5', 'zip3', 'rate_peers', 'fleet', null], description: 'Null when no cohort qualifies' },
    cohort_label: { type: ['string', 'null'], description: 'Generic label, never holding ZIP digits; null when no cohort qualifies' },
    rank: { type: ['integer', 'null'], minimum: 1, description: '1-based, 1 = best; null (never 0) with no eligible value or cohort' },
    percentile: maybe("Percent of the cohort at or below the caller's value"),
    your_value: maybe("Caller's windowed value; null with no eligible day"),
  }),
  Rankings: obj({
    window: { type: 'integer' },
    latest_date: orNull(DATE),
    rankings: fixedArray(4, ref('Ranking'), 'One per metric, always all four'),
  }),
};
