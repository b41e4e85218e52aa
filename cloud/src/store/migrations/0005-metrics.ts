import type { Migration } from './index.js';

/** Customer metrics: daily figures per account and machine, rankings, job runs (docs/metrics-and-rankings.md). */
export const metrics: Migration = {
  name: '0005-metrics',
  up: [
    // Concatenates arrays across the rows of a group (the job gathers each slot's run boundaries
    // into its machine-day); array_cat keeps NULL states and inputs harmless.
    `CREATE AGGREGATE metrics_array_cat (anycompatiblearray) (SFUNC = array_cat, STYPE = anycompatiblearray)`,
    // One row per account and local day that had data; a re-run of the day replaces it.
    `CREATE TABLE metrics_daily (
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       local_date date NOT NULL,
       modeled_usd double precision,
       realized_usd double precision,
       savings_pct double precision,
       peak_hours_idle double precision,
       top_peak_hours_idle double precision,
       off_peak_kwh_share_pct double precision,
       degree_hours double precision,
       percent_hours double precision,
       in_band_home_pct double precision,
       conformance_pct double precision,
       override_events integer,
       override_by_hour integer[],
       conformance_defects integer,
       computed_at timestamptz NOT NULL,
       PRIMARY KEY (user_id, local_date)
     )`,
    // The same day per machine: what each account figure was built from (trust, energy, source).
    `CREATE TABLE metrics_machine_daily (
       appliance_id uuid NOT NULL REFERENCES appliances(id) ON DELETE CASCADE,
       local_date date NOT NULL,
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       appliance_type text NOT NULL,
       activity_source text CHECK (activity_source IN ('metered', 'reported', 'planned')),
       power_coverage_pct double precision NOT NULL,
       kwh double precision,
       off_peak_kwh double precision,
       modeled_usd double precision,
       realized_usd double precision,
       degree_hours double precision,
       percent_hours double precision,
       in_band_pct double precision,
       conformance_pct double precision,
       override_events integer,
       conformance_defects integer,
       computed_at timestamptz NOT NULL,
       PRIMARY KEY (appliance_id, local_date)
     )`,
    `CREATE INDEX metrics_machine_daily_user ON metrics_machine_daily (user_id, local_date)`,
    // Rankings of the 30-day window, rebuilt for the whole fleet after each run; one row per account and metric.
    `CREATE TABLE metrics_rankings (
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       metric text NOT NULL,
       window_days integer NOT NULL,
       anchor_date date NOT NULL,
       cohort_kind text CHECK (cohort_kind IN ('zip5', 'zip3', 'rate_peers', 'fleet')),
       rank integer CHECK (rank >= 1),
       percentile double precision,
       your_value double precision,
       computed_at timestamptz NOT NULL,
       PRIMARY KEY (user_id, metric)
     )`,
    // One row per job run (scheduled day or backfill): accounts are worked in user_id order and
    // the cursor is the last account committed, so a run that stopped resumes after it. A run is
    // held by one worker at a time through a lease that a dead worker loses.
    `CREATE TABLE metrics_runs (
       run_key text PRIMARY KEY,
       cursor uuid,
       done integer NOT NULL DEFAULT 0,
       started_at timestamptz NOT NULL DEFAULT now(),
       finished_at timestamptz,
       locked_by text,
       locked_until timestamptz
     )`,
  ],
};
