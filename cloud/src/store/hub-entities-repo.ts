// The hub's entity list of each account (docs/hub-entities.md): one row per account, replaced whole.
import type { HubEntity } from '../domain/hub-entity.js';
import type { Sql } from './sql.js';

/** An account's stored list and when it was reported. */
export interface HubEntityListRow {
  entities: HubEntity[];
  reportedAt: Date;
}

const REPLACE_SQL = `
  INSERT INTO hub_entity_lists (user_id, entities, reported_at) VALUES ($1, $2::jsonb, $3)
  ON CONFLICT (user_id) DO UPDATE SET entities = EXCLUDED.entities, reported_at = EXCLUDED.reported_at`;

export function createHubEntitiesRepo(sql: Sql) {
  return {
    /** Stores `entities` as the account's whole list, in place of the one before. */
    async replace(userId: string, entities: readonly HubEntity[], reportedAt: Date): Promise<void> {
      await sql.run(REPLACE_SQL, [userId, JSON.stringify(entities), reportedAt]);
    },

    /** The account's list, or null before its first report. */
    async find(userId: string): Promise<HubEntityListRow | null> {
      const [row] = await sql.rows<{ entities: HubEntity[]; reported_at: Date }>('SELECT entities, reported_at FROM hub_entity_lists WHERE user_id = $1', [
        userId,
      ]);
      return row ? { entities: row.entities, reportedAt: new Date(row.reported_at) } : null;
    },
  };
}

export type HubEntitiesRepo = ReturnType<typeof createHubEntitiesRepo>;
