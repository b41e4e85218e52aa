// How an entity handler writes its new state: as Core's async_write_ha_state with the call's context.
import type { SimCore } from '../core.js';
import type { Attributes, HaState } from '../states.js';
import type { ServiceCall } from './registry.js';

export function writeEntity(sim: SimCore, entity: HaState, call: ServiceCall, patch: { state?: string; attributes?: Attributes }): void {
  const current = sim.states.get(entity.entity_id) ?? entity;
  sim.states.set(current.entity_id, patch.state ?? current.state, { ...current.attributes, ...(patch.attributes ?? {}) }, { context: call.context });
}

/** str() of a number as Python prints the entity's own value: 50 -> "50", 7.5 -> "7.5". */
export function numberText(n: unknown): string {
  return typeof n === 'number' ? String(n) : String(n ?? '');
}
