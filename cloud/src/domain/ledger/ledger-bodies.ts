// The day's ledger as the API serves it: one typed schema per body gives both the type the ledger
// code builds and the OpenAPI component (validation/typed-schema.ts). docs/ledger.md.
import * as t from '../validation/typed-schema.js';

/** How far a forecast was from what was measured, over the slots that have both. */
export const forecastErrorSchema = t.component(
  'ForecastError',
  t.object({
    mae: t.number("Mean absolute error, in the forecast's unit"),
    bias: t.number('Mean of forecast minus measured: above 0 the forecast was high'),
    slots: t.integer({ minimum: 0, description: 'Slots with both a forecast and a measurement' }),
  }),
);
export type ForecastError = t.Infer<typeof forecastErrorSchema>;

const forecastErrors = t.object({
  household_load_kw: t.nullable(t.ref(forecastErrorSchema)),
  solar_kw: t.nullable(t.ref(forecastErrorSchema)),
  hvac_temperature_f: t.nullable(t.ref(forecastErrorSchema)),
});
/** The day's forecast errors: household load (kW), solar generation (kW), the HVAC's indoor temperature (F); null without both sides. */
export type ForecastErrors = t.Infer<typeof forecastErrors>;

/** A solar array's day: kWh produced, used by the home and exported, and their values in dollars. */
export const solarLineSchema = t.component(
  'SolarLine',
  t.object({
    generation_kwh: t.number('What the array produced that day (its readings), kWh'),
    self_consumed_kwh: t.number("What the home used of it (up to the household's measured load in each half hour), kWh"),
    exported_kwh: t.number('The rest, exported, kWh'),
    self_consumed_value: t.number('The self-consumed energy at the import prices, dollars'),
    export_value: t.number('The exported energy at the export prices (0 without an export-rate curve), dollars'),
  }),
);
export type SolarLine = t.Infer<typeof solarLineSchema>;

/** Where a line's actual cost comes from. */
export const LEDGER_BASES = ['readings', 'metered', 'planned'] as const;

/** One appliance's line of the ledger, dollars. */
export const ledgerLineSchema = t.component(
  'LedgerLine',
  t.object({
    appliance_id: t.uuid(),
    appliance_type: t.string(),
    name: t.string(),
    actual_cost: t.number('What it cost that day, dollars'),
    baseline_cost: t.nullable(t.number('What it would have cost without Offpeak (its type baseline), dollars; null when not computed for the type')),
    hindsight_cost: t.nullable(t.number("The exact optimum of its type's planner on what really happened, dollars; null when not computed for the type")),
    basis: t.oneOf(LEDGER_BASES, "Where actual_cost comes from: charge readings, power readings, or the day's plan"),
    baseline: t.string('The baseline in words'),
    note: t.nullable(t.string('What the figures rest on, and why a negative saving happened')),
    solar: t.nullable(t.ref(solarLineSchema), "A solar array's production and what it was worth; null for every other type"),
  }),
);
export type LedgerLine = t.Infer<typeof ledgerLineSchema>;

/** GET /api/v1/me/metrics/ledger/{date}. */
export const dayLedgerSchema = t.component(
  'DayLedger',
  t.object(
    {
      date: t.date(),
      actual_cost: t.number("What the day cost: the accounted appliances plus the household's measured load, dollars"),
      baseline_cost: t.number('What it would have cost without Offpeak, dollars'),
      hindsight_cost: t.number('What perfect hindsight would have cost (an appliance without one counts at its actual cost), dollars'),
      saving: t.number('baseline_cost - actual_cost'),
      missed_saving: t.number('actual_cost - hindsight_cost'),
      note: t.nullable(t.string('Why the saving is negative; null when it is not')),
      household_cost: t.nullable(t.number("The household's own measured load at the day's prices, dollars; null when not measured")),
      appliances: t.array(t.ref(ledgerLineSchema)),
      forecast_errors: forecastErrors,
    },
    "The home's ledger of one local day (docs/ledger.md): costs from readings and the prices in force that day.",
  ),
);
export type DayLedger = t.Infer<typeof dayLedgerSchema>;
