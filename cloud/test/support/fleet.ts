import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import type { RunningCloud } from '../../src/server.js';

/** Creates a new database with nothing in it (not cloned from the migrated template) and returns its URL. */
export async function createEmptyDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Resolves once `condition` holds, checking every 10 ms; throws after `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves once `cloud` has `n` parked long-polls. */
export const parked = (cloud: RunningCloud, n = 1) => until(() => cloud.services.commandWaiters.parkedCount() >= n, `${n} parked polls`);

/** The built cloud (`dist/main.js`, what `npm start` and the Docker image run). */
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface CloudProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/** Runs the built cloud as a child process with `env` on top of a loopback, ephemeral-port base; resolves when it listens. */
export function startCloudProcess(env: Record<string, string>): Promise<CloudProcess> {
  if (!existsSync(MAIN)) throw new Error('dist/main.js is missing: run `npm run build` first (npm test does)');
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', WEATHER_FALLBACK_BASE_URL: 'http://127.0.0.1:9', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL within 30 s:\n${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Offpeak cloud listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`exited ${code} before ready:\n${out}`)));
  });
}
