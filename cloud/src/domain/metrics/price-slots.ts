// Which slots of a local day count as peak and off-peak, from the day's 48-slot price curve.

/** The priciest quarter of the day: 12 of the 48 slots. */
export const PEAK_SLOTS = 12;
/** The three priciest hours: 6 slots, always among the PEAK_SLOTS (same order, same ties). */
export const TOP_PEAK_SLOTS = 6;
/** Prices closer than this are equal, cents/kWh (curves are stored to a few decimals). */
const PRICE_EPSILON = 1e-9;

/** A day's price periods, computed once per curve. */
export interface PricePeriods {
  /** Every slot costs the same: the day has no peak and no off-peak. */
  isFlat: boolean;
  /** The PEAK_SLOTS priciest slots, and the TOP_PEAK_SLOTS priciest (a prefix of them). */
  peak: number[];
  topPeak: number[];
  /** Slots priced strictly below the day's mean slot price. */
  offPeak: number[];
}

/** The `count` priciest slots, priciest first; equal prices are taken earliest slot first. */
export function priciestSlots(prices: readonly number[], count: number): number[] {
  return prices
    .map((price, slot) => ({ price, slot }))
    .sort((a, b) => b.price - a.price || a.slot - b.slot)
    .slice(0, count)
    .map((s) => s.slot);
}

/** Peak and off-peak slots of a day's curve. */
export function pricePeriods(prices: readonly number[]): PricePeriods {
  const isFlat = Math.max(...prices) - Math.min(...prices) < PRICE_EPSILON;
  const mean = prices.reduce((sum, p) => sum + p, 0) / prices.length;
  const peak = priciestSlots(prices, PEAK_SLOTS);
  return {
    isFlat,
    peak,
    topPeak: peak.slice(0, TOP_PEAK_SLOTS),
    offPeak: prices.flatMap((price, slot) => (price < mean - PRICE_EPSILON ? [slot] : [])),
  };
}
