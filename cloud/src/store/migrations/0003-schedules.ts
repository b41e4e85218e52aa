import type { Migration } from './index.js';

/** Schedule history, learned models and the planning job queue (docs/schedules-and-recompute.md). */
export const schedules: Migration = {
  name: '0003-schedules',
  up: [
    // Append-only: every plan is a new row; reads take the newest per (appliance, local date).
    // Costs are cents (the API answers dollars). created_at is the write transaction's start, so
    // all rows of one account's recompute share it.
    `CREATE TABLE schedules (
       id bigserial PRIMARY KEY,
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       appliance_id uuid NOT NULL REFERENCES appliances(id) ON DELETE CASCADE,
       local_date date NOT NULL,
       schedule jsonb NOT NULL,
       source text NOT NULL CHECK (source IN ('optimization', 'defaults')),
       mode text,
       estimated_savings_pct double precision NOT NULL DEFAULT 0,
       model_confidence double precision,
       baseline_cost_cents double precision NOT NULL DEFAULT 0,
       optimized_cost_cents double precision NOT NULL DEFAULT 0,
       savings_pct double precision NOT NULL DEFAULT 0,
       from_slot smallint NOT NULL DEFAULT 0,
       trigger text NOT NULL,
       constraints_used jsonb NOT NULL DEFAULT '{}',
       missed jsonb NOT NULL DEFAULT '[]',
       created_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE INDEX schedules_appliance_date ON schedules (appliance_id, local_date, created_at, id)`,
    `CREATE INDEX schedules_user_date ON schedules (user_id, local_date, created_at)`,
    // The current thermal model of each HVAC (refits replace it); no row means warm-up.
    `CREATE TABLE thermal_models (
       appliance_id uuid PRIMARY KEY REFERENCES appliances(id) ON DELETE CASCADE,
       params jsonb NOT NULL,
       grid_minutes integer NOT NULL,
       rated_power_w jsonb NOT NULL,
       stats jsonb NOT NULL,
       confidence double precision NOT NULL,
       fitted_at timestamptz NOT NULL
     )`,
    // The accepted learned yield of each solar array (no row: the irradiance or nameplate tier).
    `CREATE TABLE solar_yield_fits (
       appliance_id uuid PRIMARY KEY REFERENCES appliances(id) ON DELETE CASCADE,
       fit jsonb NOT NULL,
       fitted_at timestamptz NOT NULL
     )`,
    // Recompute and nightly work, taken with FOR UPDATE SKIP LOCKED by any instance. A taken job
    // holds a lease (locked_until); a worker that dies loses it and the job is taken again.
    `CREATE TABLE planning_jobs (
       id bigserial PRIMARY KEY,
       kind text NOT NULL CHECK (kind IN ('recompute', 'nightly')),
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       run_key text,
       reasons text[] NOT NULL DEFAULT '{}',
       run_after timestamptz NOT NULL,
       requested_at timestamptz NOT NULL,
       attempts integer NOT NULL DEFAULT 0,
       locked_by text,
       locked_until timestamptz,
       finished_at timestamptz,
       outcome text,
       created_at timestamptz NOT NULL DEFAULT now()
     )`,
    // One job per account and nightly run, however many instances enqueue it.
    `CREATE UNIQUE INDEX planning_jobs_nightly_run ON planning_jobs (run_key, user_id) WHERE kind = 'nightly'`,
    // At most one recompute per account waits (not yet taken): later requests push it back (debounce).
    `CREATE UNIQUE INDEX planning_jobs_waiting_recompute ON planning_jobs (user_id) WHERE kind = 'recompute' AND locked_by IS NULL AND finished_at IS NULL`,
    `CREATE INDEX planning_jobs_open ON planning_jobs (run_after, id) WHERE finished_at IS NULL`,
  ],
};
