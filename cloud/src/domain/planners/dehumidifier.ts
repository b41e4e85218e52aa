// The dehumidifier is observe-only in v1: its readings are collected, nothing is planned.
import type { DayContext, PlanResult, Planner } from './types.js';

/** Nothing to plan: data collection only (the recompute reports status `observe`). */
export type DehumidifierInput = Readonly<Record<string, never>>;

/** The empty schedule of an observe-only appliance; costs nothing and misses nothing. */
export function planDehumidifier(_day: DayContext, _input: DehumidifierInput): PlanResult<Record<string, never>> {
  return { schedule: {}, baselineCostCents: 0, optimizedCostCents: 0, missed: [] };
}

/** The registry entry. */
export const dehumidifierPlanner: Planner<'dehumidifier'> = planDehumidifier;
