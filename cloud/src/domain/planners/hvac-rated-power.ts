// Electric power of an HVAC at full duty when no power readings have taught us better.
import type { HvacType } from '../appliance-types/hvac.js';

export type { HvacType } from '../appliance-types/hvac.js';

/** Home size assumed when the config has none (a typical US single-family home). */
export const DEFAULT_HOME_SIZE_SQFT = 1800;

/** Rule of thumb: one ton (3.5 kW of cooling) per 600 sq ft. */
const SQFT_PER_TON = 600;
/** Electric kW per ton of cooling: EER 12 for ducted units, about 15 for inverter mini-splits. */
const KW_PER_TON: Record<HvacType, number> = { central_ac: 1, heat_pump: 1, furnace: 1, window_ac: 1.1, mini_split: 0.8 };
/** A window unit cools a room or two whatever the home's size. */
const WINDOW_AC_MAX_KW = 1.5;
/** Gas furnaces (and the furnace behind a central AC) draw only their blower. */
const BLOWER_KW = 0.5;
/** A window unit heats, if at all, with a resistive strip of this size. */
const STRIP_HEAT_KW = 1.5;
/** Heat pumps draw about 10 % more heating in cold weather than cooling. */
const HEAT_PUMP_HEAT_FACTOR = 1.1;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Estimated electric kW at full duty per direction from hvac_type and home_size_sqft (hvac.md):
 * cooling 1 ton per 600 sq ft (0.5-6 kW) at the type's kW per ton; heating by the heat pump or
 * mini-split itself (1.1 × cooling), by a gas furnace's blower (0.5 kW) for central_ac and
 * furnace, by a 1.5 kW strip for window units. Unknown type: central_ac.
 */
export function estimateRatedPowerKw(hvacType: HvacType | null | undefined, homeSizeSqft: number | null | undefined): { cool: number; heat: number } {
  const type: HvacType = hvacType ?? 'central_ac';
  const sqft = homeSizeSqft && homeSizeSqft > 0 ? homeSizeSqft : DEFAULT_HOME_SIZE_SQFT;
  let cool = clamp((sqft / SQFT_PER_TON) * KW_PER_TON[type], 0.5, 6);
  if (type === 'window_ac') cool = Math.min(cool, WINDOW_AC_MAX_KW);
  const round = (kw: number) => Math.round(kw * 100) / 100;
  if (type === 'heat_pump' || type === 'mini_split') return { cool: round(cool), heat: round(cool * HEAT_PUMP_HEAT_FACTOR) };
  return { cool: round(cool), heat: type === 'window_ac' ? STRIP_HEAT_KW : BLOWER_KW };
}
