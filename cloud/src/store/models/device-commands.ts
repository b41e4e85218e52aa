import { DataTypes, type Sequelize } from 'sequelize';

export type DeviceCommandKind = 'control' | 'schedule_updated';

/** A queued device command: pending until delivered_at, acknowledged at acked_at. */
export interface DeviceCommandRow {
  id: number;
  device_id: string;
  appliance_id: string;
  kind: DeviceCommandKind;
  payload: Record<string, unknown>;
  created_at: Date;
  delivered_at: Date | null;
  acked_at: Date | null;
}

export function defineDeviceCommand(db: Sequelize) {
  return db.define(
    'DeviceCommand',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      device_id: { type: DataTypes.TEXT, allowNull: false },
      appliance_id: { type: DataTypes.UUID, allowNull: false },
      kind: { type: DataTypes.TEXT, allowNull: false },
      payload: { type: DataTypes.JSONB, allowNull: false },
      created_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
      delivered_at: { type: DataTypes.DATE },
      acked_at: { type: DataTypes.DATE },
    },
    { tableName: 'device_commands', timestamps: false },
  );
}
