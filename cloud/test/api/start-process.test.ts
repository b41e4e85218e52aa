import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, uniqueEmail } from '../support/http.js';

// `npm start` runs `node cloud/dist/main.js` after the build; this drives that same process.
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

let dataDir: string;
beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error('dist/main.js is missing: run `npm run build` first (npm test does)');
  dataDir = mkdtempSync(path.join(tmpdir(), 'offpeak-start-'));
  chmodSync(dataDir, 0o755); // the embedded server runs as the postgres user when we are root
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(): Promise<{ child: ChildProcess; url: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', OFFPEAK_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL within 60 s:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Offpeak cloud listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code} before ready:\n${out}`)));
  });
}

const exitCode = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
/** PostgreSQL holds `postmaster.pid` while it runs and removes it on a clean shutdown. */
const postgresRunningIn = (dir: string) => existsSync(path.join(dir, 'pg', 'cluster', 'postmaster.pid'));

describe('the npm start process on the embedded database', () => {
  const email = uniqueEmail('start');
  const password = 'secret-start';

  it('serves signup and /auth/me, and SIGTERM stops it and its database cleanly', async () => {
    const { child, url } = await start();
    const api = apiClient(url);
    const signup = await api.post('/auth/signup', { email, password });
    expect(signup.status).toBe(200);
    expect((await api.get('/auth/me', { token: signup.body.access_token })).status).toBe(200);
    expect(postgresRunningIn(dataDir)).toBe(true);
    const exited = exitCode(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(postgresRunningIn(dataDir)).toBe(false);
  });

  it('reuses the data on a second start, and SIGINT lets in-flight requests finish', async () => {
    const { child, url } = await start();
    const api = apiClient(url);
    expect((await api.post('/auth/login', { email, password })).status).toBe(200);
    const inFlight = Array.from({ length: 4 }, () => api.post('/auth/signup', { email: uniqueEmail(), password: 'secret-x' }));
    await new Promise((r) => setTimeout(r, 15));
    const exited = exitCode(child);
    child.kill('SIGINT');
    expect((await Promise.all(inFlight)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await exited).toBe(0);
    expect(postgresRunningIn(dataDir)).toBe(false);
  });

  it('refuses a second instance on the same data folder, and recovers the database of a killed one', async () => {
    const first = await start();
    await expect(start()).rejects.toThrow(/in use by another running process/);
    first.child.kill('SIGKILL');
    await exitCode(first.child);
    expect(postgresRunningIn(dataDir)).toBe(true); // orphaned by the kill
    const second = await start();
    expect((await apiClient(second.url).post('/auth/login', { email, password })).status).toBe(200);
    const exited = exitCode(second.child);
    second.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(postgresRunningIn(dataDir)).toBe(false);
  });
});
