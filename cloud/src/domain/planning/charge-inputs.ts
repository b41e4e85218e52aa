// Planner inputs of the battery-like types (EV charger, home battery, robot) from an appliance's
// config, constraints and newest reading, with the documented defaults for anything unset
// (docs/schedules-and-recompute.md "Defaults").
import type { EvChargerInput, HomeBatteryInput, RobotInput } from '../planners/types.js';
import { TYPICAL_HOUSEHOLD_LOAD_KW } from './household-load.js';
import { minuteOr, numberOr } from './stored-values.js';

/** What an input builder reads about one appliance. */
export interface ApplianceFacts {
  config: Record<string, unknown>;
  constraints: Record<string, unknown>;
  /** The value of the appliance's newest reading of the last RECENT_READING_MS (SoC %, tank F), or null. */
  recentValue: number | null;
  /** The charge the planned local day started at, from the day's earlier plan (`dayStartPct`), or null for the day's first plan. */
  dayStartPct?: number | null;
  /** The planned day has not begun (the nightly run, an evening re-plan of tomorrow): its start is not known yet. */
  plannedAhead?: boolean;
  /** An EV's plug state from its newest reading, for a plan of today; null or absent: not known (planned as plugged in). */
  pluggedIn?: boolean | null;
}

/** What an earlier plan of the same local day says about the day. */
export interface EarlierPlan {
  from_slot: number;
  constraints_used: Record<string, unknown>;
}

/**
 * The charge a local day started at, for a re-plan of its rest: the earlier plan's `day_start_pct`,
 * else that plan's starting charge when it planned the day whole; null without an earlier plan or
 * when the earlier plan was made before the day began (its charge is of that moment, so the day's
 * first plan made during it takes the charge it holds then).
 */
export function dayStartPct(earlier: EarlierPlan | null | undefined): number | null {
  if (!earlier || earlier.constraints_used.planned_ahead === true) return null;
  const { day_start_pct: carried, soc_pct: start } = earlier.constraints_used;
  if (typeof carried === 'number' && Number.isFinite(carried)) return clampPct(carried);
  return earlier.from_slot === 0 && typeof start === 'number' && Number.isFinite(start) ? clampPct(start) : null;
}

/** A planner input and what it was built from, for the history row's `constraints_used`. */
export interface BuiltInput<I> {
  input: I;
  used: Record<string, unknown>;
}

/** A reading this old or newer is the appliance's state now; an older one says nothing about it. */
export const RECENT_READING_MS = 2 * 3_600_000;

/** State of charge assumed when no recent reading and no current_charge_pct exist. */
export const DEFAULT_SOC_PCT = 50;

export const EV_DEFAULTS = { battery_capacity_kwh: 60, max_charge_rate_kw: 7.2, efficiency: 0.9, target_charge_pct: 80, min_charge_pct: 0 };
/** Without a target the battery ends the day no lower than it started (the target is the starting charge). */
export const BATTERY_DEFAULTS = {
  capacity_kwh: 13.5,
  max_charge_rate_kw: 5,
  max_discharge_rate_kw: 5,
  min_charge_pct: 10,
  max_charge_pct: 100,
  // Each side of the round trip loses 5 % (0.9025 round trip).
  charge_efficiency: 0.95,
  discharge_efficiency: 0.95,
};
export const ROBOT_DEFAULTS = { battery_capacity_kwh: 0.1, max_charge_rate_kw: 0.05, target_charge_pct: 100, min_charge_pct: 20 };

const clampPct = (v: number) => Math.min(100, Math.max(0, v));

/** The freshest recent reading, else current_charge_pct, else the default; with where it came from. */
export function stateOfCharge(facts: ApplianceFacts): { socPct: number; source: 'reading' | 'current_charge_pct' | 'default' } {
  if (facts.recentValue !== null && Number.isFinite(facts.recentValue)) return { socPct: clampPct(facts.recentValue), source: 'reading' };
  const stated = facts.constraints.current_charge_pct;
  if (typeof stated === 'number' && Number.isFinite(stated)) return { socPct: clampPct(stated), source: 'current_charge_pct' };
  return { socPct: DEFAULT_SOC_PCT, source: 'default' };
}

/** Target and minimum from the constraints; a minimum above the target is lowered to it. */
function limits(constraints: Record<string, unknown>, defaults: { target_charge_pct: number; min_charge_pct: number }) {
  const targetPct = clampPct(numberOr(constraints, 'target_charge_pct', defaults.target_charge_pct));
  return { targetPct, minPct: Math.min(targetPct, clampPct(numberOr(constraints, 'min_charge_pct', defaults.min_charge_pct))) };
}

const deadlineText = (constraints: Record<string, unknown>) => (minuteOr(constraints, 'deadline_time') === null ? null : constraints.deadline_time);

export function evChargerInputs(facts: ApplianceFacts): BuiltInput<EvChargerInput> {
  const { config, constraints } = facts;
  const soc = stateOfCharge(facts);
  const input: EvChargerInput = {
    socPct: soc.socPct,
    capacityKwh: numberOr(config, 'battery_capacity_kwh', EV_DEFAULTS.battery_capacity_kwh),
    maxChargeRateKw: numberOr(config, 'max_charge_rate_kw', EV_DEFAULTS.max_charge_rate_kw),
    efficiency: numberOr(config, 'efficiency', EV_DEFAULTS.efficiency),
    ...limits(constraints, EV_DEFAULTS),
    deadlineMinute: minuteOr(constraints, 'deadline_time'),
    isUnplugged: facts.pluggedIn === false,
  };
  return {
    input,
    used: {
      battery_capacity_kwh: input.capacityKwh,
      max_charge_rate_kw: input.maxChargeRateKw,
      efficiency: input.efficiency,
      plugged_in: facts.pluggedIn ?? null,
      target_charge_pct: input.targetPct,
      min_charge_pct: input.minPct,
      deadline_time: deadlineText(constraints),
      soc_pct: soc.socPct,
      soc_source: soc.source,
    },
  };
}

