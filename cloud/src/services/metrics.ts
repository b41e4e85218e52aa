// The read-only customer metrics endpoints: every query is the caller's own rows, except
// rankings, which read the caller's materialized standing and nothing of other homes.
import type { MetricsDaily, MetricsDayView, MetricsSummary, RankingsResponse } from '../contract/index.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { dailyWindow, windowStart } from '../domain/metrics/metrics-window.js';
import { rankedValues } from '../domain/metrics/ranked-values.js';
import { RANKED_METRICS, RANKING_WINDOW_DAYS, rankingEntry } from '../domain/metrics/rankings.js';
import { dailyEntry, machineCounts, summarize } from '../domain/metrics/summary.js';
import { localDateOf } from '../domain/time/slot-grid.js';
import { badRequest } from '../errors.js';
import type { Store } from '../store/index.js';
import { createDayContext } from './metrics-day-context.js';
import { metricsDayView } from './metrics-day-view.js';
import type { ProfilesService } from './profiles.js';
import type { RatesService } from './rates.js';
import type { DayLedger } from '../domain/ledger/day-ledger.js';
import { ledgerOfDay } from './ledger.js';

/** The metrics reads of one account. */
export function createMetricsService(store: Store, deps: { profiles: ProfilesService; rates: RatesService; defaultAdderCentsPerKwh: number }) {
  /** The account's stored days of the trailing window ending on its latest day. */
  async function windowDays(userId: string, window: number) {
    const latest = await store.metrics.latestDate(userId);
    return { latest, days: latest ? await store.metrics.days(userId, windowStart(latest, window), latest) : [] };
  }

  return {
    /** GET /me/metrics/summary: the `window` days ending on the latest stored day. */
    async summary(userId: string, window: number): Promise<MetricsSummary> {
      const [{ latest, days }, appliances] = await Promise.all([windowDays(userId, window), store.appliances.listByUser(userId)]);
      return summarize(days, window, latest, machineCounts(appliances));
    },

    /** GET /me/metrics/daily: the stored days of [start, end]; end defaults to the local today. */
    async daily(userId: string, query: { start?: unknown; end?: unknown }, now: Date): Promise<MetricsDaily> {
      const today = localDateOf(now, effectiveTimeZone(await deps.profiles.ensure(userId)));
      const range = dailyWindow(query, today);
      if (!range.ok) throw badRequest(range.detail);
      const days = await store.metrics.days(userId, range.start, range.end);
      return { start: range.start, end: range.end, days: days.map(dailyEntry) };
    },

    /** GET /me/metrics/ledger/{date}. */
    ledger(userId: string, date: unknown): Promise<DayLedger> {
      return ledgerOfDay({ store, profiles: deps.profiles, rates: deps.rates }, userId, date);
    },

    /** GET /me/metrics/day/{date}. */
    day(userId: string, date: unknown, applianceId: unknown): Promise<MetricsDayView> {
      const context = createDayContext(store, { defaultAdderCentsPerKwh: deps.defaultAdderCentsPerKwh });
      return metricsDayView({ store, profiles: deps.profiles, rates: deps.rates, context }, userId, date, applianceId);
    },

    /**
     * GET /me/rankings: the materialized standing for the 30-day window; any other window (or an
     * account not ranked yet) answers the caller's own windowed values with null ranks.
     */
    async rankings(userId: string, window: number): Promise<RankingsResponse> {
      const stored = window === RANKING_WINDOW_DAYS ? await store.metricsRankings.rankings(userId) : [];
      if (stored.length > 0) {
        return {
          window,
          latest_date: stored[0]!.anchorDate,
          rankings: RANKED_METRICS.map((metric) =>
            rankingEntry(stored.find((r) => r.metric === metric) ?? { metric, cohortKind: null, rank: null, percentile: null, value: null }),
          ),
        };
      }
      const [{ latest, days }, appliances] = await Promise.all([windowDays(userId, window), store.appliances.listByUser(userId)]);
      const values = rankedValues(days, machineCounts(appliances).active);
      return {
        window,
        latest_date: latest,
        rankings: RANKED_METRICS.map((metric) => rankingEntry({ metric, cohortKind: null, rank: null, percentile: null, value: values[metric] })),
      };
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
