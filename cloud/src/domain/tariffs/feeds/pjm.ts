// PJM Data Miner 2, feed da_hrl_lmps (day-ahead hourly LMP). JSON { items: [...] }; each item
// carries datetime_beginning_utc (no offset, UTC) and total_lmp_da in $/MWh.
import type { PricePoint } from '../price-point.js';
import { FeedError, joinUrl, locationFor, nonEmpty, parseJsonBody, requireCredential, toInstant, toPrice } from './feed-util.js';
import { hourlyPoint } from './market-time.js';
import type { FeedAdapter } from './types.js';

const FORMAT = 'pjm-dataminer-json';
const PNODES: Record<string, number> = { 'pjm-dom': 34964545 };
const FIELDS = 'datetime_beginning_utc,datetime_beginning_ept,pnode_id,pnode_name,total_lmp_da';

/** 'YYYY-MM-DD' → 'MM/DD/YYYY', PJM's filter date form. */
function pjmDate(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

function itemToPoint(item: Record<string, unknown>, i: number): PricePoint {
  const raw = item.datetime_beginning_utc;
  // The field has no zone designator; it is UTC by definition.
  const text = typeof raw === 'string' && !/(Z|[+-]\d{2}:?\d{2})$/.test(raw) ? `${raw}Z` : raw;
  const start = toInstant(text, FORMAT, `item ${i} datetime_beginning_utc`);
  return hourlyPoint(start, toPrice(item.total_lmp_da, FORMAT, `item ${i} total_lmp_da`));
}

/** PJM day-ahead hourly LMP adapter; needs a subscriptionKey credential. */
export const pjmAdapter: FeedAdapter = {
  format: FORMAT,
  defaultBaseUrl: 'https://api.pjm.com',
  marketTimeZone: 'America/New_York',
  buildRequest(baseUrl, zone, date, credentials) {
    const pnode = locationFor(PNODES, zone.slug, FORMAT);
    const key = requireCredential(credentials, 'subscriptionKey', FORMAT);
    // The EPT range covers both 01:00 hours of a fall-back day.
    const range = encodeURIComponent(`${pjmDate(date)} 00:00 to ${pjmDate(date)} 23:59`);
    const query = `datetime_beginning_ept=${range}&pnode_id=${pnode}&fields=${FIELDS}&rowCount=50000`;
    return {
      url: joinUrl(baseUrl, `/api/v1/da_hrl_lmps?${query}`),
      headers: { 'Ocp-Apim-Subscription-Key': key },
    };
  },
  parse(body, zone) {
    const pnode = locationFor(PNODES, zone.slug, FORMAT);
    const json = parseJsonBody(body, FORMAT) as { items?: unknown } | null;
    if (!json || !Array.isArray(json.items)) throw new FeedError(FORMAT, 'expected { items: [...] }');
    const items: unknown[] = json.items;
    const points = items.flatMap((item, i) => {
      if (typeof item !== 'object' || item === null) {
        throw new FeedError(FORMAT, `item ${i} is not an object`);
      }
      const it = item as Record<string, unknown>;
      return Number(it.pnode_id) === pnode ? [itemToPoint(it, i)] : [];
    });
    return nonEmpty(points, FORMAT, `pnode ${pnode}`);
  },
};
