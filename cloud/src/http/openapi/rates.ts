import { HOURS_PER_DAY } from '../../domain/tariffs/custom-curve.js';
import { MAX_EXPORT_RATE, MIN_EXPORT_RATE } from '../../domain/tariffs/export-update.js';
import { EXPORT_PRICINGS, PRICING_SOURCES } from '../../domain/tariffs/rate-settings.js';
import { MAX_ADDER, MAX_RATE } from '../../domain/tariffs/rate-update.js';
import { json, operation, orNull, ref, type ApiModule, type Schema } from './builders.js';
import { fixedArray, slots48 } from './components.js';

// The rates body is checked by hand (rate-update.ts, export-update.ts); its schema states the same constants.
const TAG = 'Rates';
const PRICING_SOURCE: Schema = { type: 'string', enum: [...PRICING_SOURCES] };
const HOURLY_RATES: Schema = fixedArray(
  HOURS_PER_DAY,
  { type: 'number', minimum: 0, maximum: MAX_RATE },
  `${HOURS_PER_DAY} hourly values (00:00 to 23:00), each 0-${MAX_RATE} cents/kWh`,
);
const EXPORT_PRICING: Schema = { type: 'string', enum: [...EXPORT_PRICINGS] };
const EXPORT_HOURLY_RATES: Schema = fixedArray(
  HOURS_PER_DAY,
  { type: 'number', minimum: MIN_EXPORT_RATE, maximum: MAX_EXPORT_RATE },
  `${HOURS_PER_DAY} hourly export prices (00:00 to 23:00), each ${MIN_EXPORT_RATE} to ${MAX_EXPORT_RATE} cents/kWh`,
);
const ADDER: Schema = { type: 'number', minimum: 0, maximum: MAX_ADDER, description: 'Per-user flat adder on dynamic prices, cents/kWh' };
const DB_ERRORS = { 503: ['Database not configured'] };

