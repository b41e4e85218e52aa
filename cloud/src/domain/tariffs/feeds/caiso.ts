// CAISO OASIS PRC_LMP (day-ahead market) as resultformat=6: a ZIP holding one CSV. The price
// column is `MW` despite its name ($/MWh); rows of every LMP component come back, only
// LMP_TYPE=LMP is the total price. Errors come back as a ZIP holding an XML error file.
import { dayBoundsUtc } from '../../time/slot-grid.js';
import type { PricePoint } from '../price-point.js';
import { columnIndexes, parseCsv } from './csv.js';
import { bodyText, FeedError, joinUrl, locationFor, nonEmpty, toInstant, toPrice } from './feed-util.js';
import type { FeedAdapter } from './types.js';
import { unzip } from './unzip.js';

const FORMAT = 'caiso-oasis-zip-csv';
const MARKET_TZ = 'America/Los_Angeles';
const NODES: Record<string, string> = { 'caiso-np15': 'TH_NP15_GEN-APND' };

/** OASIS query time: 'YYYYMMDDTHH:MM-0000' in GMT. */
function oasisTime(instant: Date): string {
  const iso = instant.toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}T${iso.slice(11, 16)}-0000`;
}

/** The OASIS error description from an error XML, for the thrown message. */
function oasisErrorText(xml: string): string {
  const m = /<(?:\w+:)?ERR_DESC>([^<]*)</.exec(xml);
  return m?.[1]?.trim() || 'unrecognised XML response';
}

function parseCsvRows(text: string, node: string): PricePoint[] {
  const [header, ...rows] = parseCsv(text);
  const cols =
    header &&
    columnIndexes(header, {
      start: 'INTERVALSTARTTIME_GMT',
      end: 'INTERVALENDTIME_GMT',
      node: 'NODE',
      type: 'LMP_TYPE',
      price: 'MW',
    });
  if (!cols) throw new FeedError(FORMAT, 'CSV header lacks the PRC_LMP columns');
  const points: PricePoint[] = [];
  for (const [i, row] of rows.entries()) {
    if (row[cols.node] !== node || row[cols.type] !== 'LMP') continue;
    points.push({
      startUtc: toInstant(row[cols.start], FORMAT, `row ${i + 1} start`),
      endUtc: toInstant(row[cols.end], FORMAT, `row ${i + 1} end`),
      pricePerMwh: toPrice(row[cols.price], FORMAT, `row ${i + 1} MW`),
    });
  }
  return points;
}

/** CAISO OASIS day-ahead LMP adapter. */
export const caisoAdapter: FeedAdapter = {
  format: FORMAT,
  defaultBaseUrl: 'http://oasis.caiso.com',
  marketTimeZone: MARKET_TZ,
  buildRequest(baseUrl, zone, date) {
    const node = locationFor(NODES, zone.slug, FORMAT);
    // The Pacific delivery day in GMT: 07:00-07:00 in summer, 08:00-08:00 in winter.
    const { start, end } = dayBoundsUtc(date, MARKET_TZ);
    const query =
      `queryname=PRC_LMP&market_run_id=DAM&version=12&node=${node}` + `&startdatetime=${oasisTime(start)}&enddatetime=${oasisTime(end)}&resultformat=6`;
    return { url: joinUrl(baseUrl, `/oasisapi/SingleZip?${query}`) };
  },
  parse(body, zone) {
    const node = locationFor(NODES, zone.slug, FORMAT);
    let entries;
    try {
      entries = unzip(body);
    } catch (err) {
      throw new FeedError(FORMAT, (err as Error).message);
    }
    const csv = entries.find((e) => e.name.toLowerCase().endsWith('.csv'));
    if (!csv) {
      const xml = entries.find((e) => e.name.toLowerCase().endsWith('.xml'));
      if (xml) throw new FeedError(FORMAT, `OASIS error: ${oasisErrorText(bodyText(xml.data))}`);
      throw new FeedError(FORMAT, 'archive holds no CSV');
    }
    return nonEmpty(parseCsvRows(bodyText(csv.data), node), FORMAT, node);
  },
};
