// Octopus Energy Agile standard unit rates (public, no key). JSON { results: [...] } in 30-min
// slots, newest first, valid_from/valid_to in UTC. Values are GB pence/kWh retail prices; the
// VAT-inclusive value is what a household pays. ×10 gives GBP/MWh, so the rest of the pipeline
// (÷10) yields pence/kWh: the API's "cents" for this zone are the feed's own minor unit (pence),
// no currency conversion is made.
import { dayBoundsUtc } from '../../time/slot-grid.js';
import type { PricePoint } from '../price-point.js';
import { FeedError, joinUrl, locationFor, nonEmpty, parseJsonBody, toInstant, toPrice } from './feed-util.js';
import type { FeedAdapter } from './types.js';

const FORMAT = 'octopus-agile-json';
const MARKET_TZ = 'Europe/London';
const REGIONS: Record<string, string> = { 'octopus-agile-c': 'C' };
/** Agile product used unless the caller passes credentials.productCode (products are renewed). */
export const DEFAULT_AGILE_PRODUCT = 'AGILE-24-10-01';

/** 'YYYY-MM-DDTHH:MMZ', the period_from/period_to form. */
function isoMinute(instant: Date): string {
  return `${instant.toISOString().slice(0, 16)}Z`;
}

function resultToPoint(result: unknown, i: number): PricePoint {
  if (typeof result !== 'object' || result === null) {
    throw new FeedError(FORMAT, `result ${i} is not an object`);
  }
  const r = result as Record<string, unknown>;
  const start = toInstant(r.valid_from, FORMAT, `result ${i} valid_from`);
  const end = toInstant(r.valid_to, FORMAT, `result ${i} valid_to`);
  if (end <= start) throw new FeedError(FORMAT, `result ${i} ends before it starts`);
  return {
    startUtc: start,
    endUtc: end,
    pricePerMwh: toPrice(r.value_inc_vat, FORMAT, `result ${i} value_inc_vat`) * 10,
  };
}

/** Octopus Agile adapter; optional credentials.productCode selects the product. */
export const octopusAdapter: FeedAdapter = {
  format: FORMAT,
  defaultBaseUrl: 'https://api.octopus.energy',
  marketTimeZone: MARKET_TZ,
  buildRequest(baseUrl, zone, date, credentials) {
    const region = locationFor(REGIONS, zone.slug, FORMAT);
    const product = credentials?.productCode || DEFAULT_AGILE_PRODUCT;
    const { start, end } = dayBoundsUtc(date, MARKET_TZ);
    const path = `/v1/products/${product}/electricity-tariffs/E-1R-${product}-${region}/standard-unit-rates/`;
    return { url: joinUrl(baseUrl, `${path}?period_from=${isoMinute(start)}&period_to=${isoMinute(end)}`) };
  },
  parse(body, zone) {
    const region = locationFor(REGIONS, zone.slug, FORMAT);
    const json = parseJsonBody(body, FORMAT) as { results?: unknown } | null;
    if (!json || !Array.isArray(json.results)) throw new FeedError(FORMAT, 'expected { results: [...] }');
    const results: unknown[] = json.results;
    return nonEmpty(results.map(resultToPoint), FORMAT, `region ${region}`);
  },
};
