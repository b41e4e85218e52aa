// What planning reads for a page of accounts, a few queries per page whatever its size: the
// nightly run plans thousands of accounts, so nothing here is asked once per account.
import type { Sql } from './sql.js';
import type { StoredPreferences } from '../domain/preferences/defaults.js';
import type { HvacState } from '../domain/readings/hvac-state.js';
import type { StoredRateSettings } from '../domain/tariffs/rate-settings.js';
import type { ApplianceRow } from './models/index.js';

/** Account facts planning needs; `profile` is null when the account has no profile row. */
export interface PlanningAccountRow {
  userId: string;
  profile: {
    timezone: string | null;
    location_zip: string;
    home_size_sqft: number;
    pricing_location: number;
    /** The import limit, kW, or null. */
    max_import_kw: number | null;
    /** The set household profile, 48 kW, or null. */
    household_load_kw_48: number[] | null;
    /** The home's coordinates (0.1 degree), both or neither. */
    latitude: number | null;
    longitude: number | null;
  } | null;
  /** The account's stored preference fields ({} when none). */
  accountPrefs: StoredPreferences;
  rateSettings: StoredRateSettings;
}

/** An appliance with its stored constraints and per-unit preference fields ({} when none). */
export interface PlanningApplianceRow extends ApplianceRow {
  constraints: Record<string, unknown>;
  unitPrefs: StoredPreferences;
}

/** An HVAC reading as the current-temperature estimate reads it. */
export interface RecentHvacReading {
  applianceId: string;
  at: Date;
  indoorTempF: number;
  hvacState: HvacState;
}

