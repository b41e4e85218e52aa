// ENTSO-E Transparency Platform, documentType A44 (day-ahead prices): XML
// Publication_MarketDocument > TimeSeries > Period { timeInterval{start,end}, resolution,
// Point{position, price.amount} }. Curve type A03 omits positions whose price repeats, so
// missing positions are forward-filled. Errors come back as an Acknowledgement_MarketDocument.
import { dayBoundsUtc } from '../../time/slot-grid.js';
import type { PricePoint } from '../price-point.js';
import { bodyText, FeedError, joinUrl, locationFor, nonEmpty, requireCredential, toInstant, toPrice } from './feed-util.js';
import { compactUtcMinute } from './market-time.js';
import type { FeedAdapter } from './types.js';

const FORMAT = 'entsoe-a44-xml';
const MARKET_TZ = 'Europe/Berlin';
const DOMAINS: Record<string, string> = { 'entsoe-de-lu': '10Y1001A1001A82H' };

/** Text of the first <tag> inside a fragment, or undefined. */
function tagText(xml: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag.replace('.', '\\.')}>([^<]*)</${tag.replace('.', '\\.')}>`).exec(xml);
  return m?.[1]?.trim();
}

/** Every <tag>...</tag> fragment, in order. */
function blocks(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
}

/** Resolution in milliseconds from an ISO-8601 duration such as PT15M, PT60M or PT1H. */
function resolutionMs(text: string | undefined): number {
  const m = /^PT(\d+)([MH])$/.exec(text ?? '');
  if (!m) throw new FeedError(FORMAT, `unsupported resolution ${String(text)}`);
  return Number(m[1]) * (m[2] === 'H' ? 3_600_000 : 60_000);
}

function periodPoints(period: string): PricePoint[] {
  const interval = blocks(period, 'timeInterval')[0] ?? '';
  const start = toInstant(tagText(interval, 'start'), FORMAT, 'Period start');
  const end = toInstant(tagText(interval, 'end'), FORMAT, 'Period end');
  const step = resolutionMs(tagText(period, 'resolution'));
  const count = Math.round((end.getTime() - start.getTime()) / step);
  if (!(count > 0)) throw new FeedError(FORMAT, 'Period has no intervals');
  const byPosition = new Map<number, number>();
  for (const point of blocks(period, 'Point')) {
    const position = Number(tagText(point, 'position'));
    if (!Number.isInteger(position) || position < 1 || position > count) {
      throw new FeedError(FORMAT, `Point position out of range: ${tagText(point, 'position')}`);
    }
    byPosition.set(position, toPrice(tagText(point, 'price.amount'), FORMAT, `position ${position} price`));
  }
  if (!byPosition.has(1)) throw new FeedError(FORMAT, 'Period lacks position 1');
  const points: PricePoint[] = [];
  let price = 0;
  for (let pos = 1; pos <= count; pos++) {
    price = byPosition.get(pos) ?? price;
    const s = start.getTime() + (pos - 1) * step;
    points.push({ startUtc: new Date(s), endUtc: new Date(s + step), pricePerMwh: price });
  }
  return points;
}

/** ENTSO-E day-ahead price adapter; needs a securityToken credential (sent in the query). */
export const entsoeAdapter: FeedAdapter = {
  format: FORMAT,
  defaultBaseUrl: 'https://web-api.tp.entsoe.eu',
  marketTimeZone: MARKET_TZ,
  buildRequest(baseUrl, zone, date, credentials) {
    const domain = locationFor(DOMAINS, zone.slug, FORMAT);
    const token = requireCredential(credentials, 'securityToken', FORMAT);
    // The delivery day in UTC: 22:00-22:00 in summer, 23:00-23:00 in winter.
    const { start, end } = dayBoundsUtc(date, MARKET_TZ);
    const query =
      `securityToken=${encodeURIComponent(token)}&documentType=A44&in_Domain=${domain}` +
      `&out_Domain=${domain}&periodStart=${compactUtcMinute(start)}&periodEnd=${compactUtcMinute(end)}`;
    return { url: joinUrl(baseUrl, `/api?${query}`) };
  },
  parse(body, zone) {
    const domain = locationFor(DOMAINS, zone.slug, FORMAT);
    const xml = bodyText(body);
    if (xml.includes('Acknowledgement_MarketDocument')) {
      throw new FeedError(FORMAT, `ENTSO-E refused: ${tagText(xml, 'text') ?? 'no reason given'}`);
    }
    if (!xml.includes('Publication_MarketDocument')) {
      throw new FeedError(FORMAT, 'not a Publication_MarketDocument');
    }
    // Several TimeSeries may cover the same hours (e.g. classification sequences); the first
    // price seen for a start instant is kept so the result has no duplicates.
    const byStart = new Map<number, PricePoint>();
    for (const series of blocks(xml, 'TimeSeries')) {
      for (const period of blocks(series, 'Period')) {
        for (const p of periodPoints(period)) {
          if (!byStart.has(p.startUtc.getTime())) byStart.set(p.startUtc.getTime(), p);
        }
      }
    }
    return nonEmpty([...byStart.values()], FORMAT, domain);
  },
};
