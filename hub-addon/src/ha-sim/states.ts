// The state machine, with Core's write rules (homeassistant/core.py StateMachine.async_set):
// an unchanged write only bumps last_reported and fires nothing; last_changed moves only when the
// state string changes; every real change fires state_changed with the old and new full state.
import type { EventBus } from './bus.js';
import type { Context } from './context.js';
import { epochSecondsFromMicros, isoFromMicros, type Micros } from './time.js';
import { deepEqual } from './json.js';

export type Attributes = Record<string, unknown>;

export class HaState {
  constructor(
    readonly entity_id: string,
    readonly state: string,
    readonly attributes: Readonly<Attributes>,
    readonly lastChanged: Micros,
    public lastReported: Micros,
    readonly lastUpdated: Micros,
    readonly context: Context,
  ) {}

  get domain(): string {
    return this.entity_id.slice(0, this.entity_id.indexOf('.'));
  }

  /** Core's State.as_dict(): the shape of get_states, REST and state_changed. */
  toJSON(): Record<string, unknown> {
    return {
      entity_id: this.entity_id,
      state: this.state,
      attributes: this.attributes,
      last_changed: isoFromMicros(this.lastChanged),
      last_reported: isoFromMicros(this.lastReported),
      last_updated: isoFromMicros(this.lastUpdated),
      context: this.context,
    };
  }

  get lcSeconds(): number {
    return epochSecondsFromMicros(this.lastChanged);
  }

  get luSeconds(): number {
    return epochSecondsFromMicros(this.lastUpdated);
  }
}

export class InvalidEntityIdError extends Error {}
export class InvalidStateError extends Error {}

const ENTITY_ID = /^(?!.+__)(?!_)[\da-z_]+(?<!_)\.(?!_)[\da-z_]+(?<!_)$/;

export function validEntityId(entityId: string): boolean {
  return ENTITY_ID.test(entityId);
}

export interface StateMachineDeps {
  bus: EventBus;
  now: () => Micros;
  newContext: () => Context;
}

export class StateMachine {
  private readonly states = new Map<string, HaState>();
  /** Entities whose state only POST /api/states wrote: no integration owns them. */
  private readonly restOnly = new Set<string>();

  constructor(private readonly deps: StateMachineDeps) {}

  get(entityId: string): HaState | undefined {
    return this.states.get(entityId.toLowerCase());
  }

  all(): HaState[] {
    return [...this.states.values()];
  }

  entityIds(): string[] {
    return [...this.states.keys()];
  }

  /** Write a state. Returns the stored state; fires state_changed only when something changed. */
  set(entityId: string, state: string, attributes: Attributes | null = null, opts: { context?: Context; forceUpdate?: boolean } = {}): HaState {
    const id = entityId.toLowerCase();
    if (!validEntityId(id)) throw new InvalidEntityIdError(`Invalid entity ID encountered: ${entityId}`);
    const value = String(state);
    if (value.length > 255) throw new InvalidStateError(`Invalid state with length ${value.length}. State max length is 255 characters.`);
    const attrs = structuredClone(attributes ?? {});
    const old = this.states.get(id);
    const now = this.deps.now();
    const sameState = old !== undefined && old.state === value && !opts.forceUpdate;
    if (old && sameState && deepEqual(old.attributes, attrs)) {
      old.lastReported = now;
      return old;
    }
    const context = opts.context ?? this.deps.newContext();
    const next = new HaState(id, value, Object.freeze(attrs), sameState && old ? old.lastChanged : now, now, now, context);
    this.states.set(id, next);
    this.deps.bus.fire('state_changed', { entity_id: id, old_state: old ?? null, new_state: next }, context, now);
    return next;
  }

  /** Remove an entity; fires state_changed with new_state null. */
  remove(entityId: string, context?: Context): boolean {
    const id = entityId.toLowerCase();
    const old = this.states.get(id);
    if (!old) return false;
    this.states.delete(id);
    const ctx = context ?? this.deps.newContext();
    this.deps.bus.fire('state_changed', { entity_id: id, old_state: old, new_state: null }, ctx, this.deps.now());
    return true;
  }

  /** Marks an entity as written by POST /api/states alone (rest.ts). */
  markRestWritten(entityId: string): void {
    this.restOnly.add(entityId.toLowerCase());
  }

  /**
   * A restart of Core: states that only the REST API wrote are gone (no integration restores
   * them), without an event; every other entity is back as its integration reports it.
   */
  forgetRestWritten(): void {
    for (const id of this.restOnly) this.states.delete(id);
    this.restOnly.clear();
  }

  /** Load a state as given, without an event (fixture load). */
  load(entityId: string, state: string, attributes: Attributes, context: Context): void {
    const now = this.deps.now();
    const id = entityId.toLowerCase();
    this.states.set(id, new HaState(id, String(state), Object.freeze(structuredClone(attributes)), now, now, now, context));
  }
}
