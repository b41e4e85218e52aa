import type { Appliance, ApplianceCreated, ApplianceCreateRequest, ApplianceUpdateRequest } from '../contract/index.js';
import { DETAIL } from '../contract/index.js';
import { parseConfig, type ApplianceType } from '../domain/appliance-types/index.js';
import { badRequest, DatabaseUnavailableError, forbidden, notFound, serviceUnavailable, unauthorized } from '../errors.js';
import type { ApplianceRow, Store, Transaction } from '../store/index.js';
import type { PlanningEvents } from './planning-events.js';

/** Appliance on the wire. */
export function toAppliance(row: ApplianceRow): Appliance {
  return {
    id: row.id,
    user_id: row.user_id,
    appliance_type: row.appliance_type,
    name: row.name,
    config: row.config,
    is_active: row.is_active,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Validates a whole config of `type`; 400 `<field>: <message>` on the first bad field. */
function validConfig(type: ApplianceType, config: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  const result = parseConfig(type, config, previous);
  if (!result.ok) throw badRequest(result.detail);
  return result.value;
}

/** Appliances one account may have by default (APPLIANCES_MAX_PER_ACCOUNT). */
export const DEFAULT_MAX_APPLIANCES_PER_ACCOUNT = 50;

/** The 400 detail of a create over the per-account appliance limit. */
export const applianceLimitDetail = (max: number) => `Appliance limit reached: an account may have at most ${max} appliances; delete one first`;

/** Appliance CRUD with the free-tier HVAC limit and the per-account appliance limit. */
export function createAppliancesService(store: Store, deps: { planningEvents: PlanningEvents; maxPerAccount?: number }) {
  const { planningEvents } = deps;
  const maxPerAccount = deps.maxPerAccount ?? DEFAULT_MAX_APPLIANCES_PER_ACCOUNT;

  /**
   * Inserts an appliance whose config is already valid, inside `transaction`. It first locks the
   * user row and counts the account's appliances, so two concurrent creates cannot both pass a
   * limit: over the per-account limit 400, a second HVAC on a free account 403 `Upgrade required`.
   * The satellite claim calls this in its own transaction.
   */
  async function insertWithinTier(
    userId: string,
    row: { type: ApplianceType; name: string; config: Record<string, unknown> },
    transaction: Transaction,
  ): Promise<ApplianceRow> {
    const quota = await store.applianceQuota.lockHvacQuota(userId, transaction);
    if (!quota) throw unauthorized(DETAIL.invalidToken);
    if (row.type === 'hvac' && quota.tier !== 'premium' && quota.hvacCount >= 1) throw forbidden(DETAIL.upgradeRequired);
    if (quota.applianceCount >= maxPerAccount) throw badRequest(applianceLimitDetail(maxPerAccount));
    return store.appliances.insert({ userId, ...row }, { transaction });
  }

  /** The caller's appliance, else 404 `Appliance not found` (another user's or a malformed id too). */
  async function requireOwned(userId: string, applianceId: string): Promise<ApplianceRow> {
    const row = await store.appliances.findOwned(userId, applianceId);
    if (!row) throw notFound(DETAIL.applianceNotFound);
    return row;
  }

  return {
    insertWithinTier,
    requireOwned,

    async list(userId: string): Promise<Appliance[]> {
      return (await store.appliances.listByUser(userId)).map(toAppliance);
    },

    async create(userId: string, body: ApplianceCreateRequest): Promise<ApplianceCreated> {
      const type = body.appliance_type;
      const config = validConfig(type, body.config);
      const row = await store.transaction((t) => insertWithinTier(userId, { type, name: body.name.trim(), config }, t));
      planningEvents.changed(userId, 'appliances');
      return { appliance_id: row.id };
    },

    /** Name, whole config (re-validated) and is_active; the type never changes. */
    async update(userId: string, applianceId: string, body: ApplianceUpdateRequest): Promise<Appliance> {
      const current = await requireOwned(userId, applianceId);
      if (body.appliance_type !== undefined && body.appliance_type !== current.appliance_type) {
        throw badRequest('appliance_type cannot be changed; delete the appliance and create a new one');
      }
      const patch: { name?: string; config?: Record<string, unknown>; is_active?: boolean } = {};
      if (body.name !== undefined) patch.name = body.name.trim();
      if (body.config !== undefined) patch.config = validConfig(current.appliance_type, body.config, current.config);
      if (body.is_active !== undefined) patch.is_active = body.is_active;
      if (Object.keys(patch).length === 0) return toAppliance(current);
      const updated = await store.appliances.update(userId, applianceId, patch);
      if (!updated) throw notFound(DETAIL.applianceNotFound);
      planningEvents.changed(userId, 'appliances');
      return toAppliance(updated);
    },

    /** Deletes with everything hanging off it (FK cascades); a database outage answers 503. */
    async remove(userId: string, applianceId: string): Promise<void> {
      let deleted: boolean;
      try {
        deleted = await store.appliances.delete(userId, applianceId);
      } catch (err) {
        if (err instanceof DatabaseUnavailableError) throw serviceUnavailable('Failed to delete appliance');
        throw err;
      }
      if (!deleted) throw notFound(DETAIL.applianceNotFound);
      planningEvents.changed(userId, 'appliances');
    },
  };
}

export type AppliancesService = ReturnType<typeof createAppliancesService>;
