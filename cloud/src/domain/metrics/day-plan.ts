// A machine-day's plan as the figures read it, from its newest schedule row. The facts a plan was
// made with come from the row's constraints_used; rows without them (older rows, defaults) fall
// back to what the appliance's current config and constraints give, with the planning defaults.
import type { ApplianceType } from '../appliance-types/index.js';
import { evChargerInputs, homeBatteryInputs, robotInputs, type ApplianceFacts } from '../planning/charge-inputs.js';
import { minuteOr, numberOr } from '../planning/stored-values.js';
import { waterHeaterInputs } from '../planning/water-heater-inputs.js';
import type { DayPlan, PlanFacts } from './day-input.js';
import { slotNumbers } from './day-view.js';

/** A newest schedule row's parts and the appliance's current settings. */
export interface StoredPlanParts {
  type: ApplianceType;
  baselineCents: number;
  optimizedCents: number;
  fromSlot: number;
  highTemps: unknown;
  lowTemps: unknown;
  intervals: unknown;
  constraintsUsed: Record<string, unknown>;
  config: Record<string, unknown>;
  constraints: Record<string, unknown>;
}

const NO_FACTS: PlanFacts = { ratedKw: null, minTempF: null, maxTempF: null, targetPct: null, minPct: null, deadlineMinute: null };

/** The deadline the row was planned with: its stored `deadline_time` (null: none), else the current one. */
const deadlineOf = (used: Record<string, unknown>, current: number | null) => (Object.hasOwn(used, 'deadline_time') ? minuteOr(used, 'deadline_time') : current);

/** Facts the plan was made with, per type. The current settings are only read for facts the row lacks. */
export function planFacts(type: ApplianceType, used: Record<string, unknown>, config: Record<string, unknown>, constraints: Record<string, unknown>): PlanFacts {
  const facts: ApplianceFacts = { config, constraints, recentValue: null };
  // True when the row stored every one of these numbers (then today's settings are not needed).
  const has = (...keys: string[]) => keys.every((k) => typeof used[k] === 'number' && Number.isFinite(used[k]));
  if (type === 'ev_charger' || type === 'home_battery') {
    const current = () => (type === 'ev_charger' ? evChargerInputs(facts) : homeBatteryInputs(facts)).input;
    const input = has('max_charge_rate_kw', 'target_charge_pct', 'min_charge_pct') && Object.hasOwn(used, 'deadline_time') ? null : current();
    return {
      ...NO_FACTS,
      ratedKw: numberOr(used, 'max_charge_rate_kw', input?.maxChargeRateKw ?? 0),
      targetPct: numberOr(used, 'target_charge_pct', input?.targetPct ?? 0),
      minPct: numberOr(used, 'min_charge_pct', input?.minPct ?? 0),
      deadlineMinute: deadlineOf(used, input?.deadlineMinute ?? null),
    };
  }
  if (type === 'robot') return { ...NO_FACTS, ratedKw: numberOr(used, 'max_charge_rate_kw', has('max_charge_rate_kw') ? 0 : robotInputs(facts).input.maxChargeRateKw) };
  if (type === 'water_heater') {
    const input = has('element_watts', 'min_temp_f', 'max_temp_f') ? null : waterHeaterInputs(facts).input;
    return {
      ...NO_FACTS,
      ratedKw: numberOr(used, 'element_watts', input?.elementWatts ?? 0) / 1000,
      minTempF: numberOr(used, 'min_temp_f', input?.minTempF ?? 0),
      maxTempF: numberOr(used, 'max_temp_f', input?.maxTempF ?? 0),
    };
  }
  return NO_FACTS;
}

/** 48 on/off flags stored as `intervals` (EV, battery, robot, water heater), else null (HVAC stores slot numbers). */
function onSlots(intervals: unknown): boolean[] | null {
  return Array.isArray(intervals) && intervals.length === 48 && intervals.every((v) => typeof v === 'boolean') ? (intervals as boolean[]) : null;
}

/** The plan of a machine-day from its newest schedule row. */
export function dayPlan(parts: StoredPlanParts): DayPlan {
  return {
    baselineCents: parts.baselineCents,
    optimizedCents: parts.optimizedCents,
    fromSlot: parts.fromSlot,
    highF: parts.type === 'hvac' ? slotNumbers(parts.highTemps) : null,
    lowF: parts.type === 'hvac' ? slotNumbers(parts.lowTemps) : null,
    on: onSlots(parts.intervals),
    facts: planFacts(parts.type, parts.constraintsUsed, parts.config, parts.constraints),
  };
}
