// The dehumidifier is observe-only in v1: its readings are collected, nothing is planned.
import { notPlanned, type PlanExplanation } from './reason-codes.js';
import type { DayContext, PlanResult, Planner } from './types.js';

/** Nothing to plan: data collection only (the recompute reports status `observe`). */
export type DehumidifierInput = Readonly<Record<string, never>>;

/** An observe-only appliance's schedule: no arrays, only its reasons; costs nothing and misses nothing. */
export function planDehumidifier(_day: DayContext, _input: DehumidifierInput): PlanResult<PlanExplanation> {
  return {
    schedule: notPlanned('Observed only: Offpeak records its readings and plans nothing for it.'),
    baselineCostCents: 0,
    optimizedCostCents: 0,
    missed: [],
  };
}

/** The registry entry. */
export const dehumidifierPlanner: Planner<'dehumidifier'> = planDehumidifier;
