import { DataTypes, type Sequelize } from 'sequelize';

export interface ProfileRow {
  user_id: string;
  location_zip: string;
  home_size_sqft: number;
  pricing_location: number;
  timezone: string | null;
  subscription_tier: 'free' | 'premium';
  weather_entity_id: string;
  /** The whole-home power sensor (`sensor.*`), or null. */
  household_power_entity_id: string | null;
  /** The service's import limit, kW (1-200), or null for none. */
  max_import_kw: number | null;
  /** The set household load profile, 48 kW values, or null. */
  household_load_kw_48: number[] | null;
  /** The home's coordinates, degrees to 0.1, both set or both null (docs/forecast-and-solar.md). */
  latitude: number | null;
  longitude: number | null;
  created_at: Date;
  updated_at: Date;
}

export function defineProfile(db: Sequelize) {
  return db.define(
    'Profile',
    {
      user_id: { type: DataTypes.UUID, primaryKey: true },
      location_zip: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      home_size_sqft: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      pricing_location: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
      timezone: { type: DataTypes.TEXT },
      subscription_tier: { type: DataTypes.TEXT, allowNull: false, defaultValue: 'free' },
      weather_entity_id: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      household_power_entity_id: { type: DataTypes.TEXT },
      max_import_kw: { type: DataTypes.DOUBLE },
      household_load_kw_48: { type: DataTypes.JSONB },
      latitude: { type: DataTypes.DOUBLE },
      longitude: { type: DataTypes.DOUBLE },
      created_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
      updated_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    },
    { tableName: 'profiles', timestamps: false },
  );
}
