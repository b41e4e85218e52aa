// Starts the built cloud (cloud/dist/main.js, what `npm start` runs) on a free loopback port with
// a fresh embedded PostgreSQL in a temporary OFFPEAK_DATA_DIR, the way firmware-sim's real-cloud
// test does, and a second instance with other settings on the same database. Outside services
// (price feeds, weather) point at an unroutable loopback port.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CLOUD_MAIN = path.join(REPO, 'cloud/dist/main.js');
const CLOUD_ADMIN = path.join(REPO, 'cloud/dist/admin.js');
const DASHBOARD_INDEX = path.join(REPO, 'dashboard/dist/index.html');
const NOWHERE = 'http://127.0.0.1:9';

export interface RunningCloud {
  url: string;
  dataDir: string;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

export function cloudEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    OFFPEAK_DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG ?? 'warn',
    JOBS_ENABLED: 'false',
    RECOMPUTE_DEBOUNCE_MS: '200',
    SHUTDOWN_GRACE_MS: '1000',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    WEATHER_FALLBACK_BASE_URL: NOWHERE,
    WEATHER_FALLBACK_TIMEOUT_MS: '500',
    PRICE_FEED_BASE_URLS: `*=${NOWHERE}`,
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  return env;
}

export async function startCloud(extraEnv: Record<string, string> = {}): Promise<RunningCloud> {
  for (const [file, what] of [
    [CLOUD_MAIN, 'the cloud'],
    [DASHBOARD_INDEX, 'the dashboard'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${what} is not built (${file} missing): run \`npm run build\` first (npm test does)`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offpeak-e2e-'));
  chmodSync(dataDir, 0o755); // the embedded server runs as the postgres user when we are root
  return spawnCloud(cloudEnv(dataDir, extraEnv), dataDir, true);
}

/**
 * A second cloud instance with its own settings (EMAIL_CONFIRMATION_REQUIRED, ...) on the running
 * cloud's embedded PostgreSQL: the instances are stateless, so it needs no cluster of its own and
 * starts in about a second instead of initialising one. It shares the data dir (and so the JWT
 * secret) and leaves both in place when stopped. Its log, at `info`, is in `output()`.
 */
export async function startCloudOnSameDatabase(dataDir: string, extraEnv: Record<string, string> = {}): Promise<RunningCloud> {
  const pgDir = path.join(dataDir, 'pg');
  const port = runningPostgresPort(path.join(pgDir, 'cluster'));
  if (port === null) throw new Error(`no PostgreSQL is running on ${pgDir}: start the first cloud before a second one`);
  const password = readFileSync(path.join(pgDir, 'password'), 'utf8').trim();
  const env = cloudEnv(dataDir, { LOG_LEVEL: 'info', ...extraEnv });
  env.DATABASE_URL = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/offpeak`;
  return spawnCloud(env, dataDir, false);
}

/** The port of the PostgreSQL server holding `clusterDir` (line 4 of postmaster.pid), or null. */
function runningPostgresPort(clusterDir: string): number | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

async function spawnCloud(env: NodeJS.ProcessEnv, dataDir: string, ownsDataDir: boolean): Promise<RunningCloud> {
  const child = spawn(process.execPath, [CLOUD_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    if (process.env.E2E_LOG) child.stdout!.on('data', (c: Buffer) => process.stderr.write(c));
    child.once('exit', (code) => reject(new Error(`cloud exited (${code}):\n${out}`)));
  });
  return { url, dataDir, output: () => out, stop: () => stopChild(child, ownsDataDir ? dataDir : null) };
}

async function stopChild(child: ChildProcess, dataDir: string | null): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/** `npm run -w cloud admin -- set-tier EMAIL TIER` against the running cloud's embedded database. */
export function setTier(dataDir: string, email: string, tier: 'premium' | 'free'): void {
  const r = spawnSync(process.execPath, [CLOUD_ADMIN, 'set-tier', email, tier], { env: cloudEnv(dataDir), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`set-tier failed (${r.status}): ${r.stderr}${r.stdout}`);
}
