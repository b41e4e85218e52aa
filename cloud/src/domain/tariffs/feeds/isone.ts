// ISO-NE web services, hourly day-ahead final LMP for one location. JSON
// { HourlyLmps: { HourlyLmp: [...] } } converted from XML, so a single row may arrive as an
// object instead of an array; BeginDate carries its UTC offset.
import type { PricePoint } from '../price-point.js';
import { FeedError, joinUrl, locationFor, nonEmpty, parseJsonBody, requireCredential, toInstant, toPrice } from './feed-util.js';
import { compactDate, hourlyPoint } from './market-time.js';
import type { FeedAdapter } from './types.js';

const FORMAT = 'isone-webservices-json';
const LOCATIONS: Record<string, number> = { 'isone-hub': 4000 };

function rowsOf(json: unknown): unknown[] {
  const lmps = (json as { HourlyLmps?: unknown } | null)?.HourlyLmps;
  if (typeof lmps !== 'object' || lmps === null) {
    throw new FeedError(FORMAT, 'expected { HourlyLmps: { HourlyLmp: [...] } }');
  }
  const rows = (lmps as { HourlyLmp?: unknown }).HourlyLmp;
  if (rows === undefined) return [];
  return Array.isArray(rows) ? rows : [rows];
}

function rowToPoint(row: unknown, i: number, locId: number): PricePoint[] {
  if (typeof row !== 'object' || row === null) throw new FeedError(FORMAT, `row ${i} is not an object`);
  const r = row as Record<string, unknown>;
  const loc = r.Location as Record<string, unknown> | undefined;
  // Rows without a location id are kept: the URL already selects one location.
  if (loc && loc['@LocId'] !== undefined && Number(loc['@LocId']) !== locId) return [];
  const start = toInstant(r.BeginDate, FORMAT, `row ${i} BeginDate`);
  return [hourlyPoint(start, toPrice(r.LmpTotal, FORMAT, `row ${i} LmpTotal`))];
}

/** ISO-NE day-ahead hourly LMP adapter; needs username and password credentials (basic auth). */
export const isoneAdapter: FeedAdapter = {
  format: FORMAT,
  defaultBaseUrl: 'https://webservices.iso-ne.com',
  marketTimeZone: 'America/New_York',
  buildRequest(baseUrl, zone, date, credentials) {
    const locId = locationFor(LOCATIONS, zone.slug, FORMAT);
    const user = requireCredential(credentials, 'username', FORMAT);
    const password = requireCredential(credentials, 'password', FORMAT);
    return {
      url: joinUrl(baseUrl, `/api/v1.1/hourlylmp/da/final/day/${compactDate(date)}/location/${locId}`),
      headers: {
        Accept: 'application/json',
        Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
      },
    };
  },
  parse(body, zone) {
    const locId = locationFor(LOCATIONS, zone.slug, FORMAT);
    const rows = rowsOf(parseJsonBody(body, FORMAT));
    return nonEmpty(
      rows.flatMap((row, i) => rowToPoint(row, i, locId)),
      FORMAT,
      `location ${locId}`,
    );
  },
};
