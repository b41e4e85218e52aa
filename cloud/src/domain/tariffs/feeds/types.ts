// The contract every dynamic price feed adapter implements.
import type { LocalDate } from '../../time/slot-grid.js';
import type { DynamicZone } from '../catalog.js';
import type { PricePoint } from '../price-point.js';

/** An HTTP GET the caller should perform to fetch one market day. */
export interface FeedRequest {
  url: string;
  headers?: Record<string, string>;
}

/**
 * A feed format: how to ask for one market day and how to read the answer. `date` is the
 * market's own delivery day (its local calendar day); callers that need a user's local day in
 * another time zone fetch the neighbouring market days too and merge the points.
 */
export interface FeedAdapter {
  /** Short name of the wire format, for logs. */
  format: string;
  /** Scheme and host of the real endpoint; tests pass a loopback base instead. */
  defaultBaseUrl: string;
  /**
   * IANA zone whose calendar day is the market's delivery day (`date` below), so callers can work
   * out which market days cover a user's local day in another zone.
   */
  marketTimeZone: string;
  /** The request for one market day; throws when required credentials are missing. */
  buildRequest(baseUrl: string, zone: DynamicZone, date: LocalDate, credentials?: Record<string, string>): FeedRequest;
  /** Every price point for the zone found in the body; throws a descriptive Error on garbage. */
  parse(body: Buffer, zone: DynamicZone, date: LocalDate): PricePoint[];
}
