import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { allDynamicZones, findDynamicZone, type DynamicZone } from '../domain/tariffs/catalog.js';
import { dynamicCurve } from '../domain/tariffs/dynamic-curve.js';
import { adapterFor, type FeedAdapter } from '../domain/tariffs/feeds/index.js';
import type { PricePoint } from '../domain/tariffs/price-point.js';
import { addDays, dayBoundsUtc, localDateOf, type LocalDate } from '../domain/time/slot-grid.js';
import { log } from '../log.js';
import type { DynamicAccount, Store } from '../store/index.js';
import { fetchFeedBody } from './feed-http.js';
import type { PlanningEvents } from './planning-events.js';

/** What happened to one market day of one zone during a refresh. */
export interface PriceDayOutcome {
  zone: string;
  /** The market's delivery day (its own calendar). */
  date: LocalDate;
  status: 'fetched' | 'skipped' | 'failed';
  /** Points the feed returned (0 when skipped or failed). */
  points: number;
  /** Whether stored prices were new or changed. */
  changed: boolean;
  error?: string;
}

/** The result of one refresh run; `busy` when another instance held the refresh lock. */
export interface PriceRefreshReport {
  busy: boolean;
  days: PriceDayOutcome[];
}

/** What one refresh covers. */
export interface PriceRefreshOptions {
  now: Date;
  /** Only these zone slugs (case-insensitive); default every zone some account uses. */
  zones?: string[];
  /** Fetch again even when a day is already stored in full. */
  force?: boolean;
  /** Aborts the run (shutdown): pending requests are cancelled and the run rejects. */
  signal?: AbortSignal;
}

/** The configuration the feeds read (see README, Configuration). */
export type PriceFeedsConfig = Pick<Config, 'priceFeedBaseUrls' | 'priceFeedCredentials' | 'priceFeedTimeoutMs' | 'priceFeedRetries' | 'priceFeedRetryDelayMs'>;

/**
 * The market days (in the market's own calendar) that together cover the given local days; an
 * account far from its market needs the neighbouring market day too.
 */
export function marketDaysCovering(days: { date: LocalDate; timeZone: string }[], marketTimeZone: string): LocalDate[] {
  const out = new Set<LocalDate>();
  for (const { date, timeZone } of days) {
    const { start, end } = dayBoundsUtc(date, timeZone);
    const last = localDateOf(new Date(end.getTime() - 1), marketTimeZone);
    for (let d = localDateOf(start, marketTimeZone); d <= last; d = addDays(d, 1)) out.add(d);
  }
  return [...out].sort();
}

/** True when the points price every half-hour of the market day. */
function coversMarketDay(points: readonly PricePoint[], date: LocalDate, adapter: FeedAdapter): boolean {
  return dynamicCurve(points, date, adapter.marketTimeZone, 0) !== null;
}

/** One point per start instant (the last one wins), so a single upsert never hits a row twice. */
function uniqueByStart(points: readonly PricePoint[]): PricePoint[] {
  return [...new Map(points.map((p) => [p.startUtc.getTime(), p])).values()];
}

/**
 * The daily dynamic price refresh: fetches the market days the dynamic accounts need for their
 * local today and tomorrow, stores them, and publishes a `prices` planning event to the accounts
 * of every zone whose stored prices changed. One failing zone or day never stops the others and
 * never removes stored prices.
 */
