// The planner contract: every appliance type's planner is a pure function from a PlanInput to a
// PlanResult. No I/O, no clock: the service loads the inputs, calls the planner, stores the result.
import type { ApplianceType } from '../appliance-types/index.js';
import { SLOTS_PER_DAY, type LocalDate } from '../time/slot-grid.js';
import type { HvacPlanInput } from './hvac-input.js';
import type { PlanExplanation } from './reason-codes.js';
import type { MissedLimit } from './schedule-bodies.js';

/** The slots of a plan: the slot grid's day (slot-grid.ts). */
export const SLOTS = SLOTS_PER_DAY;

/** Facts about the local day being planned, shared by every appliance of an account. */
export interface DayContext {
  date: LocalDate;
  timeZone: string;
  /** 48 slot start instants (UTC). */
  slotStarts: Date[];
  /** 48 slot lengths in hours: 0.5, except around a DST change (0 for skipped slots, 1.0+ for the repeated one). */
  slotHours: number[];
  /** 48 effective import prices, cents/kWh: the tariff curve, discounted in daylight by forecast solar surplus. */
  pricesCentsPerKwh: number[];
  /**
   * With solar arrays: the tariff's 48 import prices and the forecast surplus (kW) that discounted
   * them into `pricesCentsPerKwh` (price-discount.ts); absent or null without solar. The reasons
   * name a slot chosen for its surplus from it (`solar_surplus`).
   */
  solarDiscount?: { tariffCentsPerKwh: number[]; surplusKw: number[] } | null;
  /** 48 export prices, cents/kWh, or null when no export-rate curve is set (surplus is worth nothing). */
  exportPricesCentsPerKwh: number[] | null;
  /**
   * Tomorrow's 48 import and export prices when they are known (a time-of-use tariff always, a
   * day-ahead zone once published), else absent: storage is then planned over today and tomorrow
   * together, so the charge left at midnight is worth what tomorrow makes of it.
   */
  tomorrow?: { pricesCentsPerKwh: number[]; exportPricesCentsPerKwh: number[] | null } | null;
  /** 48 outdoor temperatures, F (forecast, fallback source or seasonal default). */
  outdoorTempF: number[];
  /**
   * First slot the plan may change. 0 plans the whole day; an intraday re-plan passes the current
   * slot: slots before it are in the past, the service keeps their previous values, and the state
   * given to the planner (SoC, temperature) is the state now, at the start of this slot.
   */
  fromSlot: number;
}

export type { MissedLimit };

/** What every planner returns. */
export interface PlanResult<S extends PlanExplanation = Record<string, unknown> & PlanExplanation> {
  /** The schedule body for this type (48-slot arrays), exactly the contract's field names, with the plan's reasons (reason-codes.ts). */
  schedule: S;
  /** Cost of the day without a plan (the type's documented baseline behaviour), cents. */
  baselineCostCents: number;
  /** Cost of the day with this plan, cents. */
  optimizedCostCents: number;
  /** Limits the plan could not meet; empty when all were met. */
  missed: MissedLimit[];
}

/** Storage-like appliances: EV charger, home battery, robot. Percent state of charge. */
export interface ChargeState {
  /** State of charge at the start of `fromSlot`, percent 0-100 (freshest recent reading, else current_charge_pct, else a documented default). */
  socPct: number;
}

export interface EvChargerInput extends ChargeState {
  capacityKwh: number;
  maxChargeRateKw: number;
  /** Fraction of grid energy stored in the battery. */
  efficiency: number;
  targetPct: number;
  minPct: number;
  /** Minutes after local midnight; slots ending at or before it count toward the deadline (at or before the plan start: tomorrow's). Null: no deadline (end of day). */
  deadlineMinute: number | null;
  /** 48 flags: slots the import limit leaves no room for the charger in (it stays off there). */
  blockedSlots?: boolean[] | null;
  /** The car's newest reading says it is unplugged: nothing charges until a reading says it is plugged in (which re-plans). */
  isUnplugged?: boolean;
}

