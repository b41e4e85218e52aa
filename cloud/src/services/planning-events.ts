import { EventEmitter } from 'node:events';
import { MEASURED_CHANGES, type PlanningChange } from '../domain/planning/plan-made.js';

export type { PlanningChange } from '../domain/planning/plan-made.js';

/**
 * Changes that refine a plan already made rather than answer a person or a new price: the hub's
 * whole-home readings completing a day. Their recompute waits a spread drawn per account
 * (`RECOMPUTE_REFINEMENT_SPREAD_MS`), so a fleet crossing midnight in one time zone does not
 * re-plan in one minute. docs/schedules-and-recompute.md "Triggers".
 */
export const REFINEMENTS: ReadonlySet<PlanningChange | string> = new Set<PlanningChange>(['household_readings']);

/**
 * Changes the service notices by itself in what a home measures (a charge reading off its planned
 * trajectory, a half hour of load, solar or indoor temperature off the plan): their re-plans share
 * the account's minimum interval (`REPLAN_MIN_INTERVAL_MS`), so a burst of readings re-plans once.
 * docs/schedules-and-recompute.md "Re-plans from the measured state".
 */
export const PACED: ReadonlySet<PlanningChange | string> = new Set<PlanningChange>(MEASURED_CHANGES);

/**
 * In-process notifications that an account's planning inputs changed. The debounced recompute
 * subscribes; services publish after a successful save. Saving only `newsletter_opt_in` publishes
 * nothing.
 */
export class PlanningEvents {
  private readonly emitter = new EventEmitter();

  /** Publishes a change for one account. */
  changed(userId: string, reason: PlanningChange): void {
    this.emitter.emit('changed', userId, reason);
  }

  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: (userId: string, reason: PlanningChange) => void): () => void {
    this.emitter.on('changed', listener);
    return () => this.emitter.off('changed', listener);
  }
}
