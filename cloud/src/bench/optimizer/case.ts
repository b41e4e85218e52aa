// What the optimizer bench needs from each appliance type: instances, the planner's answer and
// the exact optimum. One file per type implements it; cases.ts lists them.
import type { Highs } from 'highs';
import type { ApplianceType } from '../../domain/appliance-types/index.js';
import type { PlanExplanation } from '../../domain/planners/reason-codes.js';
import type { PlanResult } from '../../domain/planners/types.js';

/** An answer the bench compares. */
export interface BenchOutcome {
  /** The cost the gap compares, cents: what the decisions change (a type may leave out costs no decision affects). */
  costCents: number;
  /** Names of the limits the answer misses (MissedLimit.limit), sorted. */
  missed: string[];
}

/** The planner's answer. */
export interface PlannerOutcome<S> extends BenchOutcome {
  /** The planner's baseline and plan costs (PlanResult), for the savings column. */
  baselineCostCents: number;
  optimizedCostCents: number;
  /** The schedule, for `replay`. */
  schedule: S;
}

/** One appliance type in the bench. */
export interface BenchCase<I, S> {
  type: ApplianceType;
  /** The report row's name when a type has several cases (default: the type). */
  name?: string;
  /** `n` instances; the same (n, seed) always gives the same ones. */
  generate(n: number, seed: number): I[];
  /** Runs the planner (the bench times this call). */
  solvePlanner(instance: I): PlannerOutcome<S>;
  /** The exact optimum from an independent HiGHS formulation with the same physics and decisions. */
  solveExact(instance: I, highs: Highs): BenchOutcome;
  /**
   * Optional: the exact model's least cost with the decisions the planner's schedule shows fixed
   * (+Infinity when they break the model's limits). It must equal the planner's cost: a check that
   * the planner's own accounting matches the model.
   */
  replay?(instance: I, highs: Highs, schedule: S): number;
}

/** Missed limit names as the bench compares them. */
export const missedNames = (missed: readonly { limit: string }[]): string[] => [...new Set(missed.map((m) => m.limit))].sort();

/** The planner's answer from its result: compared on the plan's cost unless a type compares another (`costCents`). */
export const plannerOutcome = <S extends PlanExplanation>(r: PlanResult<S>, costCents = r.optimizedCostCents): PlannerOutcome<S> => ({
  costCents,
  missed: missedNames(r.missed),
  baselineCostCents: r.baselineCostCents,
  optimizedCostCents: r.optimizedCostCents,
  schedule: r.schedule,
});

/** What `replay` returns from the exact model solved with the planner's decisions fixed. */
export const replayedCost = (r: { optimal: boolean; costCents: number }): number => (r.optimal ? r.costCents : Infinity);