export interface HomeBatteryInput extends ChargeState {
  capacityKwh: number;
  /** What the battery draws from the grid at most while charging, kW. */
  maxChargeRateKw: number;
  /** What the battery delivers at most while discharging, kW. */
  maxDischargeRateKw: number;
  /** Share of grid energy stored (default 0.95): stored kWh = grid kWh × this. */
  chargeEfficiency: number;
  /** Share of stored energy delivered (default 0.95): delivered kWh = stored kWh × this. */
  dischargeEfficiency: number;
  /** What the battery must hold at the deadline (a floor, never a ceiling); without a target the starting charge. */
  targetPct: number;
  /**
   * True when no target is set and `targetPct` is the charge the day started at (the day's floor):
   * over a two-day horizon it is then met once tomorrow's forecast sun has refilled the battery,
   * or by tomorrow's end when tomorrow is priced otherwise than today (home-battery.md "The day's
   * floor over two days").
   */
  isDayStartFloor?: boolean;
  minPct: number;
  /** The highest charge the plan may take it to from the grid (default 100). */
  maxPct: number;
  deadlineMinute: number | null;
  /** 48 household consumption estimates, kW (96 to give tomorrow's too; else today's repeat): discharge can only offset this (no export without an export curve). */
  householdLoadKw: number[];
  /**
   * The recent days' real loads the point estimate came from (48 kW each, measured days of the
   * same type; home-battery.md "Planning for the spread"), or absent/null when no spread is known
   * (a set or typical profile): then the plan is the exact one for `householdLoadKw`.
   */
  householdLoadDaysKw?: number[][] | null;
  /**
   * 48 (or 96, as the load) forecast solar generation values, kW, behind the same meter, or absent/null without solar:
   * the battery covers the load net of it and may store the surplus (home-battery.md "Solar").
   * The prices given with it are the tariff's, not discounted by the surplus.
   */
  solarKw?: number[] | null;
  /**
   * 48 per-slot caps on the grid draw of charging, kW (the import limit left after the household
   * load and the appliances planned before it), or null when the account has no import limit.
   */
  chargeHeadroomKw?: number[] | null;
}

export interface RobotInput extends ChargeState {
  capacityKwh: number;
  maxChargeRateKw: number;
  targetPct: number;
  minPct: number;
  /** Half-open daily window [start, end) in minutes after local midnight, may wrap midnight; null when not set. */
  tasksWindow: { startMinute: number; endMinute: number } | null;
}

export interface WaterHeaterInput {
  tankSizeGallons: number;
  elementWatts: number;
  /** Standby loss coefficient per hour (fraction of the tank-ambient difference lost per hour). */
  insulationFactor: number;
  /** Tank temperature at the start of `fromSlot`, F. */
  tankTempF: number;
  minTempF: number;
  maxTempF: number;
  /** Ambient temperature around the tank, F. */
  ambientTempF: number;
  /** 48 hot-water draws, gallons per slot (a documented typical profile scaled by tank size). */
  drawGallons: number[];
  /** Cold inlet temperature, F. */
  inletTempF: number;
  /** 48 flags: slots the import limit leaves no room for the element in (it stays off there). */
  blockedSlots?: boolean[] | null;
}

/** What the service passes for each appliance type. */
export interface PlanInputs {
  hvac: HvacPlanInput;
  ev_charger: EvChargerInput;
  home_battery: HomeBatteryInput;
  robot: RobotInput;
  water_heater: WaterHeaterInput;
  solar: import('./solar.js').SolarInput;
  dehumidifier: import('./dehumidifier.js').DehumidifierInput;
}

/** One planner: pure, fast (p99 under 20 ms), never throws for infeasible limits. */
export type Planner<T extends ApplianceType> = (day: DayContext, input: PlanInputs[T]) => PlanResult;