/** What the account adds to a home battery's input: the household's load and the import limit's headroom. */
export interface HomeContext {
  householdLoadKw: readonly number[];
  /** The measured days behind the load (home-battery.md "Planning for the spread"), or null/absent. */
  householdLoadDaysKw?: readonly (readonly number[])[] | null;
  /** Where the load came from (GET /household-load `source`). */
  loadSource: string;
  /** 48 caps on charging's grid draw, kW, or null without an import limit. */
  chargeHeadroomKw: readonly number[] | null;
  /** The day's solar generation forecast, 48 kW, or null/absent without an array. */
  solarKw?: readonly number[] | null;
}

const TYPICAL_HOME: HomeContext = { householdLoadKw: TYPICAL_HOUSEHOLD_LOAD_KW, loadSource: 'typical', chargeHeadroomKw: null };

export function homeBatteryInputs(facts: ApplianceFacts, home: HomeContext = TYPICAL_HOME): BuiltInput<HomeBatteryInput> {
  const { config, constraints } = facts;
  const soc = stateOfCharge(facts);
  const maxPct = clampPct(numberOr(constraints, 'max_charge_pct', BATTERY_DEFAULTS.max_charge_pct));
  // The target is a floor at the deadline (without one: the charge the day started at, at the end
  // of the day, however many re-plans), never above the ceiling; the minimum is never above the target.
  const dayStart = facts.dayStartPct ?? soc.socPct;
  const hasTarget = Number.isFinite(numberOr(constraints, 'target_charge_pct', NaN));
  const targetPct = Math.min(maxPct, clampPct(numberOr(constraints, 'target_charge_pct', dayStart)));
  const minPct = Math.min(targetPct, clampPct(numberOr(constraints, 'min_charge_pct', BATTERY_DEFAULTS.min_charge_pct)));
  const input: HomeBatteryInput = {
    socPct: soc.socPct,
    capacityKwh: numberOr(config, 'capacity_kwh', BATTERY_DEFAULTS.capacity_kwh),
    maxChargeRateKw: numberOr(config, 'max_charge_rate_kw', BATTERY_DEFAULTS.max_charge_rate_kw),
    maxDischargeRateKw: numberOr(config, 'max_discharge_rate_kw', BATTERY_DEFAULTS.max_discharge_rate_kw),
    chargeEfficiency: numberOr(config, 'charge_efficiency', BATTERY_DEFAULTS.charge_efficiency),
    dischargeEfficiency: numberOr(config, 'discharge_efficiency', BATTERY_DEFAULTS.discharge_efficiency),
    targetPct,
    isDayStartFloor: !hasTarget,
    minPct,
    maxPct,
    deadlineMinute: minuteOr(constraints, 'deadline_time'),
    householdLoadKw: [...home.householdLoadKw],
    householdLoadDaysKw: home.householdLoadDaysKw ? home.householdLoadDaysKw.map((d) => [...d]) : null,
    chargeHeadroomKw: home.chargeHeadroomKw ? [...home.chargeHeadroomKw] : null,
    solarKw: home.solarKw ? [...home.solarKw] : null,
  };
  return {
    input,
    used: {
      capacity_kwh: input.capacityKwh,
      max_charge_rate_kw: input.maxChargeRateKw,
      max_discharge_rate_kw: input.maxDischargeRateKw,
      charge_efficiency: input.chargeEfficiency,
      discharge_efficiency: input.dischargeEfficiency,
      target_charge_pct: input.targetPct,
      min_charge_pct: input.minPct,
      max_charge_pct: input.maxPct,
      deadline_time: deadlineText(constraints),
      soc_pct: soc.socPct,
      soc_source: soc.source,
      day_start_pct: dayStart,
      ...(facts.plannedAhead && { planned_ahead: true }),
      household_load: home.loadSource,
    },
  };
}

export function robotInputs(facts: ApplianceFacts): BuiltInput<RobotInput> {
  const { config, constraints } = facts;
  const soc = stateOfCharge(facts);
  const start = minuteOr(constraints, 'tasks_window_start');
  const end = minuteOr(constraints, 'tasks_window_end');
  const input: RobotInput = {
    socPct: soc.socPct,
    capacityKwh: numberOr(config, 'battery_capacity_kwh', ROBOT_DEFAULTS.battery_capacity_kwh),
    maxChargeRateKw: numberOr(config, 'max_charge_rate_kw', ROBOT_DEFAULTS.max_charge_rate_kw),
    ...limits(constraints, ROBOT_DEFAULTS),
    tasksWindow: start !== null && end !== null && start !== end ? { startMinute: start, endMinute: end } : null,
  };
  return {
    input,
    used: {
      battery_capacity_kwh: input.capacityKwh,
      max_charge_rate_kw: input.maxChargeRateKw,
      target_charge_pct: input.targetPct,
      min_charge_pct: input.minPct,
      tasks_window_start: input.tasksWindow ? constraints.tasks_window_start : null,
      tasks_window_end: input.tasksWindow ? constraints.tasks_window_end : null,
      soc_pct: soc.socPct,
      soc_source: soc.source,
    },
  };
}
