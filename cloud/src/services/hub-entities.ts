// The hub's entities (docs/hub-entities.md): the integration replaces the account's list; the
// dashboard reads it to offer entity ids in the appliance forms.
import type { HubEntitiesReport, HubEntitiesReported, HubEntity, HubEntityList } from '../contract/index.js';
import { entityDomain } from '../domain/hub-entity.js';
import type { Store } from '../store/index.js';

export function createHubEntitiesService(store: Store) {
  return {
    /** Replaces the account's list with the report (sorted by entity id, the domain derived from each id). */
    async report(userId: string, report: HubEntitiesReport, now: Date): Promise<HubEntitiesReported> {
      const entities: HubEntity[] = report.entities
        .map((e) => ({
          entity_id: e.entity_id,
          domain: entityDomain(e.entity_id),
          friendly_name: e.friendly_name ?? null,
          unit_of_measurement: e.unit_of_measurement ?? null,
          device_class: e.device_class ?? null,
        }))
        .sort((a, b) => (a.entity_id < b.entity_id ? -1 : 1));
      await store.hubEntities.replace(userId, entities, now);
      return { accepted: entities.length, reported_at: now.toISOString() };
    },

    /** The account's newest list; empty with `reported_at` null before the first report. */
    async list(userId: string): Promise<HubEntityList> {
      const row = await store.hubEntities.find(userId);
      return row ? { entities: row.entities, reported_at: row.reportedAt.toISOString() } : { entities: [], reported_at: null };
    },
  };
}

export type HubEntitiesService = ReturnType<typeof createHubEntitiesService>;
