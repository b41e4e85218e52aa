import http from 'node:http';
import pg from 'pg';
import { DEVICE_TOKEN_PREFIX } from '../../domain/devices/tokens.js';
import { hashToken, newOpaqueToken } from '../../services/secrets.js';

/** One simulated satellite: it long-polls in a loop, like the firmware, and reports what it receives. */
export interface BenchDevice {
  deviceId: string;
  applianceId: string;
  token: string;
}

/**
 * Inserts `count` claimed devices, each bound to its own HVAC of `userId`, straight into the
 * database: the claim flow has its own tests, and 8,000 claims through the API would only make
 * the benchmark slow to set up. Tokens are made and hashed exactly as a claim does.
 */
export async function provisionDevices(databaseUrl: string, userId: string, count: number, offset: number): Promise<BenchDevice[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO appliances (user_id, appliance_type, name, config)
       SELECT $1, 'hvac', 'Bench unit ' || i, '{"hvac_type":"mini_split"}' FROM generate_series($2::int, $3::int) i
       RETURNING id`,
      [userId, offset, offset + count - 1],
    );
    const devices = rows.map((r, i) => ({ deviceId: `BENCH-${offset + i}`, applianceId: r.id, token: newOpaqueToken(DEVICE_TOKEN_PREFIX) }));
    await client.query(
      `INSERT INTO devices (device_id, user_id, appliance_id, token_hash, claimed_at, last_seen_at)
       SELECT d, $1, a, h, now(), now() FROM unnest($2::text[], $3::uuid[], $4::text[]) AS t(d, a, h)`,
      [userId, devices.map((d) => d.deviceId), devices.map((d) => d.applianceId), devices.map((d) => hashToken(d.token))],
    );
    return devices;
  } finally {
    await client.end();
  }
}

/**
 * Parks every device on `baseUrl` and re-polls as soon as an answer arrives, until stop(). The
 * first poll waits a random 5-55 s and later ones 55 s, so timeouts spread out the way a real
 * fleet's do instead of all expiring in the same second.
 */
export function startPolling(baseUrl: string, onCommands: (device: BenchDevice, atMs: number, commandIds: number[]) => void) {
  const target = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  let stopped = false;
  let outstanding = 0;
  let errors = 0;
  let firstError: string | null = null;

  const pollOnce = (device: BenchDevice, waitS = 55) => {
    if (stopped) return;
    outstanding += 1;
    const req = http.get(
      { agent, host: target.hostname, port: target.port, path: `/api/v1/devices/commands?wait=${waitS}`, headers: { authorization: `Bearer ${device.token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const atMs = performance.now();
          outstanding -= 1;
          if (res.statusCode !== 200) {
            errors += 1;
            firstError ??= `${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`;
            // A refused poll (429) comes back when told, as the firmware does.
            const retryAfterS = Number(res.headers['retry-after']);
            setTimeout(() => pollOnce(device), Number.isFinite(retryAfterS) && retryAfterS > 0 ? retryAfterS * 1000 : 1000);
            return;
          }
          const commands = JSON.parse(Buffer.concat(chunks).toString()) as { id: number }[];
          if (commands.length > 0)
            onCommands(
              device,
              atMs,
              commands.map((c) => c.id),
            );
          pollOnce(device);
        });
      },
    );
    req.on('error', (err) => {
      outstanding -= 1;
      if (stopped) return;
      errors += 1;
      firstError ??= err.message;
      setTimeout(() => pollOnce(device), 1000);
    });
  };

  return {
    add: (devices: BenchDevice[]) => devices.forEach((d) => pollOnce(d, 5 + Math.floor(Math.random() * 51))),
    /** Polls sent and not yet answered (parked, or on their way to parking). */
    outstanding: () => outstanding,
    errors: () => ({ count: errors, first: firstError }),
    stop() {
      stopped = true;
      agent.destroy();
    },
  };
}

/** POSTs a control command as the owner; resolves with its command_id when the cloud has answered 202. */
export function postCommand(agent: http.Agent, baseUrl: string, userToken: string, applianceId: string): Promise<number> {
  const target = new URL(baseUrl);
  const body = JSON.stringify({ target_temp_f: 70 + Math.floor(Math.random() * 6) });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        method: 'POST',
        host: target.hostname,
        port: target.port,
        path: `/api/v1/appliances/${applianceId}/command`,
        headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 202
            ? resolve((JSON.parse(Buffer.concat(chunks).toString()) as { command_id: number }).command_id)
            : reject(new Error(`command POST answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
