// The slot grid and tariff of each (zone, local day) a metrics run meets, computed once per run:
// a fleet shares a handful of zones and plans, so thousands of account-days reuse each value.
import { pricePeriods, type PricePeriods } from '../domain/metrics/price-slots.js';
import { buildRateCurve } from '../domain/tariffs/rate-curve.js';
import type { StoredRateSettings } from '../domain/tariffs/rate-settings.js';
import { dayBoundsUtc, slotDurationsHours, slotStartsUtc, type LocalDate } from '../domain/time/slot-grid.js';
import type { Store } from '../store/index.js';
import { dynamicPointsLoader } from './dynamic-points.js';

/** A local day of a zone on the slot grid. */
export interface DayGrid {
  dayStart: Date;
  dayEnd: Date;
  slotHours: number[];
  /** The 48 slot starts as a PostgreSQL timestamptz[] literal, for bucketing readings in SQL. */
  slotStartsLiteral: string;
}

/** A day's tariff and its peak and off-peak slots. */
export interface DayTariff {
  prices: number[];
  periods: PricePeriods;
}

/** Memoised grids and rate curves for one run. */
export function createDayContext(store: Store, opts: { defaultAdderCentsPerKwh: number }) {
  const grids = new Map<string, DayGrid>();
  const curves = new Map<string, Promise<DayTariff>>();
  // The same settings object serves all the days of an account: its key is built once.
  const settingsKeys = new WeakMap<StoredRateSettings, string>();
  const keyOf = (settings: StoredRateSettings) => settingsKeys.get(settings) ?? settingsKeys.set(settings, JSON.stringify(settings)).get(settings)!;

  const dynamicPoints = dynamicPointsLoader(store.prices);

  return {
    /** The day's place in real time. */
    grid(timeZone: string, date: LocalDate): DayGrid {
      const key = `${timeZone}|${date}`;
      let grid = grids.get(key);
      if (!grid) {
        const { start, end } = dayBoundsUtc(date, timeZone);
        const starts = slotStartsUtc(date, timeZone);
        grid = {
          dayStart: start,
          dayEnd: end,
          slotHours: slotDurationsHours(date, timeZone),
          slotStartsLiteral: `{${starts.map((d) => d.toISOString()).join(',')}}`,
        };
        grids.set(key, grid);
      }
      return grid;
    },

    /** The account's tariff of the day, cents/kWh (what GET /rates would answer on that day). */
    tariff(settings: StoredRateSettings, date: LocalDate, timeZone: string): Promise<DayTariff> {
      const key = `${keyOf(settings)}|${date}|${timeZone}`;
      let tariff = curves.get(key);
      if (!tariff) {
        tariff = dynamicPoints(settings, date, timeZone).then((points) => {
          const prices = buildRateCurve({
            settings,
            date,
            timeZone,
            defaultAdderCentsPerKwh: opts.defaultAdderCentsPerKwh,
            dynamicPoints: points,
          }).rates_cents_per_kwh;
          return { prices, periods: pricePeriods(prices) };
        });
        curves.set(key, tariff);
      }
      return tariff;
    },
  };
}

export type DayContext = ReturnType<typeof createDayContext>;
