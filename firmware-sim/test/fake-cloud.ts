// A minimal in-memory cloud for the simulator's tests: the device endpoints (readings,
// schedule, claim and device plane) over loopback HTTP, with knobs to queue commands, swap the schedule,
// revoke the token and take the whole cloud "down" (connections dropped, as a network outage).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { hvacReadingsRequestSchema, type HvacReadingInput } from '@offpeak/cloud/contract';
import type { ApplianceScheduleResponse, ClaimRequest, DeviceCommand, DeviceConfig, StateReport } from '../src/wire.js';

interface Device {
  token: string;
  deviceId: string;
  applianceId: string;
  revoked: boolean;
}

/** A comfort band of 48 equal slots. */
export const flatBand = (low: number, high: number) => ({ high_temps_f: Array(48).fill(high), low_temps_f: Array(48).fill(low) });

/** Defaults of the spec with a fixed offset and short waits suited to tests. */
export const defaultConfig = (): DeviceConfig => ({
  timezone: 'America/New_York',
  utc_offset_minutes_now: -240,
  next_transition: null,
  setpoint_min_f: 61,
  setpoint_max_f: 86,
  comfort_band: flatBand(70, 76),
  reading_push_interval_s: 3600,
  capture_interval_s: 300,
  command_poll_wait_s: 2,
});

/** Starts the fake cloud on an ephemeral loopback port. */
export async function startFakeCloud() {
  const codes = new Map<string, boolean>();
  const devices = new Map<string, Device>();
  const commands: (DeviceCommand & { applianceId: string; delivered: boolean })[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<net.Socket>();
  let down = false;
  let nextCommandId = 1;

  const state = {
    config: defaultConfig(),
    /** What GET schedule answers; `date` decides which local day it plans. */
    schedule: null as Pick<ApplianceScheduleResponse, 'date' | 'schedule' | 'source'> | null,
    claims: [] as ClaimRequest[],
    reports: [] as StateReport[],
    readings: [] as HvacReadingInput[],
    requests: [] as string[],
  };

  const byToken = (req: http.IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return [...devices.values()].find((d) => d.token === token && !d.revoked) ?? null;
  };

  const server = http.createServer(async (req, res) => {
    if (down) return req.socket.destroy();
    const url = new URL(req.url ?? '/', 'http://x');
    state.requests.push(`${req.method} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const send = (status: number, payload: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };
    const route = `${req.method} ${url.pathname}`;

    if (route === 'POST /api/v1/devices/claim') {
      const claim = body as ClaimRequest;
      if (!codes.has(claim.enroll_token)) return send(400, { detail: 'Invalid enrollment token' });
      if (codes.get(claim.enroll_token)) return send(400, { detail: 'Enrollment token already used' });
      if ([...devices.values()].some((d) => d.deviceId === claim.device_id && !d.revoked)) return send(409, { detail: 'Device already claimed' });
      codes.set(claim.enroll_token, true);
      state.claims.push(claim);
      const device: Device = { token: `dt_${randomUUID()}`, deviceId: claim.device_id, applianceId: randomUUID(), revoked: false };
      devices.set(device.deviceId, device);
      return send(200, { device_token: device.token, appliance_id: device.applianceId, device_id: device.deviceId });
    }
    const device = byToken(req);
    if (!device) return send(401, { detail: 'Invalid token' });

    if (route === 'GET /api/v1/devices/config') return send(200, state.config);
    const scheduleOf = /^\/api\/v1\/appliances\/([^/]+)\/schedule$/.exec(url.pathname);
    if (req.method === 'GET' && scheduleOf) {
      if (scheduleOf[1] !== device.applianceId) return send(403, { detail: 'Not allowed' });
      const s = state.schedule ?? { date: '1970-01-01', schedule: {}, source: 'defaults' as const };
      return send(200, { appliance_id: device.applianceId, appliance_type: 'hvac', name: 'AC', savings_pct: 0, entities: {}, ...s });
    }
    if (route === 'GET /api/v1/devices/commands') {
      const wait = Math.min(55, Math.max(0, Number(url.searchParams.get('wait') ?? 0) || 0));
      const take = () => {
        const due = commands.filter((c) => c.applianceId === device.applianceId && !c.delivered);
        for (const c of due) c.delivered = true;
        return due.map(({ id, payload, created_at }) => ({ id, payload, created_at }));
      };
      const ready = take();
      if (ready.length || wait === 0) return send(200, ready);
      // Parked: woken by an enqueue or the wait; a client gone meanwhile takes nothing.
      return new Promise<void>((resolve) => {
        const finish = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          if (!res.destroyed && !req.socket.destroyed) send(200, take());
          resolve();
        };
        const wake = () => finish();
        const timer = setTimeout(finish, wait * 1000);
        waiters.add(wake);
        res.on('close', () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (route === 'POST /api/v1/devices/state') {
      const report = body as StateReport;
      if (!['schedule', 'command', 'override', 'watchdog'].includes(report?.source))
        return send(422, { detail: 'source must be one of schedule, command, override, watchdog' });
      state.reports.push(report);
      const cmd = commands.find((c) => c.id === report.command_id && c.applianceId === device.applianceId && c.delivered);
      return send(200, { status: 'ok', command_acked: !!cmd, reading_written: state.readings.length > 0 });
    }
    if (route === 'POST /api/v1/readings') {
      try {
        const valid = await hvacReadingsRequestSchema.validate(body);
        state.readings.push(...(valid.readings as HvacReadingInput[]));
        return send(201, { accepted: valid.readings.length });
      } catch (e) {
        return send(400, { detail: (e as Error).message });
      }
    }
    return send(404, { detail: 'Not Found' });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    state,
    /** A fresh claim code. */
    issueCode(): string {
      const code = `CODE-${randomUUID().slice(0, 8)}`;
      codes.set(code, false);
      return code;
    },
    /** Queues a command for the appliance (POST /appliances/{id}/command) and wakes parked polls. */
    enqueue(applianceId: string, payload: DeviceCommand['payload']): number {
      const id = nextCommandId++;
      commands.push({ id, payload, created_at: new Date().toISOString(), applianceId, delivered: false });
      for (const w of [...waiters]) w();
      return id;
    },
    /** Takes the cloud off the network (every connection dropped, new ones refused) or back. */
    setDown(value: boolean): void {
      down = value;
      if (value) for (const s of sockets) s.destroy();
    },
    /** DELETE /devices/{device_id}: the token stops authenticating at once. */
    revoke(deviceId: string): void {
      const d = devices.get(deviceId);
      if (d) d.revoked = true;
    },
    count: (route: string) => state.requests.filter((r) => r === route).length,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** What startFakeCloud() returns. */
export type FakeCloud = Awaited<ReturnType<typeof startFakeCloud>>;
