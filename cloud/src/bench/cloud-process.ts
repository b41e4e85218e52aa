import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CloudProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('../main.js', import.meta.url));

/**
 * The settings of a benchmark that measures the service itself, not its safeguards: no sign-in or
 * recompute rate limits, no daily readings ceiling (the runaway-loop safeguard would stop a
 * benchmark that pushes days of readings in seconds), and an unreachable fallback weather feed
 * (fails at once instead of reaching for the internet).
 */
export const UNTHROTTLED_ENV: Readonly<Record<string, string>> = {
  AUTH_RATE_LIMIT_PER_MINUTE: '0',
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '0',
  RECOMPUTE_LIMIT_PER_MINUTE: '0',
  READINGS_DAILY_LIMIT_PER_APPLIANCE: '1000000000',
  WEATHER_FALLBACK_BASE_URL: 'http://127.0.0.1:9',
};

/**
 * Runs the built cloud (`dist/main.js`, what `npm start` runs) as a child process, so a benchmark's
 * load generator does not share the server's event loop.
 */
export function startCloudProcess(env: Record<string, string>): Promise<CloudProcess> {
  // BENCH_NODE_ARGS passes flags to the server process, e.g. `--cpu-prof` to profile it.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        resolve({
          url: m[1]!,
          child,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`cloud exited (${code}) before it was ready:\n${out}`)));
  });
}

/** Minimal JSON request helper for benchmark set-up. */
export async function call<T = any>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
