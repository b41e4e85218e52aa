import { DataTypes, type Sequelize } from 'sequelize';

/** A preferences row: only the fields a user has set (jsonb); reads fill the rest with defaults. */
export interface PreferencesRow {
  prefs: Record<string, unknown>;
  updated_at: Date;
}

const prefsColumns = {
  prefs: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
  updated_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
};

/** Account-level preferences, one row per user. */
export function defineAccountPreferences(db: Sequelize) {
  return db.define(
    'AccountPreferences',
    { user_id: { type: DataTypes.UUID, primaryKey: true }, ...prefsColumns },
    { tableName: 'account_preferences', timestamps: false },
  );
}

/** Per-HVAC preferences, one row per appliance. */
export function defineAppliancePreferences(db: Sequelize) {
  return db.define(
    'AppliancePreferences',
    { appliance_id: { type: DataTypes.UUID, primaryKey: true }, ...prefsColumns },
    { tableName: 'appliance_preferences', timestamps: false },
  );
}
