// The CPU of the cloud's jobs thread (the planning worker and the scheduled jobs, cloud/src/
// jobs-thread.ts), sampled from /proc: it is the one thread of the cloud's process that runs at a
// higher niceness than the process's main thread. Linux only; elsewhere no samples.
import { readdirSync, readFileSync } from 'node:fs';
import type { CpuSample } from './replans.js';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

/** utime + stime (ticks) and niceness of every thread of `pid`. */
function threads(pid: number): Map<string, { ticks: number; nice: number }> {
  const out = new Map<string, { ticks: number; nice: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const f = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(tid, { ticks: Number(f[11]) + Number(f[12]), nice: Number(f[16]) });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

export interface JobsThreadSampler {
  samples: CpuSample[];
  stop(): void;
}

/** Samples the jobs thread's CPU every `everyMs` real ms (a restarted thread is followed by its new id). */
export function sampleJobsThread(pid: number, everyMs = 1000): JobsThreadSampler {
  const samples: CpuSample[] = [];
  let last: { tid: string; ticks: number } | null = null;
  const take = () => {
    let jobs: { tid: string; ticks: number } | null = null;
    try {
      const all = threads(pid);
      const mainNice = all.get(String(pid))?.nice ?? 0;
      for (const [tid, t] of all) if (t.nice > mainNice) jobs = { tid, ticks: t.ticks };
    } catch {
      return; // the process is gone
    }
    const used = jobs && last && jobs.tid === last.tid ? jobs.ticks - last.ticks : 0;
    samples.push({ realMs: Date.now(), cpuMs: (used * 1000) / TICKS_PER_S });
    last = jobs;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop: () => clearInterval(timer),
  };
}
