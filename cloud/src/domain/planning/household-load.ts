// Typical household profiles, used where the service has no measurement: the load a home battery
// can cover, and the hot water a tank delivers. Hour 0 is local midnight; each hour's value applies
// to both of its slots.
import { SLOTS } from '../planners/types.js';

const perSlot = (hourly: readonly number[]) => Array.from({ length: SLOTS }, (_, i) => hourly[Math.floor(i / 2)]!);

/**
 * Household consumption, kW: a night base of 0.6 kW, a morning rise, a daytime 0.9 kW and an
 * evening peak of 1.8 kW (26.3 kWh a day, close to the US residential mean of about 29 kWh).
 */
export const TYPICAL_HOUSEHOLD_LOAD_KW: readonly number[] = Object.freeze(
  perSlot([0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 1.2, 1.2, 1.2, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 1.8, 1.8, 1.8, 1.8, 1.8, 1.8, 1, 1]),
);

/** Share of a day's hot water drawn in each local hour: showers in the morning, dishes and baths in the evening. */
const HOT_WATER_HOURLY_SHARE = [
  0.01, 0.005, 0.005, 0.005, 0.01, 0.03, 0.08, 0.1, 0.08, 0.06, 0.05, 0.04, 0.04, 0.03, 0.03, 0.03, 0.04, 0.06, 0.08, 0.08, 0.06, 0.05, 0.03, 0.02,
];

/** A household's daily hot water per gallon of tank: 64 gallons a day (the US mean) for a 50-gallon tank. */
const DAILY_DRAW_PER_TANK_GALLON = 64 / 50;

/** Gallons drawn per slot from a tank of this size (the typical profile scaled by tank size). */
export function typicalDrawGallons(tankSizeGallons: number): number[] {
  const total = HOT_WATER_HOURLY_SHARE.reduce((s, x) => s + x, 0);
  const daily = Math.max(0, tankSizeGallons) * DAILY_DRAW_PER_TANK_GALLON;
  return perSlot(HOT_WATER_HOURLY_SHARE.map((share) => (daily * share) / total / 2));
}
