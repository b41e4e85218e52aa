// The real built cloud (cloud/dist/main.js, what `npm start` runs) on a fresh embedded PostgreSQL
// in a temporary folder, for the add-on's tests and bench; plus a loopback TCP cut-off in front of
// it to play a network outage without stopping the cloud.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLOUD_MAIN = fileURLToPath(new URL('../../../cloud/dist/main.js', import.meta.url));
const CLOUD_ADMIN = fileURLToPath(new URL('../../../cloud/dist/admin.js', import.meta.url));
/** The JWT secret the test cloud signs with (tests mint expired tokens with it). */
export const TEST_JWT_SECRET = 'hub-addon-test-secret-that-is-long-enough-for-hs256';

export interface CloudProcess {
  url: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Starts the built cloud; resolves with its URL once it listens. */
export async function startCloudProcess(extraEnv: Record<string, string> = {}): Promise<CloudProcess> {
  if (!existsSync(CLOUD_MAIN)) throw new Error('cloud/dist/main.js is missing: run `npm run build` first (npm test does)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offpeak-addon-cloud-'));
  chmodSync(dataDir, 0o755); // the embedded server runs as the postgres user when we are root
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    OFFPEAK_DATA_DIR: dataDir,
    LOG_LEVEL: process.env.CLOUD_LOG ?? 'warn',
    JOBS_ENABLED: 'false',
    RECOMPUTE_DEBOUNCE_MS: '200',
    SHUTDOWN_GRACE_MS: '1000',
    JWT_SECRET: TEST_JWT_SECRET,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WEATHER_FALLBACK_BASE_URL: 'http://127.0.0.1:9',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [CLOUD_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    if (process.env.CLOUD_LOG) child.stdout!.on('data', (c: Buffer) => process.stderr.write(c));
    child.once('exit', (code) => reject(new Error(`cloud exited (${code}):\n${out}`)));
  });
  return {
    url,
    dataDir,
    env,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Makes an account premium (more than one HVAC) with the cloud's operator command. */
export async function setPremium(cloud: CloudProcess, email: string): Promise<void> {
  const child = spawn(process.execPath, [CLOUD_ADMIN, 'set-tier', email, 'premium'], { env: { ...cloud.env, INIT_CWD: process.cwd() }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`set-tier failed (${code}): ${out}`);
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
