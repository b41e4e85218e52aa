// Where an instance runs its background work (the scheduled jobs and the planning worker): on a
// thread of its own (JOBS_THREAD, the default: jobs-thread.ts) or on the request thread (tests
// that drive the services from source, JOBS_THREAD=false). docs/performance.md "Jobs on their own thread".
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { log } from './log.js';
import type { Services } from './services/index.js';
import { startScheduler } from './jobs/scheduler.js';

/** What the jobs thread is started with (structured-cloned). */
export interface JobsThreadData {
  config: Config;
  databaseUrl: string;
  jwtSecret: string;
  publicUrl: string;
}

/** A thread that stopped by itself (an uncaught error) is started again after this long. */
const RESTART_DELAY_MS = 5_000;
/** How long a stopping thread may take to finish its running batches before it is terminated. */
const STOP_TIMEOUT_MS = 30_000;

/** Starts the instance's background work; the returned function stops it (running batches finish). */
export function startBackgroundJobs(services: Services, clock: Clock, data: JobsThreadData): () => Promise<void> {
  return data.config.jobsThread ? startJobsThread(data) : runJobs(services, clock, data.config);
}

/**
 * The scheduler and the planning worker on the calling thread (the request thread, or the jobs
 * thread itself); the returned function stops both after their running batches.
 */
export function runJobs(services: Services, clock: Clock, config: Pick<Config, 'clock'>): () => Promise<void> {
  const stopScheduler = startScheduler(services, config.clock ? { kind: 'accelerated', clock } : { kind: 'system' });
  services.recomputeQueue.start();
  return async () => {
    await stopScheduler();
    await services.recomputeQueue.stop();
  };
}

function startJobsThread(data: JobsThreadData): () => Promise<void> {
  const entry = fileURLToPath(new URL('./jobs-thread.js', import.meta.url));
  if (!existsSync(entry)) throw new Error(`JOBS_THREAD runs the built cloud's ${entry}, which is missing: run \`npm run build\`, or set JOBS_THREAD=false`);
  const threadLog = log('jobs-thread');
  let stopping = false;
  let worker: Worker;
  let restartTimer: NodeJS.Timeout | undefined;
  let exited: Promise<void>;
  const start = () => {
    worker = new Worker(entry, { workerData: data });
    worker.on('error', (err) => threadLog.error({ err }, 'jobs thread failed'));
    exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        resolve();
        if (stopping) return;
        threadLog.error({ code, restartInMs: RESTART_DELAY_MS }, `jobs thread exited with code ${code}; restarting in ${RESTART_DELAY_MS / 1000} s`);
        restartTimer = setTimeout(start, RESTART_DELAY_MS);
      }),
    );
  };
  start();
  return async () => {
    stopping = true;
    clearTimeout(restartTimer);
    const stopped = new Promise<void>((resolve) => worker.once('message', (m) => m === 'stopped' && resolve()));
    worker.postMessage('stop');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS, 'timeout').unref());
    if ((await Promise.race([stopped, exited, timeout])) === 'timeout') threadLog.warn(`jobs thread still busy after ${STOP_TIMEOUT_MS / 1000} s; terminated`);
    await worker.terminate();
  };
}
