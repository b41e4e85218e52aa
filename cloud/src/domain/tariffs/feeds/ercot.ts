// ERCOT Public API, report NP4-190-CD (DAM settlement point prices). JSON { fields, data } where
// each data row is positional; hours are hour-ending '01:00'..'24:00' in Central prevailing
// time and DSTFlag marks the repeated hour of the fall-back day.
import type { PricePoint } from '../price-point.js';
import { FeedError, joinUrl, locationFor, nonEmpty, parseJsonBody, requireCredential, toPrice } from './feed-util.js';
import { hourlyPoint, localHourStartUtc, usDateToLocal } from './market-time.js';
import type { FeedAdapter } from './types.js';

const FORMAT = 'ercot-public-api-json';
const MARKET_TZ = 'America/Chicago';
const POINTS: Record<string, string> = { 'ercot-houston': 'LZ_HOUSTON' };

/** Column positions from `fields`, which lists objects with a `name` (or bare names). */
function fieldIndex(fields: unknown[], name: string): number {
  const idx = fields.findIndex((f) => f === name || (typeof f === 'object' && f !== null && (f as { name?: unknown }).name === name));
  if (idx === -1) throw new FeedError(FORMAT, `response lacks field ${name}`);
  return idx;
}

function isDstRepeat(flag: unknown): boolean {
  return flag === true || (typeof flag === 'string' && /^(y|true)$/i.test(flag.trim()));
}

function rowToPoint(row: unknown[], col: Record<string, number>, i: number): PricePoint {
  const rawDate = String(row[col.date ?? -1] ?? '');
  const date = /^\d{4}-\d{2}-\d{2}$/.test(rawDate) ? rawDate : usDateToLocal(rawDate);
  const he = /^(\d{1,2}):00$/.exec(String(row[col.hour ?? -1] ?? ''));
  const hourEnding = he ? Number(he[1]) : NaN;
  if (!date || !(hourEnding >= 1 && hourEnding <= 24)) {
    throw new FeedError(FORMAT, `row ${i} has a bad delivery date or hourEnding`);
  }
  const start = localHourStartUtc(date, hourEnding - 1, MARKET_TZ, isDstRepeat(row[col.dst ?? -1]) ? 1 : 0);
  if (!start) throw new FeedError(FORMAT, `row ${i}: hour ending ${hourEnding} does not exist on ${date}`);
  return hourlyPoint(start, toPrice(row[col.price ?? -1], FORMAT, `row ${i} settlementPointPrice`));
}

/** ERCOT DAM settlement point price adapter; needs subscriptionKey and idToken credentials. */
export const ercotAdapter: FeedAdapter = {
  format: FORMAT,
  defaultBaseUrl: 'https://api.ercot.com',
  marketTimeZone: MARKET_TZ,
  buildRequest(baseUrl, zone, date, credentials) {
    const point = locationFor(POINTS, zone.slug, FORMAT);
    const key = requireCredential(credentials, 'subscriptionKey', FORMAT);
    const token = requireCredential(credentials, 'idToken', FORMAT);
    const query = `deliveryDateFrom=${date}&deliveryDateTo=${date}&settlementPoint=${point}`;
    return {
      url: joinUrl(baseUrl, `/api/public-reports/np4-190-cd/dam_stlmnt_pnt_prices?${query}`),
      headers: { 'Ocp-Apim-Subscription-Key': key, Authorization: `Bearer ${token}` },
    };
  },
  parse(body, zone) {
    const point = locationFor(POINTS, zone.slug, FORMAT);
    const json = parseJsonBody(body, FORMAT) as { fields?: unknown; data?: unknown } | null;
    if (!json || !Array.isArray(json.fields) || !Array.isArray(json.data)) {
      throw new FeedError(FORMAT, 'expected { fields: [...], data: [...] }');
    }
    const fields: unknown[] = json.fields;
    const col = {
      date: fieldIndex(fields, 'deliveryDate'),
      hour: fieldIndex(fields, 'hourEnding'),
      point: fieldIndex(fields, 'settlementPoint'),
      price: fieldIndex(fields, 'settlementPointPrice'),
      dst: fieldIndex(fields, 'DSTFlag'),
    };
    const rows: unknown[] = json.data;
    const points = rows.flatMap((row, i) => {
      if (!Array.isArray(row)) throw new FeedError(FORMAT, `row ${i} is not an array`);
      return row[col.point] === point ? [rowToPoint(row, col, i)] : [];
    });
    return nonEmpty(points, FORMAT, point);
  },
};
