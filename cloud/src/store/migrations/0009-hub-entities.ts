import type { Migration } from './index.js';

/** The hub's entities an account's integration reports (docs/hub-entities.md): one list per account, replaced on each report. */
export const hubEntities: Migration = {
  name: '0009-hub-entities',
  up: [
    `CREATE TABLE hub_entity_lists (
       user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
       entities jsonb NOT NULL CHECK (jsonb_typeof(entities) = 'array' AND jsonb_array_length(entities) <= 1000),
       reported_at timestamptz NOT NULL
     )`,
  ],
};
