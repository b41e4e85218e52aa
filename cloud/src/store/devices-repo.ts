import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { AnchorReading } from '../domain/devices/anchored-reading.js';
import type { DeviceRow, Models } from './models/index.js';
import { ASYNC_COMMIT_CTE, type Sql } from './sql.js';

/** What a device token resolves to: the device, its owner and its bound appliance's config. */
export interface DeviceCredentials {
  device_id: string;
  user_id: string;
  email: string;
  /** Null when the bound appliance was deleted. */
  appliance_id: string | null;
  appliance_config: Record<string, unknown> | null;
  last_seen_at: Date | null;
}

/** One claimed device as listed. */
export interface ListedDeviceRow {
  device_id: string;
  appliance_id: string | null;
  appliance_name: string | null;
  firmware_version: string | null;
  last_seen_at: Date | null;
  rssi: number | null;
  claimed_at: Date;
}

/** The measured part of an appliance's newest HVAC reading: the anchor of a state report, as the domain declares it. */
export type LatestReadingRow = AnchorReading;

const CREDENTIALS_SQL = `
  SELECT d.device_id, d.user_id, u.email, d.appliance_id, a.config AS appliance_config, d.last_seen_at
    FROM devices d
    JOIN users u ON u.id = d.user_id
    LEFT JOIN appliances a ON a.id = d.appliance_id
   WHERE d.token_hash = $1`;

const LIST_SQL = `
  SELECT d.device_id, d.appliance_id, a.name AS appliance_name, d.firmware_version, d.last_seen_at, d.rssi, d.claimed_at
    FROM devices d
    LEFT JOIN appliances a ON a.id = d.appliance_id
   WHERE d.user_id = $1 AND d.claimed_at IS NOT NULL
   ORDER BY d.claimed_at, d.device_id`;

// A claim writes the whole binding. On an existing row it only applies while the row is unclaimed,
// so two concurrent claims of one new device_id cannot both win: the loser gets no row back.
const CLAIM_SQL = `
  INSERT INTO devices (device_id, user_id, appliance_id, token_hash, claimed_at, firmware_version, rssi, last_seen_at)
  VALUES ($1, $2, $3, $4, $5, NULL, NULL, $5)
  ON CONFLICT (device_id) DO UPDATE
     SET user_id = EXCLUDED.user_id, appliance_id = EXCLUDED.appliance_id, token_hash = EXCLUDED.token_hash,
         claimed_at = EXCLUDED.claimed_at, firmware_version = NULL, rssi = NULL, last_seen_at = EXCLUDED.last_seen_at
   WHERE devices.claimed_at IS NULL
  RETURNING device_id`;

const LATEST_READING_SQL = `
  SELECT indoor_temp, hvac_state, indoor_humidity, outdoor_temp, target_temp, fan_mode
    FROM hvac_readings WHERE appliance_id = $1 ORDER BY ts DESC, id DESC LIMIT 1`;

/** Satellite devices and their bindings. */
// Telemetry: one statement, committed without waiting for the WAL flush (sql.ts); an absent
// firmware version or RSSI keeps the stored one.
const RECORD_CONTACT_SQL = `
  WITH async_commit AS (${ASYNC_COMMIT_CTE})
  UPDATE devices SET last_seen_at = $2, firmware_version = coalesce($3, firmware_version), rssi = coalesce($4::int, rssi)
    FROM async_commit WHERE device_id = $1`;

export function createDevicesRepo(db: Sequelize, { Device, Appliance }: Models, sql: Sql) {
  return {
    /** The device a token hash belongs to while claimed, else null (unknown or revoked). */
    async findByTokenHash(tokenHash: string): Promise<DeviceCredentials | null> {
      const [row] = await sql.rows<DeviceCredentials>(CREDENTIALS_SQL, [tokenHash]);
      return row ?? null;
    },

    /** The row of a device_id, locked for the rest of `transaction`, or null when never claimed. */
    async lockById(deviceId: string, transaction: Transaction): Promise<DeviceRow | null> {
      return (await Device.findOne({ where: { device_id: deviceId }, lock: transaction.LOCK.UPDATE, transaction, raw: true })) as DeviceRow | null;
    },

    /** Binds the device (new or unclaimed) to an appliance with a fresh token; false when it is claimed already. */
    async claim(b: { deviceId: string; userId: string; applianceId: string; tokenHash: string; now: Date }, transaction: Transaction): Promise<boolean> {
      const rows = await db.query(CLAIM_SQL, { bind: [b.deviceId, b.userId, b.applianceId, b.tokenHash, b.now], type: QueryTypes.SELECT, transaction });
      return rows.length > 0;
    },

    /** Stores the satellite facts of a re-claim on the former appliance's config. */
    async updateApplianceConfig(applianceId: string, config: Record<string, unknown>, transaction: Transaction): Promise<void> {
      await Appliance.update({ config }, { where: { id: applianceId }, transaction });
    },

    async listClaimed(userId: string): Promise<ListedDeviceRow[]> {
      return db.query<ListedDeviceRow>(LIST_SQL, { bind: [userId], type: QueryTypes.SELECT });
    },

    /** Unclaims the user's claimed device (its token stops matching at once); false when there is none. */
    async unclaim(userId: string, deviceId: string, transaction: Transaction): Promise<boolean> {
      const [count] = await Device.update(
        { claimed_at: null, token_hash: null },
        { where: { device_id: deviceId, user_id: userId, claimed_at: { [Op.ne]: null } }, transaction },
      );
      return count > 0;
    },

    /**
     * Records that the device called, with what it reported. Telemetry: committed without waiting
     * for the WAL flush (a database crash may forget the last second of it, nothing else).
     */
    async recordContact(deviceId: string, fields: { now: Date; firmwareVersion?: string; rssi?: number }): Promise<void> {
      await sql.run(RECORD_CONTACT_SQL, [deviceId, fields.now, fields.firmwareVersion ?? null, fields.rssi ?? null]);
    },

    /** The newest HVAC reading of an appliance (measured fields only), or null. */
    async latestReading(applianceId: string): Promise<LatestReadingRow | null> {
      const [row] = await sql.rows<LatestReadingRow>(LATEST_READING_SQL, [applianceId]);
      return row ?? null;
    },
  };
}

export type DevicesRepo = ReturnType<typeof createDevicesRepo>;
