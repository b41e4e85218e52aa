import { EventEmitter } from 'node:events';

/** Why an account's planning inputs changed. */
export type PlanningChange = 'preferences' | 'constraints' | 'appliances' | 'rates' | 'weather' | 'prices' | 'household_load' | 'import_limit';

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