/** The caller's electricity price curve and its source. */
export const ratesApi: ApiModule = {
  tag: {
    name: TAG,
    description:
      'Electricity prices in cents per kWh: preset time-of-use plan, custom hourly values, or day-ahead dynamic prices; and what exported energy earns (none, net metering, or custom hourly values).',
  },
  schemas: {
    DynamicZone: {
      type: 'object',
      properties: {
        slug: { type: 'string', description: 'Send this' },
        iso: { type: 'string', description: 'Informational' },
        label: { type: 'string', description: 'Render this' },
      },
      required: ['slug', 'iso', 'label'],
    },
    PricingZone: {
      type: 'object',
      properties: {
        id: { type: 'integer', description: 'Send this as pricing_location' },
        slug: { type: 'string' },
        utility: { type: 'string' },
        plan: { type: 'string' },
        region: { type: 'string' },
        label: { type: 'string', description: 'Render this' },
        notes: { type: 'string' },
      },
      required: ['id', 'slug', 'utility', 'plan', 'region', 'label', 'notes'],
    },
    RateCurve: {
      type: 'object',
      description:
        "Today's 48-slot curve. With `dynamic` selected and no price data, the zone curve is returned (`source` `zone`, `pricing_source` stays `dynamic`).",
      properties: {
        pricing_location: { type: 'integer', description: 'Catalog id; default 1 when unset' },
        intervals: fixedArray(48, { type: 'integer', minimum: 0, maximum: 47 }, 'Slot indexes 0-47'),
        rates_cents_per_kwh: fixedArray(48, { type: 'number' }, 'Exactly 48 values'),
        source: { ...PRICING_SOURCE, description: 'Source actually used on this call' },
        season: { type: 'string', enum: ['summer', 'winter'], description: "From the user's local date (some plans return the same curve in both)" },
        hourly_rates_cents_per_kwh: orNull({ ...HOURLY_RATES, description: 'The stored 24-element override, returned only when source is `custom`' }),
        pricing_source: { ...PRICING_SOURCE, description: 'The stored preference' },
        dynamic_zone: orNull({ type: 'string', description: 'Chosen dynamic slug' }),
        pricing_adder_cents_per_kwh: orNull({ ...ADDER, description: 'Per-user flat adder; null = global default' }),
        available_dynamic_zones: { type: 'array', items: ref('DynamicZone'), description: 'Catalog of dynamic zones' },
        available_pricing_zones: { type: 'array', items: ref('PricingZone'), description: 'Preset plan catalog' },
        unit: { type: 'string', const: 'cents/kWh' },
        export_pricing: { ...EXPORT_PRICING, description: 'The stored export preference; `none` when unset' },
        export_source: { ...EXPORT_PRICING, description: 'Export pricing actually used: `none` when `custom` is stored without an hourly array' },
        export_hourly_rates_cents_per_kwh: orNull({
          ...EXPORT_HOURLY_RATES,
          description: 'The stored 24 hourly export prices, returned only when export_source is `custom`',
        }),
        export_rates_cents_per_kwh: orNull(
          slots48(
            { type: 'number' },
            'What a kWh exported in each slot of `intervals` earns today, cents/kWh; null when exports earn nothing (`none`). `net_metering`: equal to rates_cents_per_kwh, whatever the import source; `custom`: each hourly value for both half-hours of its hour',
          ),
        ),
      },
      required: [
        'pricing_location',
        'intervals',
        'rates_cents_per_kwh',
        'source',
        'season',
        'hourly_rates_cents_per_kwh',
        'pricing_source',
        'dynamic_zone',
        'pricing_adder_cents_per_kwh',
        'available_dynamic_zones',
        'available_pricing_zones',
        'unit',
        'export_pricing',
        'export_source',
        'export_hourly_rates_cents_per_kwh',
        'export_rates_cents_per_kwh',
      ],
    },
    RatesUpdate: {
      type: 'object',
      description:
        'All fields optional; only sent fields change; a body with one invalid field changes nothing. Custom curve: send the hourly array (without pricing_source it selects `custom`); dynamic: pricing_source `dynamic` plus dynamic_zone; preset: pricing_source `zone` plus pricing_location. Export: export_pricing `net_metering`, or the export hourly array (without export_pricing it selects `custom`).',
      properties: {
        hourly_rates_cents_per_kwh: orNull({ ...HOURLY_RATES, description: `${HOURLY_RATES.description as string}; null clears` }),
        pricing_source: orNull({ ...PRICING_SOURCE, description: 'null clears the explicit selection' }),
        dynamic_zone: orNull({
          type: 'string',
          description: 'Slug from available_dynamic_zones, case-insensitive; required (sent or stored) when pricing_source is `dynamic`',
        }),
        pricing_adder_cents_per_kwh: orNull({ ...ADDER, description: `In [0, ${MAX_ADDER}]; null clears the per-user override` }),
        pricing_location: { type: 'integer', description: 'Must be an id in available_pricing_zones' },
        export_pricing: orNull({
          ...EXPORT_PRICING,
          description:
            'What exports earn: `none` (nothing; the default), `net_metering` (the import price of the same slot, whatever the import source), `custom` (export_hourly_rates_cents_per_kwh; without a stored array exports earn nothing). null clears to `none`',
        }),
        export_hourly_rates_cents_per_kwh: orNull({
          ...EXPORT_HOURLY_RATES,
          description: `${EXPORT_HOURLY_RATES.description as string} (negative: exporting costs); null clears`,
        }),
      },
    },
  },
  paths: {
    '/api/v1/rates': {
      get: operation({
        id: 'getRates',
        tag: TAG,
        summary: "The caller's rate curve for today",
        auth: 'user',
        ok: { 200: json('The rate curve', ref('RateCurve')) },
        errors: DB_ERRORS,
      }),
      put: operation({
        id: 'updateRates',
        tag: TAG,
        summary: "Change the caller's price source, custom rates or export rates",
        auth: 'user',
        body: ref('RatesUpdate'),
        ok: { 200: json('The rate curve reflecting the update', ref('RateCurve')) },
        errors: {
          400: [
            'hourly_rates_cents_per_kwh must have exactly 24 values',
            'rate at hour <i> must be between 0 and 200 cents/kWh',
            "pricing_source must be one of ['zone', 'custom', 'dynamic']",
            "pricing_source='dynamic' requires dynamic_zone (one of: [...])",
            'dynamic_zone must be one of: [...]',
            'pricing_adder_cents_per_kwh must be a number between 0 and 50 cents/kWh',
            'pricing_location must be one of the catalog ids: [...]',
            'export_hourly_rates_cents_per_kwh must have exactly 24 values',
            'export rate at hour <i> must be between -100 and 500 cents/kWh',
            "export_pricing must be one of ['none', 'net_metering', 'custom']",
          ],
          ...DB_ERRORS,
        },
      }),
    },
  },
};
