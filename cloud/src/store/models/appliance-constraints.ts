import { DataTypes, type Sequelize } from 'sequelize';

export interface ApplianceConstraintsRow {
  appliance_id: string;
  /** Only the fields set by the last save. */
  constraints: Record<string, unknown>;
  updated_at: Date;
}

export function defineApplianceConstraints(db: Sequelize) {
  return db.define(
    'ApplianceConstraints',
    {
      appliance_id: { type: DataTypes.UUID, primaryKey: true },
      constraints: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
      updated_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    },
    { tableName: 'appliance_constraints', timestamps: false },
  );
}
