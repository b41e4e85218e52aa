import type { Migration } from './index.js';

/** Satellite devices: claim codes, device bindings and the durable command queue. */
export const devices: Migration = {
  name: '0004-devices',
  up: [
    // Claim codes: only the SHA-256 of the code is kept; used_at makes them single use.
    `CREATE TABLE enroll_tokens (
       id bigserial PRIMARY KEY,
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       token_hash text NOT NULL UNIQUE,
       created_at timestamptz NOT NULL DEFAULT now(),
       expires_at timestamptz NOT NULL,
       used_at timestamptz
     )`,
    // One row per factory serial ever claimed. claimed_at and token_hash are null while unclaimed;
    // user_id and appliance_id then remember the former binding so the same account re-claiming
    // gets its former appliance back. Deleting the appliance unbinds the device.
    `CREATE TABLE devices (
       device_id text PRIMARY KEY CHECK (char_length(device_id) BETWEEN 3 AND 128),
       user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
       appliance_id uuid REFERENCES appliances(id) ON DELETE SET NULL,
       token_hash text UNIQUE,
       claimed_at timestamptz,
       firmware_version text,
       rssi integer,
       last_seen_at timestamptz,
       CHECK ((claimed_at IS NULL) = (token_hash IS NULL))
     )`,
    `CREATE INDEX devices_user ON devices (user_id, claimed_at)`,
    // At most one claimed device drives an appliance: a command has exactly one recipient.
    `CREATE UNIQUE INDEX devices_bound_appliance ON devices (appliance_id) WHERE claimed_at IS NOT NULL`,
    `CREATE TABLE device_commands (
       id bigserial PRIMARY KEY,
       device_id text NOT NULL REFERENCES devices(device_id) ON DELETE CASCADE,
       appliance_id uuid NOT NULL REFERENCES appliances(id) ON DELETE CASCADE,
       kind text NOT NULL CHECK (kind IN ('control', 'schedule_updated')),
       payload jsonb NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       delivered_at timestamptz,
       acked_at timestamptz
     )`,
    // The hand-over scans only what is pending for one device, oldest first.
    `CREATE INDEX device_commands_pending ON device_commands (device_id, id) WHERE delivered_at IS NULL`,
    // schedule_updated nudges coalesce: at most one pending per device, even across instances.
    `CREATE UNIQUE INDEX device_commands_one_pending_nudge ON device_commands (device_id)
       WHERE delivered_at IS NULL AND kind = 'schedule_updated'`,
  ],
};
