// The system under test's server side: one embedded PostgreSQL of its own (so it outlives a killed
// cloud and can be stopped on purpose) and any number of built cloud instances (cloud/dist/main.js,
// what `npm start` runs) on fixed loopback ports, sharing one JWT secret and the accelerated clock.
import { spawn, type ChildProcess } from 'node:child_process';
import { builtCloudEnv, runBuiltAdmin } from '@offpeak/cloud/testing';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configureLogging, type EmbeddedServer, ensureDatabaseExists, freePort, startEmbeddedPostgres } from '@offpeak/cloud/testing/store';
import { REPO } from '../../support/cloud.js';
import type { SharedClock } from './sim-clock.js';

const CLOUD_MAIN = path.join(REPO, 'cloud/dist/main.js');
export const JWT_SECRET = 'system-test-secret-long-enough-for-hs256-signing';

export interface Database {
  url: string;
  dataDir: string;
  /** The server running now (a new one after `start()`). */
  server: EmbeddedServer;
  /** Fast shutdown, as `pg_ctl stop -m fast`: open sessions are ended, new connections refused. */
  stop(): Promise<void>;
  /** Starts the server again on the same cluster and port (clients keep their URL). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startDatabase(): Promise<Database> {
  configureLogging('warn');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offpeak-system-'));
  chmodSync(dataDir, 0o755); // the embedded server runs as the postgres user when we are root
  const launch = (port?: number) => startEmbeddedPostgres({ dir: path.join(dataDir, 'pg'), postgresFlags: ['-c', 'fsync=off'], port });
  const first = await launch();
  const port = Number(new URL(first.adminUrl).port);
  const url = first.urlFor('offpeak');
  await ensureDatabaseExists(url);
  const db: Database = {
    url,
    dataDir,
    server: first,
    stop: () => db.server.stop(),
    start: async () => {
      db.server = await launch(port);
    },
    close: async () => {
      await db.server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return db;
}

export interface CloudInstance {
  name: string;
  url: string;
  port: number;
  /** Everything the process printed (its log at LOG_LEVEL). */
  output: string[];
  /** Starts the process (again) on the same port; resolves once it listens. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, parked polls cut, in-flight requests lost. */
  kill(): Promise<void>;
  /** SIGTERM: a graceful stop. */
  stop(): Promise<void>;
  running(): boolean;
}

export interface CloudOptions {
  name: string;
  db: Database;
  clock: SharedClock;
  env?: Record<string, string>;
}

export async function createCloud(opts: CloudOptions): Promise<CloudInstance> {
  const port = await freePort();
  const output: string[] = [];
  let child: ChildProcess | null = null;
  const env = builtCloudEnv(opts.db.dataDir, {
    port,
    databaseUrl: opts.db.url,
    jwtSecret: JWT_SECRET,
    logLevel: process.env.E2E_LOG ?? 'warn',
    env: {
      JOBS_ENABLED: 'true',
      PRICE_FEED_RETRIES: '0',
      // Leases are compared with the accelerated clock: keep them a few real minutes long.
      PLANNING_JOB_LEASE_MS: String(Math.round(120_000 * opts.clock.rate)),
      PLANNING_POLL_MS: '100',
      METRICS_MIN_COHORT_HOMES: '5',
      ...opts.clock.env(),
      ...opts.env,
    },
  });
  const instance: CloudInstance = {
    name: opts.name,
    url: `http://127.0.0.1:${port}`,
    port,
    output,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    start: async () => {
      const c = spawn(process.execPath, [CLOUD_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          const text = chunk.toString();
          output.push(text);
          if (process.env.E2E_LOG) process.stderr.write(`[${opts.name}] ${text}`);
          if (/listening on http/.test(text)) resolve();
        };
        c.stdout!.on('data', onData);
        c.stderr!.on('data', onData);
        c.once('exit', (code, signal) => reject(new Error(`cloud ${opts.name} exited (${code ?? signal}):\n${output.join('').slice(-4000)}`)));
      });
    },
    kill: async () => {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
    },
  };
  await instance.start();
  return instance;
}

/** The operator command (`npm run -w cloud admin -- set-tier`) against the shared database. */
export function setTier(db: Database, email: string, tier: 'premium' | 'free'): void {
  runBuiltAdmin({ ...process.env, DATABASE_URL: db.url, OFFPEAK_DATA_DIR: db.dataDir, LOG_LEVEL: 'warn' }, ['set-tier', email, tier]);
}
