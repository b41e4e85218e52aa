// A machine-day's plan as the figures read it, from its newest schedule row. The facts a plan was
// made with come from the type's spec (metrics/plan-facts.ts, named in domain/appliance-types/).
import { applianceTypes, type ApplianceType } from '../appliance-types/index.js';
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

/** Facts the plan was made with, per type. The current settings are only read for facts the row lacks. */
export function planFacts(
  type: ApplianceType,
  used: Record<string, unknown>,
  config: Record<string, unknown>,
  constraints: Record<string, unknown>,
): PlanFacts {
  return applianceTypes[type].metrics.facts(used, config, constraints);
}

/** 48 on/off flags stored as `intervals` (EV, battery, robot, water heater), else null (HVAC stores slot numbers). */
function onSlots(intervals: unknown): boolean[] | null {
  return Array.isArray(intervals) && intervals.length === 48 && intervals.every((v) => typeof v === 'boolean') ? (intervals as boolean[]) : null;
}

/** The plan of a machine-day from its newest schedule row. */
export function dayPlan(parts: StoredPlanParts): DayPlan {
  const hasBand = applianceTypes[parts.type].metrics.flexibility === 'comfort_band';
  return {
    baselineCents: parts.baselineCents,
    optimizedCents: parts.optimizedCents,
    fromSlot: parts.fromSlot,
    highF: hasBand ? slotNumbers(parts.highTemps) : null,
    lowF: hasBand ? slotNumbers(parts.lowTemps) : null,
    on: onSlots(parts.intervals),
    facts: planFacts(parts.type, parts.constraintsUsed, parts.config, parts.constraints),
  };
}
