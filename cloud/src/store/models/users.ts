import { DataTypes, type Sequelize } from 'sequelize';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  email_confirmed_at: Date | null;
  confirmation_token_hash: string | null;
  signup_profile: SignupProfile;
  created_at: Date;
}

/** Optional fields sent at signup, applied when the profile and preferences rows are first created. */
export interface SignupProfile {
  location_zip?: string;
  home_size_sqft?: number;
  pricing_location?: number;
  timezone?: string;
  newsletter_opt_in?: boolean;
}

export function defineUser(db: Sequelize) {
  return db.define(
    'User',
    {
      id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
      email: { type: DataTypes.TEXT, allowNull: false, unique: true },
      password_hash: { type: DataTypes.TEXT, allowNull: false },
      email_confirmed_at: { type: DataTypes.DATE },
      confirmation_token_hash: { type: DataTypes.TEXT },
      signup_profile: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
      created_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    },
    { tableName: 'users', timestamps: false },
  );
}
