// A last check on what a planner returned before it is stored: a plan with a hole in it (NaN from
// a broken model, a missing slot) must fail loudly rather than reach a thermostat.
import { SLOTS, type PlanResult } from '../planners/types.js';

const isScalar = (v: unknown) => typeof v === 'boolean' || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
/** A slot's value: a scalar, or a flat record of scalars and nulls (a slot's reason). */
const isValue = (v: unknown) =>
  isScalar(v) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((f) => f === null || isScalar(f)));

/** Why a plan cannot be stored (the first problem found), or null when it can. */
export function planProblem(plan: Pick<PlanResult, 'baselineCostCents' | 'optimizedCostCents'> & { schedule: Record<string, unknown> }): string | null {
  for (const [key, value] of Object.entries(plan.schedule)) {
    if (typeof value === 'number' && !Number.isFinite(value)) return `${key} is not a finite number`;
    if (!Array.isArray(value) || value.length === 0) continue;
    if (value.length !== SLOTS && key.endsWith('_48')) return `${key} has ${value.length} slots, not ${SLOTS}`;
    const bad = value.findIndex((v) => !isValue(v));
    if (bad >= 0) return `${key}[${bad}] is not a value`;
  }
  if (!Number.isFinite(plan.baselineCostCents) || !Number.isFinite(plan.optimizedCostCents)) return 'the plan cost is not a finite number';
  return null;
}
