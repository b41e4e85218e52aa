import type { Migration } from './index.js';

/** The home as one system (docs/home-plan.md): the household's load and the import limit. */
export const householdLoad: Migration = {
  name: '0008-household-load',
  up: [
    // Whole-home consumption, W, before solar. One value per instant: a re-push replaces it.
    `CREATE TABLE household_load_readings (
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       ts timestamptz NOT NULL,
       watts double precision NOT NULL CHECK (watts >= 0 AND watts <= 100000),
       PRIMARY KEY (user_id, ts)
     )`,
    `ALTER TABLE profiles
       ADD COLUMN household_power_entity_id text,
       ADD COLUMN max_import_kw double precision CHECK (max_import_kw IS NULL OR (max_import_kw >= 1 AND max_import_kw <= 200)),
       ADD COLUMN household_load_kw_48 jsonb CHECK (household_load_kw_48 IS NULL OR jsonb_array_length(household_load_kw_48) = 48)`,
    // The home block of each plan (append-only like schedules; reads take the newest per day).
    `CREATE TABLE home_plans (
       id bigserial PRIMARY KEY,
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       local_date date NOT NULL,
       plan jsonb NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE INDEX home_plans_user_date ON home_plans (user_id, local_date, id DESC)`,
  ],
};
