import { dynamicZoneSummary, pricingZoneSummary, rateCurve, ratesUpdate } from '../../domain/tariffs/rate-bodies.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, ref, type ApiModule } from './builders.js';

const TAG = 'Rates';
const DB_ERRORS = { 503: ['Database not configured'] };

/** The caller's electricity price curve and its source. */
export const ratesApi: ApiModule = {
  tag: {
    name: TAG,
    description:
      'Electricity prices in cents per kWh: preset time-of-use plan, custom hourly values, or day-ahead dynamic prices; and what exported energy earns (none, net metering, or custom hourly values).',
  },
  schemas: componentSchemas([dynamicZoneSummary, pricingZoneSummary, rateCurve, ratesUpdate]),
  paths: {
    '/api/v1/rates': {
      get: operation({
        id: 'getRates',
        tag: TAG,
        summary: "The caller's rate curve for today",
        auth: 'user',
        ok: { 200: json('The rate curve', ref(rateCurve)) },
        errors: DB_ERRORS,
      }),
      put: operation({
        id: 'updateRates',
        tag: TAG,
        summary: "Change the caller's price source, custom rates or export rates",
        auth: 'user',
        body: ref(ratesUpdate),
        ok: { 200: json('The rate curve reflecting the update', ref(rateCurve)) },
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
