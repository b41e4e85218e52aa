// The tariffs the recorded homes with solar are measured under: each gives a day's 48 import and
// export prices (cents/kWh) for the index of the recorded day.
import { allDynamicZones } from '../../domain/tariffs/catalog.js';
import { SLOTS_PER_DAY } from '../../domain/time/slot-grid.js';

export interface SolarTariff {
  name: string;
  /**
   * The first slot of a day planned with tomorrow's prices: 0 for a tariff (known at midnight);
   * for a day-ahead market, the slot the service's re-plan on their publication starts from.
   */
  tomorrowFromSlot: number;
  pricesOf(dayIndex: number): { importCents: number[]; exportCents: number[] };
}

const flat = (cents: number) => Array<number>(SLOTS_PER_DAY).fill(cents);
const PEAK_SLOTS = [32, 42]; // 16:00-21:00
const timeOfUse = (base: number, peak: number) => Array.from({ length: SLOTS_PER_DAY }, (_, s) => (s >= PEAK_SLOTS[0]! && s < PEAK_SLOTS[1]! ? peak : base));
/** What a day-ahead market adds on top of the spot price for a household (taxes, levies, network), cents/kWh. */
const DYNAMIC_ADDER_CENTS = 20;
/**
 * The German day-ahead auction's prices are out about 12:45 CET; the service's hourly price
 * refresh at 13:05 stores them and re-plans: from the 13:30 slot, the first it starts.
 */
const PUBLISHED_FROM_SLOT = 27;
/** The catalogue's recorded day-ahead days, hourly, cents/kWh. */
const DAY_AHEAD_DAYS = allDynamicZones().map((z) => z.sample_day.prices_per_mwh.map((mwh) => mwh / 10));

export const SOLAR_TARIFFS: SolarTariff[] = [
  {
    name: 'feed-in tariff: 30 c flat, exports paid 12.3 c',
    tomorrowFromSlot: 0,
    pricesOf: () => ({ importCents: flat(30), exportCents: flat(12.3) }),
  },
  {
    name: 'net billing: 40 c, 52 c peak 16:00-21:00, exports credited a quarter of the import price',
    tomorrowFromSlot: 0,
    pricesOf: () => ({ importCents: timeOfUse(40, 52), exportCents: timeOfUse(10, 13) }),
  },
  {
    name: `dynamic: the catalogue's ${DAY_AHEAD_DAYS.length} recorded day-ahead days in turn, import + ${DYNAMIC_ADDER_CENTS} c, exports paid the day-ahead price`,
    tomorrowFromSlot: PUBLISHED_FROM_SLOT,
    pricesOf: (dayIndex) => {
      const spot = DAY_AHEAD_DAYS[dayIndex % DAY_AHEAD_DAYS.length]!;
      const slot = (s: number) => spot[Math.min(spot.length - 1, Math.floor(s / 2))]!;
      return {
        importCents: Array.from({ length: SLOTS_PER_DAY }, (_, s) => slot(s) + DYNAMIC_ADDER_CENTS),
        exportCents: Array.from({ length: SLOTS_PER_DAY }, (_, s) => slot(s)),
      };
    },
  },
];
