// The built cloud (dist/main.js, what `npm start` runs) as a child process for other workspaces'
// tests and benches: a fresh embedded PostgreSQL in a temporary OFFPEAK_DATA_DIR, a free loopback
// port, outside services (price feeds, weather) pointed at an unroutable loopback port, and a
// clean stop. One implementation, imported as `@offpeak/cloud/testing`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLOUD_MAIN = fileURLToPath(new URL('../main.js', import.meta.url));
const CLOUD_ADMIN = fileURLToPath(new URL('../admin.js', import.meta.url));
/** Where outside services point: port 9 (discard) on loopback refuses at once. */
const NOWHERE = 'http://127.0.0.1:9';
/** Keep at most this much of the process's output (the tail). */
const OUTPUT_MAX_CHARS = 4_000_000;

export interface BuiltCloudOptions {
  /** Environment on top of the test defaults below; it wins over them. */
  env?: Record<string, string>;
  /** Listening port; 0 (default) asks for a free one. */
  port?: number;
  /** Signs access tokens with it; by default the cloud generates one into the data dir. */
  jwtSecret?: string;
  /** OFFPEAK_DATA_DIR; by default a fresh temporary folder, removed by `stop()`. */
  dataDir?: string;
  /** A PostgreSQL to use instead of the embedded one. */
  databaseUrl?: string;
  /**
   * A running cloud whose database, data dir and JWT secret this instance shares (its data dir is
   * enough when it runs on the embedded PostgreSQL). Stopping this one leaves both in place.
   */
  sameDatabaseAs?: { dataDir: string; env?: NodeJS.ProcessEnv };
  /** The cloud's LOG_LEVEL; default `warn`. Its output is in `output()` either way. */
  logLevel?: string;
  /** Also copy the process's output to this process's stderr. */
  echo?: boolean;
  /** Flags for node before the script, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Rejects when the cloud does not listen within this time; default 90 s. */
  readyTimeoutMs?: number;
  /** `stop()` sends SIGTERM, then SIGKILL after this long; default 20 s. */
  killAfterMs?: number;
}

export interface BuiltCloud {
  /** `http://127.0.0.1:PORT` */
  url: string;
  dataDir: string;
  /** The environment the process runs with (for operator commands against its database). */
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, SIGKILL after the grace; removes a data dir it created. Resolves with the exit code (null when killed). */
  stop(): Promise<number | null>;
}

/** Starts the built cloud; resolves once it listens. */
export async function startBuiltCloud(options: BuiltCloudOptions = {}): Promise<BuiltCloud> {
  if (!existsSync(CLOUD_MAIN)) throw new Error(`the cloud is not built (${CLOUD_MAIN} missing): run \`npm run build\` first (npm test does)`);
  const shared = options.sameDatabaseAs;
  const ownsDataDir = !shared && !options.dataDir;
  const dataDir = shared?.dataDir ?? options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'offpeak-cloud-'));
  if (ownsDataDir) chmodSync(dataDir, 0o755); // the embedded server runs as the postgres user when we are root
  const env = builtCloudEnv(dataDir, options);
  if (shared) {
    env.DATABASE_URL = shared.env?.DATABASE_URL ?? embeddedDatabaseUrl(dataDir);
    if (shared.env?.JWT_SECRET) env.JWT_SECRET = shared.env.JWT_SECRET;
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLOUD_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > OUTPUT_MAX_CHARS) out = out.slice(-OUTPUT_MAX_CHARS / 2);
    if (options.echo) process.stderr.write(chunk);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = () => stopChild(child, exited, ownsDataDir ? dataDir : null, options.killAfterMs ?? 20_000);
  try {
    const url = await listeningUrl(child, exited, () => out, options.readyTimeoutMs ?? 90_000);
    return { url, dataDir, env, child, output: () => out, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The environment a test cloud runs with: loopback, no jobs, quick debounce and shutdown, nothing outside. */
export function builtCloudEnv(
  dataDir: string,
  options: Pick<BuiltCloudOptions, 'env' | 'port' | 'jwtSecret' | 'databaseUrl' | 'logLevel'> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    OFFPEAK_DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? 'warn',
    JOBS_ENABLED: 'false',
    RECOMPUTE_DEBOUNCE_MS: '200',
    SHUTDOWN_GRACE_MS: '1000',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    WEATHER_FALLBACK_BASE_URL: NOWHERE,
    WEATHER_FALLBACK_TIMEOUT_MS: '500',
    PRICE_FEED_BASE_URLS: `*=${NOWHERE}`,
  };
  // Never the caller's own database or secret.
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.jwtSecret) env.JWT_SECRET = options.jwtSecret;
  return { ...env, ...options.env };
}

/** Runs an operator command (`set-tier EMAIL premium`) against the database of a cloud started with `env`. */
export function runBuiltAdmin(env: NodeJS.ProcessEnv, args: string[]): string {
  const r = spawnSync(process.execPath, [CLOUD_ADMIN, ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`admin ${args.join(' ')} failed (${r.status}): ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** The URL of the embedded PostgreSQL that a running cloud started in `dataDir`. */
function embeddedDatabaseUrl(dataDir: string): string {
  const pgDir = path.join(dataDir, 'pg');
  const port = postmasterLine(pgDir, 3);
  if (port === null) throw new Error(`no PostgreSQL is running in ${pgDir}: start the first cloud before a second one`);
  const password = readFileSync(path.join(pgDir, 'password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/offpeak`;
}

/** A numeric line of postmaster.pid (0: pid, 3: port), or null when the server is not running. */
function postmasterLine(pgDir: string, line: number): number | null {
  const pidFile = path.join(pgDir, 'cluster', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const value = Number(readFileSync(pidFile, 'utf8').split('\n')[line]);
  return Number.isInteger(value) && value > 0 ? value : null;
}

function listeningUrl(child: ChildProcess, exited: Promise<number | null>, output: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the cloud did not listen within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    const check = () => {
      const m = /Offpeak cloud listening on (http:\/\/\S+)/.exec(output());
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve(m[1]!);
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the cloud exited (${code}) before it listened:\n${output()}`));
    });
  });
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>, ownedDataDir: string | null, killAfterMs: number): Promise<number | null> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    await exited;
    clearTimeout(timer);
  }
  if (ownedDataDir) {
    // A killed cloud leaves its embedded PostgreSQL running (it is not in the cloud's process group).
    await stopOrphanedPostgres(path.join(ownedDataDir, 'pg'));
    rmSync(ownedDataDir, { recursive: true, force: true });
  }
  return exited;
}

async function stopOrphanedPostgres(pgDir: string): Promise<void> {
  const pid = postmasterLine(pgDir, 0);
  if (pid === null) return;
  try {
    process.kill(pid, 'SIGINT'); // fast shutdown
  } catch {
    return; // a stale pid file: nothing runs
  }
  const deadline = Date.now() + 10_000;
  while (postmasterLine(pgDir, 0) !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}
