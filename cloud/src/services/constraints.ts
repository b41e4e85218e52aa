import { DETAIL, type ConstraintsResponse } from '../contract/index.js';
import { parseConstraints } from '../domain/appliance-types/index.js';
import { badRequest, MissingReferenceError, notFound } from '../errors.js';
import type { Store } from '../store/index.js';
import type { AppliancesService } from './appliances.js';
import type { PlanningEvents } from './planning-events.js';
import { BODY_NOT_OBJECT_DETAIL, isPlainObject } from '../domain/validation/plain-object.js';

/** Per-appliance constraints. */
export function createConstraintsService(store: Store, deps: { appliances: AppliancesService; planningEvents: PlanningEvents }) {
  const { appliances, planningEvents } = deps;
  return {
    /** The stored set ({} when none, and always {} for types that take no constraints). */
    async get(userId: string, applianceId: string): Promise<ConstraintsResponse> {
      const appliance = await appliances.requireOwned(userId, applianceId);
      return { status: 'ok', constraints: (await store.constraints.find(appliance.id)) ?? {} };
    },

    /** Replaces the whole set, then asks for a re-plan. */
    async save(userId: string, applianceId: string, body: unknown): Promise<ConstraintsResponse> {
      const appliance = await appliances.requireOwned(userId, applianceId);
      if (!isPlainObject(body)) throw badRequest(BODY_NOT_OBJECT_DETAIL);
      const result = parseConstraints(appliance.appliance_type, body);
      if (!result.ok) throw badRequest(result.detail);
      try {
        await store.constraints.replace(appliance.id, result.value);
      } catch (err) {
        // Deleted between the ownership check and the write.
        if (err instanceof MissingReferenceError) throw notFound(DETAIL.applianceNotFound);
        throw err;
      }
      planningEvents.changed(userId, 'constraints');
      return { status: 'ok', constraints: result.value };
    },
  };
}

export type ConstraintsService = ReturnType<typeof createConstraintsService>;
