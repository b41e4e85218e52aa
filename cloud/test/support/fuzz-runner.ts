// Runs the OpenAPI fuzzer (openapi-fuzz.ts) as fast-check properties, one per operation, one
// request at a time, and checks every answer: no 5xx; every 4xx has its `{ detail }`; a refused
// request stored nothing (the store's checksums before and after it are equal); another account's
// id in a path is never answered 2xx; another account's data never appears in an answer
// and never changes. A failure carries a curl line and the seed and path that replay it.
import fc from 'fast-check';
import { Agent, request as httpRequest } from 'node:http';
import { curlOf } from './fuzz-repro.js';
import { operationsOf, requestFor, type FuzzContext, type FuzzRequest } from './openapi-fuzz.js';
import { snapshotChanges, type StoreSnapshot, type StoreSnapshotter } from './store-snapshot.js';

type Json = any;

export interface FuzzFailure {
  operation: string;
  problem: string;
  status: number;
  body: string;
  request: FuzzRequest;
  /** Paste-able: the exact request. */
  curl: string;
  /** Replays this case: FUZZ_SEED=... FUZZ_OPERATION=... FUZZ_PATH=... */
  replay: string;
}

export interface FuzzReport {
  sent: number;
  byStatus: Record<number, number>;
  failures: FuzzFailure[];
}

export interface FuzzRunOptions {
  seed: number;
  runs: number;
  /** Reads the store before and after each request. */
  store: StoreSnapshotter;
  /** Resolves once what a request set off in the background is stored (the recompute queue). */
  settle: () => Promise<void>;
  /** The other account, which sends nothing: its rows must never change. */
  foreign: { userIds: string[]; markers: string[] };
  /** Only this operation (`POST /api/v1/readings`), from this fast-check path: a replay. */
  only?: { operation: string; path?: string };
}

const hasDetail = (status: number, text: string): boolean => {
  try {
    const detail = JSON.parse(text)?.detail;
    return typeof detail === 'string' || (status === 422 && Array.isArray(detail));
  } catch {
    return false;
  }
};

/**
 * Sends one request as written, over node:http rather than fetch: a hostile client may put a body
 * on a GET, and the path and body go out byte for byte (fetch would normalise them).
 */
export function send(baseUrl: string, request: FuzzRequest, agent: Agent): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers = { ...request.headers, ...(request.body !== undefined && { 'content-length': String(Buffer.byteLength(request.body)) }) };
    const req = httpRequest({ hostname, port, method: request.method, path: request.url, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

const requestText = (r: FuzzRequest) =>
  `${decodeURIComponentSafe(r.url)} ${JSON.stringify(r.headers)} ${Buffer.isBuffer(r.body) ? r.body.toString('latin1') : (r.body ?? '')}`;
function decodeURIComponentSafe(text: string): string {
  try {
    return `${text} ${decodeURIComponent(text)}`;
  } catch {
    return text;
  }
}

/** What is wrong with one answer, or null. */
export function problemOf(request: FuzzRequest, status: number, text: string, changes: string[], foreignChanges: string[], markers: string[]): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status >= 400 && status < 500 && !hasDetail(status, text)) return `answered ${status} without a { detail } JSON body`;
  if (status >= 400 && changes.length > 0) return `refused with ${status} but stored: ${changes.join('; ')}`;
  if (request.foreignInPath && status < 300) return `answered ${status} to another account's id in the path (expected 404)`;
  if (foreignChanges.length > 0) return `changed another account's data: ${foreignChanges.join('; ')}`;
  const sent = requestText(request);
  const leaked = markers.filter((m) => !sent.includes(m) && text.includes(m));
  if (leaked.length > 0) return `answered with another account's data (${leaked.join(', ')})`;
  return null;
}

/** `runs` requests spread over every operation of `doc`, each operation a seeded property. */
export async function runFuzz(baseUrl: string, doc: Json, ctx: FuzzContext, opts: FuzzRunOptions): Promise<FuzzReport> {
  const report: FuzzReport = { sent: 0, byStatus: {}, failures: [] };
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const operations = operationsOf(doc);
  const perOperation = Math.max(1, Math.ceil(opts.runs / operations.length));
  await opts.settle();
  let snapshot: StoreSnapshot = await opts.store.take();
  let foreignSnapshot: StoreSnapshot = await opts.store.take(opts.foreign.userIds);
  try {
    for (const [i, operation] of operations.entries()) {
      const name = `${operation.method} ${operation.path}`;
      if (opts.only && opts.only.operation !== name) continue;
      let failure: Omit<FuzzFailure, 'replay'> | null = null;
      const property = fc.asyncProperty(requestFor(operation, doc, ctx), async (request) => {
        const { status, text } = await send(baseUrl, request, agent);
        report.sent++;
        report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
        await opts.settle();
        const after = await opts.store.take();
        const foreignAfter = await opts.store.take(opts.foreign.userIds);
        const problem = problemOf(
          request,
          status,
          text,
          snapshotChanges(snapshot, after),
          snapshotChanges(foreignSnapshot, foreignAfter),
          opts.foreign.markers,
        );
        snapshot = after;
        foreignSnapshot = foreignAfter;
        if (problem) {
          failure = { operation: name, problem, status, body: text.slice(0, 300), request, curl: curlOf(baseUrl, request) };
          throw new Error(problem);
        }
      });
      const seed = opts.seed + i;
      // A replay sends the one request at that path, nothing else.
      const replay = opts.only?.path ? { path: opts.only.path, numRuns: 1 } : { numRuns: perOperation };
      const details = await fc.check(property, { seed, endOnFailure: true, ...replay });
      if (details.failed && failure) {
        const path = details.counterexamplePath ?? '';
        report.failures.push({
          ...(failure as Omit<FuzzFailure, 'replay'>),
          replay: `FUZZ_SEED=${opts.seed} FUZZ_OPERATION='${name}' FUZZ_PATH=${path} (fast-check seed ${seed}, path ${path})`,
        });
      }
    }
  } finally {
    agent.destroy();
  }
  return report;
}

/** A failure as a few readable lines. */
export function describeFailure(f: FuzzFailure): string {
  const body =
    f.request.body === undefined
      ? '(none)'
      : Buffer.isBuffer(f.request.body)
        ? `${f.request.body.length} raw bytes`
        : f.request.body.length > 300
          ? `${f.request.body.slice(0, 300)}… (${f.request.body.length} chars)`
          : f.request.body;
  return [
    `${f.operation}: ${f.problem}`,
    `  sent ${f.request.method} ${f.request.url.slice(0, 300)} with credential "${f.request.credential}", body ${body}`,
    `  answer ${f.status} ${f.body}`,
    `  reproduce: ${f.curl.length > 2000 ? `${f.curl.slice(0, 2000)}…` : f.curl}`,
    `  replay: ${f.replay}`,
  ].join('\n');
}
