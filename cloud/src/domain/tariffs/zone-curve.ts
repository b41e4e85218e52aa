// The 48-slot curve of a preset time-of-use plan for one local date.
import { weekdayOf, type LocalDate } from '../time/slot-grid.js';
import type { TouPlan } from './catalog.js';
import { expandHourly } from './custom-curve.js';

/** The two season labels the API exposes. */
export const API_SEASONS = ['summer', 'winter'] as const;
export type ApiSeason = (typeof API_SEASONS)[number];

/** Day types the plan tables are keyed by (holidays are not modelled: they follow the weekday). */
export type DayType = 'weekday' | 'weekend';

/** The plan's own season key (indexes the day-type tables) and its API label. */
export interface PlanSeason {
  key: string;
  season: ApiSeason;
}

/** A plan's curve for one date. */
export interface ZoneCurve {
  season: ApiSeason;
  rates: number[];
}

// Northern-hemisphere warm half; used only to label seasons whose name says neither
// summer nor winter (e.g. a split "summer peak"/"shoulder" scheme).
const WARM_MONTHS = new Set([5, 6, 7, 8, 9, 10]);

/**
 * Maps a plan's season name to the API label. Every plan in the current catalog uses exactly
 * `summer`/`winter`; names containing either word map to it, and any other name is labelled
 * by its months (mostly May-October → summer) so a future "summer-peak"/"shoulder" split still
 * reads sensibly while the curve itself comes from the plan's own key.
 */
export function apiSeasonOf(name: string, months: readonly number[]): ApiSeason {
  const lower = name.toLowerCase();
  if (lower.includes('summer')) return 'summer';
  if (lower.includes('winter')) return 'winter';
  const warm = months.filter((m) => WARM_MONTHS.has(m)).length;
  return warm * 2 > months.length ? 'summer' : 'winter';
}

/** The plan season covering a month (1-12); falls back to the plan's first season. */
export function seasonOf(plan: TouPlan, month: number): PlanSeason {
  // The catalog test proves every plan covers all 12 months; the fallback only keeps a
  // malformed future entry from failing a GET.
  const found = plan.seasons.find((s) => s.months.includes(month)) ?? plan.seasons[0];
  if (!found) throw new Error(`plan ${plan.id} defines no seasons`);
  return { key: found.name, season: apiSeasonOf(found.name, found.months) };
}

/** Saturday and Sunday are `weekend`, every other day `weekday` (0 = Sunday). */
export function dayTypeOf(weekday: number): DayType {
  return weekday === 0 || weekday === 6 ? 'weekend' : 'weekday';
}

/** The plan's 48 half-hour rates (cents/kWh) and season label for a local date. */
export function zoneCurve(plan: TouPlan, date: LocalDate): ZoneCurve {
  const month = Number(date.slice(5, 7));
  const { key, season } = seasonOf(plan, month);
  const hourly = plan[dayTypeOf(weekdayOf(date))][key];
  if (!hourly) throw new Error(`plan ${plan.id} has no ${key} rates`);
  return { season, rates: expandHourly(hourly) };
}
