import { DataTypes, type Sequelize } from 'sequelize';

import type { ApplianceType } from '../../domain/appliance-types/index.js';

export type { ApplianceType };

export interface ApplianceRow {
  id: string;
  user_id: string;
  appliance_type: ApplianceType;
  name: string;
  config: Record<string, unknown>;
  is_active: boolean;
  created_at: Date;
}

export function defineAppliance(db: Sequelize) {
  return db.define(
    'Appliance',
    {
      id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
      user_id: { type: DataTypes.UUID, allowNull: false },
      appliance_type: { type: DataTypes.TEXT, allowNull: false },
      name: { type: DataTypes.TEXT, allowNull: false },
      config: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
      is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      created_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    },
    { tableName: 'appliances', timestamps: false },
  );
}
