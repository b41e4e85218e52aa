import { DataTypes, type Sequelize } from 'sequelize';

/** A satellite claim code; only its hash is stored. */
export interface EnrollTokenRow {
  id: number;
  user_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export function defineEnrollToken(db: Sequelize) {
  return db.define(
    'EnrollToken',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      user_id: { type: DataTypes.UUID, allowNull: false },
      token_hash: { type: DataTypes.TEXT, allowNull: false, unique: true },
      created_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
      expires_at: { type: DataTypes.DATE, allowNull: false },
      used_at: { type: DataTypes.DATE },
    },
    { tableName: 'enroll_tokens', timestamps: false },
  );
}
