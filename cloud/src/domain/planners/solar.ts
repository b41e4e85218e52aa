// The solar "plan": nothing to switch, only a forecast of generation per slot and of the surplus
// left after the account's flexible appliances take their share. Its surplus discounts the prices
// the other planners see (price-discount.ts). Tiers and models: docs/forecast-and-solar.md.
import type { SlotIrradiance } from '../forecast/outdoor-forecast.js';
import { forecastArray, SOLAR_TIERS, type ArrayForecast, type SolarArrayInput, type SolarTier } from '../solar/array-forecast.js';
import { slotMidpointSuns } from '../solar/sun-position.js';
import { correctRemainingSlots, measuredRatio } from '../solar/today-correction.js';
import { notPlanned } from './reason-codes.js';
import type { DayContext, PlanResult, Planner } from './types.js';
import type { SolarConstraintsUsed, SolarSchedule } from './schedule-bodies.js';

/**
 * Who gets solar surplus, in order: storage first (it can move the energy to expensive hours),
 * then the EV, the water heater (a heat store), HVAC, and whatever is left is exported.
 */
export const ALLOCATION_ORDER = ['home_battery', 'ev_charger', 'water_heater', 'hvac', 'export'] as const;
/** A consumer surplus is allocated to (every ALLOCATION_ORDER entry but `export`). */
export type SolarConsumer = Exclude<(typeof ALLOCATION_ORDER)[number], 'export'>;

/** What the service passes for the account's solar (every solar appliance is one array). */
export interface SolarInput {
  arrays: SolarArrayInput[];
  /** Where the arrays are: OutdoorForecast.location. */
  location: { lat: number; lon: number };
  /** OutdoorForecast.irradiance: null gives each array its recent yield's forecast, or the nameplate tier. */
  irradiance: SlotIrradiance | null;
  /**
   * Planned grid draw per consumer, kW per slot (summed over appliances of that type), from the
   * other planners. Omit it on the first pass, whose surplus feeds the price discount: surplus is
   * then the whole generation and self consumption 0.
   */
  plannedLoadsKw?: Partial<Record<SolarConsumer, number[]>>;
  /**
   * Today's measured production per array (by appliance id), mean kW per slot, null where none:
   * it corrects the array's slots from `fromSlot` on (solar/today-correction.ts).
   */
  measuredKw?: ReadonlyMap<string, readonly (number | null)[]>;
}

export type { SolarConstraintsUsed, SolarSchedule };

/** The solar plan plus each array's `constraints_used`, by appliance id. */
export interface SolarPlanResult extends PlanResult<SolarSchedule> {
  constraintsUsed: Record<string, SolarConstraintsUsed>;
}

const round = (x: number, digits: number) => Number(x.toFixed(digits));
const kw = (x: number) => round(x, 3);

function constraintsUsedOf(array: SolarArrayInput, f: ArrayForecast, exportRatesSet: boolean): SolarConstraintsUsed {
  // The irradiance fit, when it made the forecast (a learned forecast without irradiance is the recent yield's).
  const fit = f.tier === 'learned' && f.yieldKwPerWm2 !== null ? array.learned : null;
  return {
    nameplate_kw: array.nameplateKw,
    tilt_degrees: array.tiltDegrees,
    azimuth_degrees: array.azimuthDegrees,
    yield_kw_per_wm2: f.yieldKwPerWm2 === null ? null : Number(f.yieldKwPerWm2.toPrecision(6)),
    yield_source: f.tier,
    shading_applied: f.shadingApplied,
    model_fit: fit && {
      r_squared: round(fit.rSquared, 3),
      n_pairs: fit.nPairs,
      n_days: fit.nDays,
      holdout_rmse_kw: kw(fit.holdoutRmseKw),
      calculated_at: fit.calculatedAt.toISOString(),
    },
    irradiance_peak_wm2: f.peakPoaWm2 === null ? null : round(f.peakPoaWm2, 1),
    export_rates_set: exportRatesSet,
  };
}

