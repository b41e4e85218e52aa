import { DataTypes, type Sequelize } from 'sequelize';

/**
 * A satellite device, one row per factory serial ever claimed. Unclaimed rows have
 * null claimed_at and token_hash and keep user_id/appliance_id as the former binding.
 */
export interface DeviceRow {
  device_id: string;
  user_id: string;
  /** Null once the bound appliance is deleted (the device is then claimed but unbound). */
  appliance_id: string | null;
  token_hash: string | null;
  claimed_at: Date | null;
  firmware_version: string | null;
  rssi: number | null;
  last_seen_at: Date | null;
}

export function defineDevice(db: Sequelize) {
  return db.define(
    'Device',
    {
      device_id: { type: DataTypes.TEXT, primaryKey: true },
      user_id: { type: DataTypes.UUID, allowNull: false },
      appliance_id: { type: DataTypes.UUID },
      token_hash: { type: DataTypes.TEXT, unique: true },
      claimed_at: { type: DataTypes.DATE },
      firmware_version: { type: DataTypes.TEXT },
      rssi: { type: DataTypes.INTEGER },
      last_seen_at: { type: DataTypes.DATE },
    },
    { tableName: 'devices', timestamps: false },
  );
}
