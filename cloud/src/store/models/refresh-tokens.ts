import { DataTypes, type Sequelize } from 'sequelize';

export interface RefreshTokenRow {
  id: number;
  user_id: string;
  family_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
}

export function defineRefreshToken(db: Sequelize) {
  return db.define(
    'RefreshToken',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      user_id: { type: DataTypes.UUID, allowNull: false },
      family_id: { type: DataTypes.UUID, allowNull: false },
      token_hash: { type: DataTypes.TEXT, allowNull: false, unique: true },
      created_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
      expires_at: { type: DataTypes.DATE, allowNull: false },
      rotated_at: { type: DataTypes.DATE },
      revoked_at: { type: DataTypes.DATE },
    },
    { tableName: 'refresh_tokens', timestamps: false },
  );
}
