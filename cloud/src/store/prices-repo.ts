import { QueryTypes, type Sequelize } from 'sequelize';
import { withSessionLock } from './session-lock.js';
import type { PricePoint } from '../domain/tariffs/price-point.js';
import type { LocalDate } from '../domain/time/slot-grid.js';

/** The outcome of the last fetch of one market day of a zone. */
export interface PriceFetchRow {
  zone: string;
  local_date: LocalDate;
  fetched_at: Date;
  points: number;
  error: string | null;
}

// Any constant works; it only has to differ from other advisory locks taken on this database.
const REFRESH_LOCK_KEY = 7_201_001;

/** Day-ahead price points per zone (dynamic_prices) and the fetch log (price_fetches). */
export function createPricesRepo(db: Sequelize) {
  return {
    /**
     * Inserts or updates the zone's points (one per start instant); returns how many rows were new
     * or got a different price or end. An unchanged point is not rewritten, so `fetched_at` tells
     * when a value was last stored.
     */
    async upsertPoints(zone: string, points: readonly PricePoint[]): Promise<number> {
      if (points.length === 0) return 0;
      const [rows] = await db.query(
        `INSERT INTO dynamic_prices (zone, start_utc, end_utc, price_per_mwh, fetched_at)
         SELECT $1, s, e, p, now() FROM unnest($2::timestamptz[], $3::timestamptz[], $4::float8[]) AS t(s, e, p)
         ON CONFLICT (zone, start_utc) DO UPDATE
            SET end_utc = EXCLUDED.end_utc, price_per_mwh = EXCLUDED.price_per_mwh, fetched_at = EXCLUDED.fetched_at
          WHERE dynamic_prices.price_per_mwh IS DISTINCT FROM EXCLUDED.price_per_mwh
             OR dynamic_prices.end_utc IS DISTINCT FROM EXCLUDED.end_utc
         RETURNING start_utc`,
        {
          bind: [zone, points.map((p) => p.startUtc.toISOString()), points.map((p) => p.endUtc.toISOString()), points.map((p) => p.pricePerMwh)],
        },
      );
      return (rows as unknown[]).length;
    },

    /** The zone's points overlapping [from, to), oldest first. */
    async pointsBetween(zone: string, from: Date, to: Date): Promise<PricePoint[]> {
      const rows = await db.query<{ start_utc: Date; end_utc: Date; price_per_mwh: number }>(
        `SELECT start_utc, end_utc, price_per_mwh FROM dynamic_prices
          WHERE zone = $1 AND start_utc < $3 AND end_utc > $2 ORDER BY start_utc`,
        { bind: [zone, from.toISOString(), to.toISOString()], type: QueryTypes.SELECT },
      );
      return rows.map((r) => ({ startUtc: r.start_utc, endUtc: r.end_utc, pricePerMwh: r.price_per_mwh }));
    },

    /** Records the outcome of fetching one market day (points stored, or the error text). */
    async recordFetch(zone: string, date: LocalDate, outcome: { points: number; error: string | null }): Promise<void> {
      await db.query(
        `INSERT INTO price_fetches (zone, local_date, fetched_at, points, error) VALUES ($1, $2, now(), $3, $4)
         ON CONFLICT (zone, local_date) DO UPDATE
            SET fetched_at = EXCLUDED.fetched_at, points = EXCLUDED.points, error = EXCLUDED.error`,
        { bind: [zone, date, outcome.points, outcome.error] },
      );
    },

    /** The last fetch of a zone's market day, or null when it was never fetched. */
    async lastFetch(zone: string, date: LocalDate): Promise<PriceFetchRow | null> {
      const [row] = await db.query<PriceFetchRow>(
        `SELECT zone, local_date::text AS local_date, fetched_at, points, error FROM price_fetches
          WHERE zone = $1 AND local_date = $2`,
        { bind: [zone, date], type: QueryTypes.SELECT },
      );
      return row ?? null;
    },

    /**
     * Runs `fn` unless another instance is refreshing prices right now (then returns null without
     * running it). The lock is held on a connection of its own, not a pooled one (store/session-lock.ts).
     */
    withRefreshLock<T>(fn: () => Promise<T>): Promise<T | null> {
      return withSessionLock(db, REFRESH_LOCK_KEY, fn);
    },
  };
}

export type PricesRepo = ReturnType<typeof createPricesRepo>;