/** The planning inputs stored in PostgreSQL, loaded for many accounts at once. */
export function createPlanningInputsRepo(sql: Sql) {
  const select = <T extends object>(text: string, bind: unknown[]) => sql.rows<T>(text, bind);

  return {
    /** Profile, account preferences and rate settings of each account, in the order given. */
    async accounts(userIds: readonly string[]): Promise<PlanningAccountRow[]> {
      const rows = await select<{
        user_id: string;
        has_profile: boolean;
        timezone: string | null;
        location_zip: string | null;
        home_size_sqft: number | null;
        pricing_location: number | null;
        max_import_kw: number | null;
        household_load_kw_48: number[] | null;
        latitude: number | null;
        longitude: number | null;
        prefs: StoredPreferences | null;
        pricing_source: StoredRateSettings['pricing_source'];
        hourly_rates_cents_per_kwh: number[] | null;
        dynamic_zone: string | null;
        pricing_adder_cents_per_kwh: number | null;
        export_pricing: StoredRateSettings['export_pricing'];
        export_hourly_rates_cents_per_kwh: number[] | null;
      }>(
        `SELECT u.id AS user_id, p.user_id IS NOT NULL AS has_profile, p.timezone, p.location_zip, p.home_size_sqft,
                p.pricing_location, p.max_import_kw, p.household_load_kw_48, p.latitude, p.longitude, ap.prefs, r.pricing_source, r.hourly_rates_cents_per_kwh, r.dynamic_zone,
                r.pricing_adder_cents_per_kwh, r.export_pricing, r.export_hourly_rates_cents_per_kwh
           FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n)
           LEFT JOIN profiles p ON p.user_id = u.id
           LEFT JOIN account_preferences ap ON ap.user_id = u.id
           LEFT JOIN rate_settings r ON r.user_id = u.id
          ORDER BY u.n`,
        [userIds],
      );
      return rows.map((r) => ({
        userId: r.user_id,
        profile: r.has_profile
          ? {
              timezone: r.timezone,
              location_zip: r.location_zip ?? '',
              home_size_sqft: r.home_size_sqft ?? 0,
              pricing_location: r.pricing_location ?? 1,
              max_import_kw: r.max_import_kw ?? null,
              household_load_kw_48: r.household_load_kw_48 ?? null,
              latitude: r.latitude ?? null,
              longitude: r.longitude ?? null,
            }
          : null,
        accountPrefs: r.prefs ?? {},
        rateSettings: {
          pricing_source: r.pricing_source,
          pricing_location: r.pricing_location,
          hourly_rates_cents_per_kwh: r.hourly_rates_cents_per_kwh,
          dynamic_zone: r.dynamic_zone,
          pricing_adder_cents_per_kwh: r.pricing_adder_cents_per_kwh,
          export_pricing: r.export_pricing,
          export_hourly_rates_cents_per_kwh: r.export_hourly_rates_cents_per_kwh,
        },
      }));
    },

    /** Every appliance of these accounts (active or not), oldest first, with constraints and unit preferences. */
    async appliances(userIds: readonly string[]): Promise<PlanningApplianceRow[]> {
      const rows = await select<ApplianceRow & { constraints: Record<string, unknown> | null; unit_prefs: StoredPreferences | null }>(
        `SELECT a.id, a.user_id, a.appliance_type, a.name, a.config, a.is_active, a.created_at,
                c.constraints, p.prefs AS unit_prefs
           FROM appliances a
           LEFT JOIN appliance_constraints c ON c.appliance_id = a.id
           LEFT JOIN appliance_preferences p ON p.appliance_id = a.id
          WHERE a.user_id = ANY($1::uuid[])
          ORDER BY a.created_at, a.id`,
        [userIds],
      );
      return rows.map(({ constraints, unit_prefs, ...row }) => ({ ...row, constraints: constraints ?? {}, unitPrefs: unit_prefs ?? {} }));
    },

    /** The newest appliance reading of each appliance in (since, until], by appliance id. */
    async latestValues(
      applianceIds: readonly string[],
      since: Date,
      until: Date,
    ): Promise<Map<string, { at: Date; value: number; pluggedIn: boolean | null }>> {
      if (applianceIds.length === 0) return new Map();
      // One index probe (appliance_id, ts DESC) per appliance.
      const rows = await select<{ id: string; ts: Date; value: number; plugged_in: boolean | null }>(
        `SELECT a.id, r.ts, r.value, r.plugged_in FROM unnest($1::uuid[]) AS a(id)
          CROSS JOIN LATERAL (SELECT ts, value, plugged_in FROM appliance_readings
                               WHERE appliance_id = a.id AND ts > $2 AND ts <= $3 ORDER BY ts DESC LIMIT 1) r`,
        [applianceIds, since, until],
      );
      return new Map(rows.map((r) => [r.id, { at: r.ts, value: r.value, pluggedIn: r.plugged_in }]));
    },

    /** Half-hour means of these appliances' readings in [since, until), in watts, by appliance and half-hour start (UTC). */
    async halfHourMeans(applianceIds: readonly string[], since: Date, until: Date): Promise<{ applianceId: string; start: Date; meanWatts: number }[]> {
      if (applianceIds.length === 0) return [];
      const rows = await select<{ appliance_id: string; start: Date; mean_watts: number }>(
        `SELECT appliance_id, to_timestamp(floor(extract(epoch FROM ts) / 1800) * 1800) AS start, avg(value) AS mean_watts
           FROM appliance_readings WHERE appliance_id = ANY($1::uuid[]) AND ts >= $2 AND ts < $3
          GROUP BY 1, 2`,
        [applianceIds, since, until],
      );
      return rows.map((r) => ({ applianceId: r.appliance_id, start: new Date(r.start), meanWatts: Number(r.mean_watts) }));
    },

    /** HVAC readings of these appliances in (since, until]. */
    async recentHvacReadings(applianceIds: readonly string[], since: Date, until: Date): Promise<RecentHvacReading[]> {
      if (applianceIds.length === 0) return [];
      const rows = await select<{ appliance_id: string; ts: Date; indoor_temp: number; hvac_state: HvacState }>(
        `SELECT appliance_id, ts, indoor_temp, hvac_state FROM hvac_readings
          WHERE appliance_id = ANY($1::uuid[]) AND ts > $2 AND ts <= $3`,
        [applianceIds, since, until],
      );
      return rows.map((r) => ({ applianceId: r.appliance_id, at: r.ts, indoorTempF: r.indoor_temp, hvacState: r.hvac_state }));
    },
  };
}

export type PlanningInputsRepo = ReturnType<typeof createPlanningInputsRepo>;
