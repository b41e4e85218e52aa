import type { Migration } from './index.js';

/** Appliances and everything that hangs off them, preferences, tariffs, weather. */
export const homeData: Migration = {
  name: '0002-home-data',
  up: [
    `CREATE TABLE appliances (
       id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       appliance_type text NOT NULL,
       name text NOT NULL,
       config jsonb NOT NULL DEFAULT '{}',
       is_active boolean NOT NULL DEFAULT true,
       created_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE INDEX appliances_user ON appliances (user_id, created_at)`,
    `CREATE TABLE appliance_constraints (
       appliance_id uuid PRIMARY KEY REFERENCES appliances(id) ON DELETE CASCADE,
       constraints jsonb NOT NULL DEFAULT '{}',
       updated_at timestamptz NOT NULL DEFAULT now()
     )`,
    // Only the fields a user has set are stored; reads fill the rest with defaults.
    `CREATE TABLE account_preferences (
       user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
       prefs jsonb NOT NULL DEFAULT '{}',
       updated_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE appliance_preferences (
       appliance_id uuid PRIMARY KEY REFERENCES appliances(id) ON DELETE CASCADE,
       prefs jsonb NOT NULL DEFAULT '{}',
       updated_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE hvac_readings (
       id bigserial PRIMARY KEY,
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       appliance_id uuid REFERENCES appliances(id) ON DELETE CASCADE,
       ts timestamptz NOT NULL,
       indoor_temp double precision NOT NULL,
       hvac_state text NOT NULL,
       indoor_humidity double precision,
       outdoor_temp double precision,
       target_temp double precision,
       fan_mode text,
       power_watts double precision,
       hvac_action text,
       commanded_hvac_mode text,
       commanded_fan_mode text,
       commanded_setpoint double precision,
       indoor_source text,
       override_active boolean,
       room_target double precision,
       client jsonb,
       source text NOT NULL DEFAULT 'user',
       created_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE INDEX hvac_readings_appliance_ts ON hvac_readings (appliance_id, ts)`,
    `CREATE INDEX hvac_readings_user_ts ON hvac_readings (user_id, ts)`,
    `CREATE TABLE appliance_readings (
       id bigserial PRIMARY KEY,
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       appliance_id uuid NOT NULL REFERENCES appliances(id) ON DELETE CASCADE,
       ts timestamptz NOT NULL,
       state text NOT NULL,
       value double precision NOT NULL,
       power_watts double precision,
       metadata jsonb,
       created_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE INDEX appliance_readings_appliance_ts ON appliance_readings (appliance_id, ts)`,
    // The daily reading ceiling: one counter row per account and UTC day, bumped in the same
    // transaction as the insert so concurrent pushes cannot overshoot it.
    `CREATE TABLE reading_counts (
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       day date NOT NULL,
       count integer NOT NULL DEFAULT 0,
       PRIMARY KEY (user_id, day)
     )`,
    `CREATE TABLE rate_settings (
       user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
       pricing_source text,
       hourly_rates_cents_per_kwh jsonb,
       dynamic_zone text,
       pricing_adder_cents_per_kwh double precision,
       updated_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE dynamic_prices (
       zone text NOT NULL,
       start_utc timestamptz NOT NULL,
       end_utc timestamptz NOT NULL,
       price_per_mwh double precision NOT NULL,
       fetched_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (zone, start_utc)
     )`,
    `CREATE TABLE price_fetches (
       zone text NOT NULL,
       local_date date NOT NULL,
       fetched_at timestamptz NOT NULL DEFAULT now(),
       points integer NOT NULL,
       error text,
       PRIMARY KEY (zone, local_date)
     )`,
    `CREATE TABLE weather_forecasts (
       id bigserial PRIMARY KEY,
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       pushed_at timestamptz NOT NULL DEFAULT now(),
       starts_at timestamptz NOT NULL,
       hourly_temps_f jsonb NOT NULL,
       hourly_humidity jsonb,
       hourly_wind_mph jsonb
     )`,
    `CREATE INDEX weather_forecasts_user ON weather_forecasts (user_id, pushed_at DESC)`,
  ],
};