export function createPriceFeedsService(store: Store, deps: { planningEvents: PlanningEvents; config: PriceFeedsConfig; logger?: Logger }) {
  const { planningEvents, config } = deps;
  const logger = deps.logger ?? log('price-feeds');

  function baseUrlFor(zone: DynamicZone, adapter: FeedAdapter): string {
    return config.priceFeedBaseUrls[zone.slug] ?? config.priceFeedBaseUrls['*'] ?? adapter.defaultBaseUrl;
  }

  async function isStoredInFull(zone: DynamicZone, adapter: FeedAdapter, date: LocalDate): Promise<boolean> {
    const last = await store.prices.lastFetch(zone.slug, date);
    if (!last || last.error !== null) return false;
    const { start, end } = dayBoundsUtc(date, adapter.marketTimeZone);
    return coversMarketDay(await store.prices.pointsBetween(zone.slug, start, end), date, adapter);
  }

  async function refreshDay(zone: DynamicZone, adapter: FeedAdapter, date: LocalDate, opts: PriceRefreshOptions): Promise<PriceDayOutcome> {
    if (!opts.force && (await isStoredInFull(zone, adapter, date))) {
      logger.debug({ zone: zone.slug, date }, `prices up to date zone=${zone.slug} date=${date}`);
      return { zone: zone.slug, date, status: 'skipped', points: 0, changed: false };
    }
    let points: PricePoint[];
    try {
      const request = adapter.buildRequest(baseUrlFor(zone, adapter), zone, date, config.priceFeedCredentials[zone.slug]);
      const body = await fetchFeedBody(request, {
        timeoutMs: config.priceFeedTimeoutMs,
        retries: config.priceFeedRetries,
        retryDelayMs: config.priceFeedRetryDelayMs,
        signal: opts.signal,
      });
      points = uniqueByStart(adapter.parse(body, zone, date));
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      const error = err instanceof Error ? err.message : String(err);
      await store.prices.recordFetch(zone.slug, date, { points: 0, error });
      logger.warn({ zone: zone.slug, date, format: adapter.format, error }, `prices refresh failed zone=${zone.slug} date=${date} error=${error}`);
      return { zone: zone.slug, date, status: 'failed', points: 0, changed: false, error };
    }
    const changed = (await store.prices.upsertPoints(zone.slug, points)) > 0;
    await store.prices.recordFetch(zone.slug, date, { points: points.length, error: null });
    logger.info(
      { zone: zone.slug, date, points: points.length, changed },
      `prices refreshed zone=${zone.slug} date=${date} points=${points.length} changed=${changed}`,
    );
    return { zone: zone.slug, date, status: 'fetched', points: points.length, changed };
  }

  /** Refreshes one zone for its accounts; publishes to them when anything stored changed. */
  async function refreshZone(zone: DynamicZone, accounts: DynamicAccount[], opts: PriceRefreshOptions): Promise<PriceDayOutcome[]> {
    const adapter = adapterFor(zone.slug);
    if (!adapter) return [];
    const localDays = accounts.flatMap((a) => {
      const timeZone = effectiveTimeZone(a);
      const today = localDateOf(opts.now, timeZone);
      return [
        { date: today, timeZone },
        { date: addDays(today, 1), timeZone },
      ];
    });
    const outcomes: PriceDayOutcome[] = [];
    for (const date of marketDaysCovering(localDays, adapter.marketTimeZone)) {
      outcomes.push(await refreshDay(zone, adapter, date, opts));
    }
    if (outcomes.some((o) => o.changed)) {
      for (const a of accounts) planningEvents.changed(a.userId, 'prices');
    }
    return outcomes;
  }

  /** Every zone in use with its accounts, in catalog order, restricted to `zones` when given. */
  async function accountsByZone(zones: string[] | undefined): Promise<[DynamicZone, DynamicAccount[]][]> {
    const wanted = zones && new Set(zones.map((z) => z.toLowerCase()));
    const bySlug = new Map<string, DynamicAccount[]>();
    for (const account of await store.rateSettings.listDynamicAccounts()) {
      const slug = findDynamicZone(account.zone)?.slug;
      if (slug && (!wanted || wanted.has(slug))) bySlug.set(slug, [...(bySlug.get(slug) ?? []), account]);
    }
    return allDynamicZones().flatMap((zone) => {
      const accounts = bySlug.get(zone.slug);
      return accounts ? [[zone, accounts] as [DynamicZone, DynamicAccount[]]] : [];
    });
  }

  return {
    /** Runs one refresh; never throws for a failing feed (see the day outcomes and the log). */
    async refresh(opts: PriceRefreshOptions): Promise<PriceRefreshReport> {
      const days = await store.prices.withRefreshLock(async () => {
        const outcomes: PriceDayOutcome[] = [];
        for (const [zone, accounts] of await accountsByZone(opts.zones)) {
          opts.signal?.throwIfAborted();
          outcomes.push(...(await refreshZone(zone, accounts, opts)));
        }
        return outcomes;
      });
      if (days === null) logger.info('prices refresh skipped: another instance is refreshing');
      return { busy: days === null, days: days ?? [] };
    },
  };
}

export type PriceFeedsService = ReturnType<typeof createPriceFeedsService>;
