// The rankings side of the metrics tables: what ranking the fleet reads, and the stored standings.
import { QueryTypes, type Sequelize } from 'sequelize';
import type { RankedFigures } from '../domain/metrics/ranked-values.js';
import type { HomeRanking } from '../domain/metrics/rankings.js';
import type { StoredRateSettings } from '../domain/tariffs/rate-settings.js';
import type { LocalDate } from '../domain/time/slot-grid.js';

/** What ranking needs of an account with stored days. */
export interface RankingAccountRow {
  user_id: string;
  timezone: string | null;
  location_zip: string;
  rate_settings: StoredRateSettings;
  active_appliances: number;
}

/** One stored day of an account inside its ranking window, with the figures ranked. */
export interface WindowDayRow extends RankedFigures {
  user_id: string;
}

/** A stored ranking row of one account. */
export interface StoredRanking extends HomeRanking {
  anchorDate: LocalDate;
}

/** Ranking reads over the whole fleet and the stored rankings (metrics_rankings). */
export function createMetricsRankingsRepo(db: Sequelize) {
  const select = <T extends object>(sql: string, bind: unknown[]) => db.query<T>(sql, { bind, type: QueryTypes.SELECT });

  return {
    /** Every account with a stored day: time zone, ZIP, rate settings and active appliance count. */
    async accounts(): Promise<RankingAccountRow[]> {
      const rows = await select<
        RankingAccountRow & { pricing_location: number | null; pricing_source: StoredRateSettings['pricing_source']; dynamic_zone: string | null }
      >(
        `SELECT u.user_id, p.timezone, coalesce(p.location_zip, '') AS location_zip, p.pricing_location, r.pricing_source, r.dynamic_zone,
                (SELECT count(*)::int FROM appliances a WHERE a.user_id = u.user_id AND a.is_active) AS active_appliances
           FROM (SELECT DISTINCT user_id FROM metrics_daily) u
           LEFT JOIN profiles p ON p.user_id = u.user_id
           LEFT JOIN rate_settings r ON r.user_id = u.user_id
          ORDER BY u.user_id`,
        [],
      );
      return rows.map(({ pricing_location, pricing_source, dynamic_zone, ...row }) => ({
        ...row,
        rate_settings: {
          pricing_source,
          pricing_location,
          dynamic_zone,
          hourly_rates_cents_per_kwh: null,
          pricing_adder_cents_per_kwh: null,
          export_pricing: null,
          export_hourly_rates_cents_per_kwh: null,
        },
      }));
    },

    /** Each account's stored days of the `days` days ending on its anchor date, with the ranked figures. */
    async windowDays(anchors: readonly { userId: string; anchor: LocalDate }[], days: number): Promise<WindowDayRow[]> {
      return select<WindowDayRow>(
        `SELECT d.user_id, d.savings_pct AS "savingsPct", d.off_peak_kwh_share_pct AS "offPeakKwhSharePct", d.degree_hours AS "degreeHours"
           FROM unnest($1::uuid[], $2::date[]) AS a(user_id, anchor)
           JOIN metrics_daily d ON d.user_id = a.user_id AND d.local_date BETWEEN a.anchor - ($3::int - 1) AND a.anchor`,
        [anchors.map((a) => a.userId), anchors.map((a) => a.anchor), days],
      );
    },

    /** Replaces every stored ranking with these. */
    async replaceRankings(rows: readonly (HomeRanking & { userId: string; anchorDate: LocalDate })[], windowDays: number, computedAt: Date): Promise<void> {
      await db.transaction(async (transaction) => {
        await db.query(`DELETE FROM metrics_rankings`, { transaction });
        if (rows.length === 0) return;
        await db.query(
          `INSERT INTO metrics_rankings (user_id, metric, window_days, anchor_date, cohort_kind, rank, percentile, your_value, computed_at)
           SELECT u, m, $1, d, k, r, p, v, $2 FROM unnest($3::uuid[], $4::text[], $5::date[], $6::text[], $7::int4[], $8::float8[], $9::float8[]) AS t(u, m, d, k, r, p, v)`,
          {
            bind: [
              windowDays,
              computedAt,
              rows.map((r) => r.userId),
              rows.map((r) => r.metric),
              rows.map((r) => r.anchorDate),
              rows.map((r) => r.cohortKind),
              rows.map((r) => r.rank),
              rows.map((r) => r.percentile),
              rows.map((r) => r.value),
            ],
            transaction,
          },
        );
      });
    },

    /** The account's stored rankings (empty when it was not ranked). */
    async rankings(userId: string): Promise<StoredRanking[]> {
      return select<StoredRanking>(
        `SELECT metric, cohort_kind AS "cohortKind", rank, percentile, your_value AS value, anchor_date::text AS "anchorDate"
           FROM metrics_rankings WHERE user_id = $1`,
        [userId],
      );
    },
  };
}

export type MetricsRankingsRepo = ReturnType<typeof createMetricsRankingsRepo>;
