// The real built cloud (`@offpeak/cloud/testing`: cloud/dist/main.js, what `npm start` runs) on a
// fresh embedded PostgreSQL in a temporary folder, for the add-on's tests and bench; plus a loopback
// TCP cut-off in front of it to play a network outage without stopping the cloud.
import net from 'node:net';
import { runBuiltAdmin, startBuiltCloud, type BuiltCloud } from '@offpeak/cloud/testing';

/** The JWT secret the test cloud signs with (tests mint expired tokens with it). */
export const TEST_JWT_SECRET = 'hub-addon-test-secret-that-is-long-enough-for-hs256';

export type CloudProcess = BuiltCloud;

/** Starts the built cloud; resolves with its URL once it listens. `CLOUD_LOG=info` shows its log. */
export function startCloudProcess(env: Record<string, string> = {}): Promise<CloudProcess> {
  return startBuiltCloud({ env, jwtSecret: TEST_JWT_SECRET, logLevel: process.env.CLOUD_LOG ?? 'warn', echo: Boolean(process.env.CLOUD_LOG) });
}

/** Makes an account premium (more than one HVAC) with the cloud's operator command. */
export function setPremium(cloud: CloudProcess, email: string): void {
  runBuiltAdmin(cloud.env, ['set-tier', email, 'premium']);
}

/**
 * A loopback TCP relay to `target` that can be cut (connections refused and dropped) and restored,
 * or frozen: open connections stay open but no byte moves either way (a half-open link).
 */
export interface CutOff {
  url: string;
  down(): Promise<void>;
  up(): Promise<void>;
  freeze(): void;
  close(): Promise<void>;
}

export async function startCutOff(targetUrl: string): Promise<CutOff> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const down = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    if (s) await new Promise((r) => s.close(r));
  };
  const freeze = () => {
    for (const sock of sockets) {
      sock.unpipe();
      sock.pause();
    }
  };
  await listen();
  return { url: `http://127.0.0.1:${port}`, down, up: listen, freeze, close: down };
}
