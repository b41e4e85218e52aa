import { DataTypes, type Sequelize } from 'sequelize';
import type { ExportPricing, PricingSource } from '../../domain/tariffs/rate-settings.js';

/** The per-account rate preferences except pricing_location, which lives on the profile. */
export interface RateSettingsRow {
  user_id: string;
  pricing_source: PricingSource | null;
  hourly_rates_cents_per_kwh: number[] | null;
  dynamic_zone: string | null;
  pricing_adder_cents_per_kwh: number | null;
  export_pricing: ExportPricing | null;
  export_hourly_rates_cents_per_kwh: number[] | null;
  updated_at: Date;
}

/** rate_settings: one row per account that ever saved rates (no row = all defaults). */
export function defineRateSettings(db: Sequelize) {
  return db.define(
    'RateSettings',
    {
      user_id: { type: DataTypes.UUID, primaryKey: true },
      pricing_source: { type: DataTypes.TEXT },
      hourly_rates_cents_per_kwh: { type: DataTypes.JSONB },
      dynamic_zone: { type: DataTypes.TEXT },
      pricing_adder_cents_per_kwh: { type: DataTypes.DOUBLE },
      export_pricing: { type: DataTypes.TEXT },
      export_hourly_rates_cents_per_kwh: { type: DataTypes.JSONB },
      updated_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    },
    { tableName: 'rate_settings', timestamps: false },
  );
}
