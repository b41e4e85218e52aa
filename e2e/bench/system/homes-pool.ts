// The homes spread over worker processes (homes-worker.ts, forked), so that the clients of 1,000
// homes are not one event loop: the parent hands each its share of the accounts and the fleet's
// clock, asks for progress, and merges what they measured at the end.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HomeAccount } from './fleet.js';
import { RouteStats, type RouteStatsData } from './route-stats.js';

export interface WorkerJob {
  accounts: HomeAccount[];
  baseUrl: string;
  startMs: number;
  anchorMs: number;
  rate: number;
  day: string;
  tmp: string;
}

export type ToWorker = { type: 'start'; job: WorkerJob } | { type: 'progress' } | { type: 'finish' };

export interface HomeResult {
  userId: string;
  kind: string;
  appliedSlots: number;
  /** Real instants (ms) the home pulled its plan: an add-on's schedules view, a satellite's schedule. */
  planPullsRealMs: number[];
}

export type ToParent =
  | { type: 'online' }
  | { type: 'failed'; error: string }
  | { type: 'progress'; requests: number; errors: number; windowMs: number[]; loopDelayP99Ms: number }
  | { type: 'result'; stats: RouteStatsData; outcomes: HomeResult[]; problems: string[]; cpuMs: number; loopDelayP99Ms: number; peakSockets: number };

type Result = Extract<ToParent, { type: 'result' }>;
type Progress = Extract<ToParent, { type: 'progress' }>;

/** One homes' process per this many homes, at most MAX_WORKERS (the machine has 2 cores). */
const HOMES_PER_WORKER = 250;
const MAX_WORKERS = 4;

export const defaultWorkers = (homes: number) => Math.max(1, Math.min(MAX_WORKERS, Math.ceil(homes / HOMES_PER_WORKER)));

export interface HomesPool {
  pids: number[];
  /** Resolves once every worker has its homes online (on frozen clocks). */
  online: Promise<void>;
  /** Requests and failures so far, latencies since the last call, and the worst event-loop delay p99. */
  progress(): Promise<{ requests: number; errors: number; windowMs: number[]; loopDelayP99Ms: number }>;
  /** Stops the homes; everything measured, merged. */
  finish(): Promise<{ stats: RouteStats; outcomes: HomeResult[]; problems: string[]; cpuMs: number; loopDelayP99Ms: number; peakSockets: number[] }>;
  kill(): void;
}

export function startHomesPool(workers: number, job: Omit<WorkerJob, 'accounts'>, accounts: HomeAccount[]): HomesPool {
  const script = fileURLToPath(new URL('./homes-worker.js', import.meta.url));
  const children: ChildProcess[] = [];
  const onlineAll: Promise<void>[] = [];
  const waiting = new Map<ChildProcess, { resolve: (m: ToParent) => void; reject: (e: Error) => void }>();
  for (let w = 0; w < workers; w++) {
    const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(child);
    onlineAll.push(
      new Promise<void>((resolve, reject) => {
        child.on('message', (m: ToParent) => {
          if (m.type === 'online') resolve();
          else if (m.type === 'failed') reject(new Error(`homes worker ${w}: ${m.error}`));
          else waiting.get(child)?.resolve(m);
        });
        child.on('exit', (code) => {
          const error = new Error(`homes worker ${w} exited (${code})`);
          reject(error);
          waiting.get(child)?.reject(error);
        });
      }),
    );
    child.send({ type: 'start', job: { ...job, accounts: accounts.filter((_, i) => i % workers === w) } } satisfies ToWorker);
  }
  const ask = <T extends ToParent>(child: ChildProcess, m: ToWorker): Promise<T> =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error(`homes worker ${child.pid} is gone (${child.exitCode})`));
      waiting.set(child, {
        resolve: (reply) => {
          waiting.delete(child);
          resolve(reply as T);
        },
        reject,
      });
      child.send(m);
    });
  return {
    pids: children.map((c) => c.pid!),
    online: Promise.all(onlineAll).then(() => undefined),
    progress: async () => {
      const replies = await Promise.all(children.map((c) => ask<Progress>(c, { type: 'progress' })));
      return {
        requests: replies.reduce((s, r) => s + r.requests, 0),
        errors: replies.reduce((s, r) => s + r.errors, 0),
        windowMs: replies.flatMap((r) => r.windowMs),
        loopDelayP99Ms: Math.max(...replies.map((r) => r.loopDelayP99Ms)),
      };
    },
    finish: async () => {
      const results = await Promise.all(children.map((c) => ask<Result>(c, { type: 'finish' })));
      const stats = new RouteStats();
      for (const r of results) stats.merge(r.stats);
      return {
        stats,
        outcomes: results.flatMap((r) => r.outcomes),
        problems: results.flatMap((r) => r.problems),
        cpuMs: results.reduce((s, r) => s + r.cpuMs, 0),
        loopDelayP99Ms: Math.max(...results.map((r) => r.loopDelayP99Ms)),
        peakSockets: results.map((r) => r.peakSockets),
      };
    },
    kill: () => children.forEach((c) => c.exitCode === null && c.kill()),
  };
}
