import { QueryTypes, type Sequelize } from 'sequelize';
import type { StoredRateSettings } from '../domain/tariffs/rate-settings.js';
import type { Models, ProfileRow, RateSettingsRow } from './models/index.js';

/** The rate settings kept in rate_settings (pricing_location is on the profile). */
export type AccountRateSettings = Omit<StoredRateSettings, 'pricing_location'>;

/** Turns the stored settings into the settings to store; may throw to leave everything as it was. */
export type RateSettingsMutation = (stored: StoredRateSettings) => StoredRateSettings;

/** An account whose prices come from a dynamic zone (input of the daily price refresh). */
export interface DynamicAccount {
  userId: string;
  /** The stored slug as saved (catalog spelling). */
  zone: string;
  timezone: string | null;
  location_zip: string;
}

const NO_SETTINGS: AccountRateSettings = {
  pricing_source: null,
  hourly_rates_cents_per_kwh: null,
  dynamic_zone: null,
  pricing_adder_cents_per_kwh: null,
  export_pricing: null,
  export_hourly_rates_cents_per_kwh: null,
};

function toSettings(row: RateSettingsRow | null): AccountRateSettings {
  if (!row) return { ...NO_SETTINGS };
  return {
    pricing_source: row.pricing_source,
    hourly_rates_cents_per_kwh: row.hourly_rates_cents_per_kwh,
    dynamic_zone: row.dynamic_zone,
    pricing_adder_cents_per_kwh: row.pricing_adder_cents_per_kwh,
    export_pricing: row.export_pricing,
    export_hourly_rates_cents_per_kwh: row.export_hourly_rates_cents_per_kwh,
  };
}

/** Per-account rate preferences: rate_settings plus profiles.pricing_location. */
export function createRateSettingsRepo(db: Sequelize, { RateSettings, Profile }: Models) {
  return {
    /** The account's stored settings (all null when it never saved any). */
    async find(userId: string): Promise<AccountRateSettings> {
      return toSettings((await RateSettings.findByPk(userId, { raw: true })) as RateSettingsRow | null);
    },

    /**
     * The profile and the stored settings in one round trip (GET /rates is a hot path). Null when
     * the profile row does not exist yet.
     */
    async findWithProfile(userId: string): Promise<{ profile: ProfileRow; settings: AccountRateSettings } | null> {
      const rows = await db.query<ProfileRow & { rs: RateSettingsRow | null }>(
        `SELECT p.*, CASE WHEN r.user_id IS NULL THEN NULL ELSE to_jsonb(r) END AS rs
           FROM profiles p LEFT JOIN rate_settings r ON r.user_id = p.user_id
          WHERE p.user_id = $1`,
        { bind: [userId], type: QueryTypes.SELECT },
      );
      const row = rows[0];
      if (!row) return null;
      const { rs, ...profile } = row;
      return { profile, settings: toSettings(rs) };
    },

    /**
     * Read-modify-write of both tables in one transaction under the profile's row lock, so two
     * concurrent PUTs of different fields both land. The profile row must exist.
     */
    modify(userId: string, mutate: RateSettingsMutation): Promise<StoredRateSettings> {
      return db.transaction(async (transaction) => {
        const profile = (await Profile.findByPk(userId, { raw: true, transaction, lock: transaction.LOCK.UPDATE })) as {
          pricing_location: number;
        } | null;
        if (!profile) throw new Error(`rate settings: no profile row for user ${userId}`);
        const row = (await RateSettings.findByPk(userId, { raw: true, transaction })) as RateSettingsRow | null;
        const next = mutate({ ...toSettings(row), pricing_location: profile.pricing_location });
        const { pricing_location, ...settings } = next;
        await RateSettings.upsert({ user_id: userId, ...settings, updated_at: new Date() }, { transaction });
        if (pricing_location !== null && pricing_location !== profile.pricing_location) {
          await Profile.update({ pricing_location, updated_at: new Date() }, { where: { user_id: userId }, transaction });
        }
        return next;
      });
    },

    /** Every account with pricing_source `dynamic` and a zone, with what its local day needs. */
    async listDynamicAccounts(): Promise<DynamicAccount[]> {
      return db.query<DynamicAccount>(
        `SELECT r.user_id AS "userId", r.dynamic_zone AS zone, p.timezone, p.location_zip
           FROM rate_settings r JOIN profiles p ON p.user_id = r.user_id
          WHERE r.pricing_source = 'dynamic' AND r.dynamic_zone IS NOT NULL
          ORDER BY r.user_id`,
        { type: QueryTypes.SELECT },
      );
    },
  };
}

export type RateSettingsRepo = ReturnType<typeof createRateSettingsRepo>;
