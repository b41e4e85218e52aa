// Rates. The bodies are typed schemas in the tariff domain, which builds the curve; the PUT body
// is validated there too (validateRateUpdate), because its rules depend on the stored settings.
export type { DynamicZoneSummary, PricingZoneSummary, RateCurveResponse as RateCurve, RatesUpdateRequest } from '../domain/tariffs/rate-bodies.js';
export type { ExportPricing, PricingSource } from '../domain/tariffs/rate-settings.js';
