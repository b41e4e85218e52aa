// Errors and small checked conversions shared by the feed adapters: a malformed body must throw a
// clear error (the caller logs it and keeps the previous data) rather than yield wrong prices.
import type { PricePoint } from '../price-point.js';

/** A feed body or request that could not be used; the message names the format. */
export class FeedError extends Error {
  constructor(format: string, message: string) {
    super(`${format}: ${message}`);
    this.name = 'FeedError';
  }
}

/** The body as UTF-8 text without a byte-order mark. */
export function bodyText(body: Buffer): string {
  return body.toString('utf8').replace(/^\uFEFF/, '');
}

/** The body parsed as JSON; throws FeedError on invalid JSON. */
export function parseJsonBody(body: Buffer, format: string): unknown {
  try {
    return JSON.parse(bodyText(body));
  } catch {
    throw new FeedError(format, 'body is not valid JSON');
  }
}

/** A finite number from a number or a numeric string; throws FeedError otherwise. */
export function toPrice(value: unknown, format: string, what: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw new FeedError(format, `${what} is not a number: ${JSON.stringify(value)}`);
  }
  return n;
}

/** A Date from an ISO-8601 string; throws FeedError when unparseable. */
export function toInstant(value: unknown, format: string, what: string): Date {
  const d = typeof value === 'string' ? new Date(value) : new Date(NaN);
  if (Number.isNaN(d.getTime())) {
    throw new FeedError(format, `${what} is not a timestamp: ${JSON.stringify(value)}`);
  }
  return d;
}

/** The points sorted by start; throws FeedError when there are none for the zone. */
export function nonEmpty(points: PricePoint[], format: string, what: string): PricePoint[] {
  if (points.length === 0) throw new FeedError(format, `no prices for ${what} in the body`);
  return points.sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime());
}

/** Throws FeedError when the adapter has no location mapping for the zone. */
export function locationFor<T>(table: Record<string, T>, slug: string, format: string): T {
  const found = table[slug];
  if (found === undefined) throw new FeedError(format, `no location configured for zone ${slug}`);
  return found;
}

/** Returns the credential or throws FeedError naming it. */
export function requireCredential(credentials: Record<string, string> | undefined, key: string, format: string): string {
  const value = credentials?.[key];
  if (!value) throw new FeedError(format, `credential "${key}" is required`);
  return value;
}

/** base + path, tolerating a trailing slash on the base (tests pass loopback bases). */
export function joinUrl(baseUrl: string, pathAndQuery: string): string {
  return baseUrl.replace(/\/+$/, '') + pathAndQuery;
}
