import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { DeviceCommandRow } from './models/index.js';
import type { Sql } from './sql.js';

/** The PostgreSQL NOTIFY channel a command insert signals on; the payload is the device_id. */
export const COMMANDS_CHANNEL = 'device_commands';

/** A command as handed to a device. */
export type HandedOverCommand = Pick<DeviceCommandRow, 'id' | 'payload' | 'created_at'>;

// Every write that makes a command pending NOTIFYs in its own transaction: PostgreSQL delivers the
// notification on commit, never before the row is visible, and not at all on rollback.

// The enqueue is one statement (one round trip, its own transaction): find the claimed device of
// the appliance, share-locking its row so an unclaim waits until the command is stored (and then
// drops it with the device's other pending commands), insert, and NOTIFY, delivered on commit.
const BOUND_SQL = `SELECT device_id FROM devices WHERE appliance_id = $1 AND claimed_at IS NOT NULL FOR SHARE`;

const INSERT_CONTROL_SQL = `
  WITH bound AS (${BOUND_SQL}),
       stored AS (INSERT INTO device_commands (device_id, appliance_id, kind, payload)
                  SELECT device_id, $1, 'control', $2::jsonb FROM bound RETURNING id, device_id)
  SELECT id, device_id, pg_notify('${COMMANDS_CHANNEL}', device_id) FROM stored`;

// Coalesced by the partial unique index: a second pending nudge for a device is not stored. One
// statement for all the appliances of a schedule write: the claimed devices among them are found
// first, so an account without a satellite (most of a nightly run) costs one indexed lookup.
const INSERT_NUDGES_SQL = `
  WITH bound AS (SELECT device_id, appliance_id FROM devices WHERE appliance_id = ANY($1::uuid[]) AND claimed_at IS NOT NULL FOR SHARE),
       stored AS (INSERT INTO device_commands (device_id, appliance_id, kind, payload)
                  SELECT device_id, appliance_id, 'schedule_updated', '{"kind":"schedule_updated"}' FROM bound
                  ON CONFLICT (device_id) WHERE delivered_at IS NULL AND kind = 'schedule_updated' DO NOTHING
                  RETURNING device_id)
  SELECT device_id, pg_notify('${COMMANDS_CHANNEL}', device_id) FROM stored`;

// One statement, its own transaction: a poll that finds nothing (the common case, on every park)
// costs one round trip and writes nothing. SKIP LOCKED: a concurrent hand-over (a second poll,
// another instance) skips rows this one holds instead of waiting for them, so each command goes
// to exactly one response.
const HAND_OVER_SQL = `
  WITH picked AS (
    SELECT id FROM device_commands
     WHERE device_id = $1 AND appliance_id = $2 AND delivered_at IS NULL
     ORDER BY id
     LIMIT $4
     FOR UPDATE SKIP LOCKED
  )
  UPDATE device_commands c SET delivered_at = $3 FROM picked WHERE c.id = picked.id
  RETURNING c.id, c.payload, c.created_at`;

// Whether a poll has anything to hand over: one read on the same index, so a poll that finds nothing
// (every park) costs one round trip and opens no transaction.
const ANY_PENDING_SQL = `SELECT 1 AS pending FROM device_commands WHERE device_id = $1 AND appliance_id = $2 AND delivered_at IS NULL LIMIT 1`;

// A re-queued nudge is dropped when a newer one is pending already (the unique index allows one).
// One whose hand-over was rolled back is pending itself: it is not the newer one, and still wakes.
const REQUEUE_SQL = `
  WITH back AS (
    UPDATE device_commands c SET delivered_at = NULL
     WHERE c.id = ANY($1::bigint[]) AND c.acked_at IS NULL
       AND NOT (c.kind = 'schedule_updated' AND EXISTS (
         SELECT 1 FROM device_commands p WHERE p.device_id = c.device_id AND p.id <> c.id AND p.delivered_at IS NULL AND p.kind = 'schedule_updated'))
    RETURNING c.device_id)
  SELECT pg_notify('${COMMANDS_CHANNEL}', device_id) FROM (SELECT DISTINCT device_id FROM back) d`;

// Acknowledging keeps the first acknowledgement time, so a retried report still answers true.
const ACK_SQL = `
  UPDATE device_commands SET acked_at = coalesce(acked_at, $4), delivered_at = coalesce(delivered_at, $4)
   WHERE id = $1 AND device_id = $2 AND appliance_id = $3
  RETURNING id`;

/** The durable device command queue. */
export function createCommandsRepo(db: Sequelize, sql: Sql) {
  return {
    /** Stores a control command for the appliance's claimed device and signals its waiters; null with no device bound. */
    async insertControl(applianceId: string, payload: object): Promise<{ id: number; deviceId: string } | null> {
      const [row] = await db.query<{ id: number; device_id: string }>(INSERT_CONTROL_SQL, {
        bind: [applianceId, JSON.stringify(payload)],
        type: QueryTypes.SELECT,
      });
      return row ? { id: row.id, deviceId: row.device_id } : null;
    },

    /** Queues a schedule_updated nudge for each claimed device of the appliances without one pending; returns those devices. */
    async insertNudges(applianceIds: readonly string[]): Promise<string[]> {
      if (applianceIds.length === 0) return [];
      const rows = await db.query<{ device_id: string }>(INSERT_NUDGES_SQL, { bind: [applianceIds], type: QueryTypes.SELECT });
      return rows.map((r) => r.device_id);
    },

    /** True when the device has a command pending for its appliance (it may be locked by a hand-over under way). */
    async hasPending(deviceId: string, applianceId: string): Promise<boolean> {
      return (await sql.rows(ANY_PENDING_SQL, [deviceId, applianceId])).length > 0;
    },

    /**
     * Marks the device's oldest `limit` pending commands for its appliance delivered and returns them
     * oldest first; in `transaction` the mark holds only once it commits (rows another open hand-over
     * holds are skipped).
     */
    async handOver(deviceId: string, applianceId: string, now: Date, limit: number, transaction?: Transaction): Promise<HandedOverCommand[]> {
      const rows = await sql.rows<HandedOverCommand>(HAND_OVER_SQL, [deviceId, applianceId, now, limit], { transaction });
      return rows.sort((a, b) => a.id - b.id);
    },

    /** Makes handed-over but unacknowledged commands pending again and signals their devices. */
    async requeue(ids: number[]): Promise<void> {
      await db.query(REQUEUE_SQL, { bind: [ids], type: QueryTypes.SELECT });
    },

    /** Acknowledges one of the device's commands for its appliance; false when there is no such command. */
    async ack(deviceId: string, applianceId: string, commandId: number, now: Date): Promise<boolean> {
      return (await sql.rows(ACK_SQL, [commandId, deviceId, applianceId, now])).length > 0;
    },

    /** Drops the device's undelivered commands (it was unclaimed: they must not reach a later claim). */
    async deletePending(deviceId: string, transaction: Transaction): Promise<void> {
      await db.query(`DELETE FROM device_commands WHERE device_id = $1 AND delivered_at IS NULL`, { bind: [deviceId], transaction });
    },
  };
}

export type CommandsRepo = ReturnType<typeof createCommandsRepo>;
