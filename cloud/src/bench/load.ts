import http from 'node:http';
import { rankAbove } from '../domain/statistics.js';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  /** Fixed headers, or a function called per request (e.g. to rotate accounts). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** Called per request so bodies can vary (e.g. fresh timestamps). */
  body?: () => string;
  concurrency: number;
  durationMs: number;
  /** Status that counts as success. */
  expectStatus: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  firstError: string | null;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
}

/**
 * A closed-loop load generator: `concurrency` virtual clients on keep-alive connections, each
 * sending its next request as soon as the previous answer arrives, for `durationMs`.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const target = new URL(opts.url);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const deadline = started + opts.durationMs;

  const once = () =>
    new Promise<void>((resolve) => {
      const body = opts.body?.();
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: opts.method,
          headers: {
            ...(typeof opts.headers === 'function' ? opts.headers() : opts.headers),
            ...(body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            if (res.statusCode !== opts.expectStatus) {
              errors += 1;
              firstError ??= `${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`;
            }
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        errors += 1;
        firstError ??= err.message;
        resolve();
      });
      if (body !== undefined) req.write(body);
      req.end();
    });

  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: latencies.length,
    errors,
    firstError,
    p50Ms: rankAbove(latencies, 0.5),
    p99Ms: rankAbove(latencies, 0.99),
    requestsPerSecond: latencies.length / elapsedS,
  };
}

/** Prints rows as an aligned text table. */
export function printTable(rows: Record<string, string | number>[]): void {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]!);
  const cell = (v: string | number) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : v);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c] ?? '').length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(widths[i]!)).join('  ');
  console.log(line(cols));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => cell(r[c] ?? ''))));
}
