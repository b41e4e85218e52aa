// The jobs thread (JOBS_THREAD, docs/performance.md "Jobs on their own thread"): the scheduled
// jobs and the planning worker of one instance, on a worker thread with its own event loop, its
// own small pool and a lower CPU priority, so the nightly run's solving never queues ahead of the
// instance's requests. Started by background-jobs.ts with `JobsThreadData`; stops on "stop".
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { clockFor } from './clock.js';
import { configureLogging, log } from './log.js';
import { createServices } from './services/index.js';
import { createDatabase } from './store/database.js';
import { createStore } from './store/index.js';
import { runJobs, type JobsThreadData } from './background-jobs.js';

/** Niceness of the jobs thread: it gets the CPU the requests leave (Linux; elsewhere it runs at the process's). */
export const JOBS_THREAD_NICENESS = 10;

/** Connections the thread's pool holds beyond one per planning loop: the scheduled jobs' own statements. */
const POOL_EXTRA = 2;

/** Lowers this thread alone (Linux: setpriority on the thread id, which /proc/thread-self names). */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, JOBS_THREAD_NICENESS);
  } catch (err) {
    log('jobs-thread').debug({ err: (err as Error).message }, 'jobs thread runs at the process priority');
  }
}

async function run(data: JobsThreadData): Promise<void> {
  const { config } = data;
  configureLogging(config.logLevel);
  lowerPriority();
  const clock = clockFor(config.clock);
  const db = createDatabase({ url: data.databaseUrl, poolMax: config.planningWorkers + POOL_EXTRA });
  const services = createServices(createStore(db), {
    config,
    clock,
    jwtSecret: data.jwtSecret,
    publicUrl: () => data.publicUrl,
    databaseUrl: data.databaseUrl,
  });
  const stopJobs = runJobs(services, clock, config);
  log('jobs-thread').info({ niceness: JOBS_THREAD_NICENESS }, 'jobs thread started');
  parentPort!.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    void (async () => {
      // Running batches finish: their jobs are stored or given back.
      await stopJobs();
      await services.scheduleEvents.settled();
      await db.close();
      parentPort!.postMessage('stopped');
    })();
  });
}

run(workerData as JobsThreadData).catch((err: unknown) => {
  log('jobs-thread').fatal({ err }, 'jobs thread failed to start');
  throw err;
});