/** The array's forecast with its remaining slots scaled by what it has produced so far today, when that applies. */
function correctedByToday(day: DayContext, array: SolarArrayInput, f: ArrayForecast, measuredKw: readonly (number | null)[] | undefined): ArrayForecast {
  const ratio = measuredKw ? measuredRatio(f.generationKw, measuredKw, day.slotHours, day.fromSlot) : null;
  return ratio === null ? f : { ...f, generationKw: correctRemainingSlots(f.generationKw, ratio, day.fromSlot, array.nameplateKw) };
}

/** Forecasts the account's solar day and splits it into self consumption and surplus (pure, deterministic). */
export function planSolar(day: DayContext, input: SolarInput): SolarPlanResult {
  const n = day.slotStarts.length;
  const suns = slotMidpointSuns(day.slotStarts, day.slotHours, input.location);
  const forecasts = input.arrays.map((array) =>
    correctedByToday(day, array, forecastArray(array, suns, input.irradiance), input.measuredKw?.get(array.applianceId)),
  );
  const generation = Array.from({ length: n }, (_, i) => forecasts.reduce((s, f) => s + (f.generationKw[i] ?? 0), 0));
  const selfConsumed = generation.map((gen, i) => {
    let left = gen;
    for (const consumer of ALLOCATION_ORDER) {
      if (consumer === 'export') break;
      left -= Math.min(left, Math.max(0, input.plannedLoadsKw?.[consumer]?.[i] ?? 0));
    }
    return gen - left;
  });
  const surplus = generation.map((gen, i) => gen - selfConsumed[i]!);
  const energy = (kwBySlot: number[]) => kwBySlot.reduce((s, x, i) => s + x * (day.slotHours[i] ?? 0), 0);
  const exportPrices = day.exportPricesCentsPerKwh;
  const tierRank = (t: SolarTier) => SOLAR_TIERS.indexOf(t);
  const source = forecasts.reduce<SolarTier>(
    (weakest, f) => (tierRank(f.tier) > tierRank(weakest) ? f.tier : weakest),
    forecasts.length ? 'learned' : 'nameplate',
  );
  const schedule: SolarSchedule = {
    generation_kw_48: generation.map(kw),
    self_consumed_kw_48: selfConsumed.map(kw),
    surplus_kw_48: surplus.map(kw),
    generation_kwh: kw(energy(generation)),
    self_consumed_kwh: kw(energy(selfConsumed)),
    surplus_kwh: kw(energy(surplus)),
    export_value_cents: exportPrices
      ? round(
          surplus.reduce((s, x, i) => s + x * (day.slotHours[i] ?? 0) * (exportPrices[i] ?? 0), 0),
          2,
        )
      : null,
    unit: 'kW',
    source,
    surplus_basis: 'before_household_base_load',
    allocation_order: [...ALLOCATION_ORDER],
    ...notPlanned(solarSummary(energy(generation), energy(surplus), source)),
  };
  const constraintsUsed = Object.fromEntries(
    input.arrays.map((array, i) => [array.applianceId, constraintsUsedOf(array, forecasts[i]!, exportPrices !== null)]),
  );
  // Solar shifts nothing itself: its value shows in the other appliances' discounted costs.
  return { schedule, baselineCostCents: 0, optimizedCostCents: 0, missed: [], constraintsUsed };
}

/** "Forecasts 21.4 kWh of generation today (irradiance forecast), 6.2 kWh of it left over after the planned appliances." */
function solarSummary(generationKwh: number, surplusKwh: number, source: SolarTier): string {
  const kwh = (v: number) => `${Math.round(v * 10) / 10} kWh`;
  return `Forecasts ${kwh(generationKwh)} of generation today (${source} tier), ${kwh(surplusKwh)} of it left over after the planned appliances; it switches nothing.`;
}

/** The registry entry. */
export const solarPlanner: Planner<'solar'> = planSolar;
