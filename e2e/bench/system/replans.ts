// The cloud's own re-plans over the run, from its planning jobs: how many per home-day, what each
// cost the cloud's jobs thread, and whether each home pulled the new plan as it pulls a recompute's.
// Pure: main.ts reads the jobs from the database and samples the thread (jobs-thread-cpu.ts).
import { MEASURED_CHANGES } from '@offpeak/cloud/contract';

/** The reasons the cloud records on a planning job it asked for itself, from a home's readings. */
const MEASURED: readonly string[] = MEASURED_CHANGES;
/** The reason it records when a day-ahead zone's stored prices changed (tomorrow's published). */
export const PRICES_REASON = 'prices';

export interface JobRecord {
  userId: string;
  kind: string;
  reasons: string[];
  /** Real instant (ms) the job's rows were written, null while unfinished. */
  finishedRealMs: number | null;
  outcome: string | null;
  /**
   * Whether it wrote a row of its home's local today: what moves the stamp a home polls. A re-plan
   * that changed only tomorrow's rows (once tomorrow is planned) leaves a home nothing to pull.
   */
  wroteToday: boolean;
}

export type JobClass = 'replan' | 'prices' | 'nightly' | 'other recompute';

export function classOf(job: JobRecord): JobClass {
  if (job.kind === 'nightly') return 'nightly';
  if (job.reasons.some((r) => MEASURED.includes(r))) return 'replan';
  return job.reasons.includes(PRICES_REASON) ? 'prices' : 'other recompute';
}

/** The re-plans the cloud makes by itself, which no one asks a home to pull: from its measured state and on new prices. */
export const isOwnReplan = (job: JobRecord): boolean => ['replan', 'prices'].includes(classOf(job));

/** True when the job wrote a schedule row: its outcome is `planned N rows[, M unchanged]` with N > M. */
export function wroteRows(outcome: string | null): boolean {
  const m = /^planned (\d+) rows(?:, (\d+) unchanged)?$/.exec(outcome ?? '');
  return m !== null && Number(m[1]) > Number(m[2] ?? 0);
}

export interface CpuSample {
  realMs: number;
  /** CPU the thread used since the previous sample, ms. */
  cpuMs: number;
}

export interface CpuByClass {
  jobs: number;
  cpuMs: number;
}

/**
 * The jobs thread's CPU attributed to the jobs it ran: above the idle level (the median of the
 * intervals in which no job finished: the worker's polls and the scheduler's ticks), the CPU of
 * an interval in which jobs finished, and of the unbroken run of busy intervals just before it (a
 * batch's inputs and plans run before its jobs finish), is shared equally by those jobs. Busy runs
 * that end without a finished job (other scheduled work) count for none. Intervals are short
 * beside the gaps between the fleet's re-plans, so most hold one class of job.
 */
export function attributeCpu(samples: readonly CpuSample[], jobs: readonly JobRecord[]): Record<JobClass, CpuByClass> {
  const out: Record<JobClass, CpuByClass> = {
    replan: { jobs: 0, cpuMs: 0 },
    prices: { jobs: 0, cpuMs: 0 },
    nightly: { jobs: 0, cpuMs: 0 },
    'other recompute': { jobs: 0, cpuMs: 0 },
  };
  const finished = jobs.filter((j) => j.finishedRealMs !== null).sort((a, b) => a.finishedRealMs! - b.finishedRealMs!);
  let next = finished.findIndex((j) => j.finishedRealMs! > (samples[0]?.realMs ?? Infinity));
  if (next < 0) next = finished.length;
  const intervals = samples.slice(1).map((s) => {
    const from = next;
    while (next < finished.length && finished[next]!.finishedRealMs! <= s.realMs) next++;
    return { cpuMs: s.cpuMs, jobs: finished.slice(from, next) };
  });
  const idle = intervals.filter((i) => i.jobs.length === 0).map((i) => i.cpuMs);
  const idleMs = idle.length ? idle.sort((a, b) => a - b)[Math.floor(idle.length / 2)]! : 0;
  let busyBefore = 0;
  for (const i of intervals) {
    const above = Math.max(0, i.cpuMs - idleMs);
    if (i.jobs.length === 0) {
      busyBefore = above > 0 ? busyBefore + above : 0;
      continue;
    }
    const share = (busyBefore + above) / i.jobs.length;
    busyBefore = 0;
    for (const j of i.jobs) {
      out[classOf(j)].jobs += 1;
      out[classOf(j)].cpuMs += share;
    }
  }
  return out;
}

export interface Pickups {
  /** Re-plans that changed a schedule and ended early enough to be judged. */
  judged: number;
  /** Of those, how many the home pulled within the bound; the slowest pull after its re-plan, real ms. */
  pickedUp: number;
  slowestRealMs: number | null;
  /** The judged re-plans not pulled within the bound, and how long after each its home pulled (Infinity: never). */
  late: { job: JobRecord; delayRealMs: number }[];
}

/**
 * Whether each home pulled its plan within `boundRealMs` after each of the cloud's own re-plans
 * (`isOwnReplan`) that wrote rows of its local today (an add-on sees the stamp move at its next
 * poll; a satellite is told on its long-poll). Re-plans written before the homes' clocks start
 * (`startRealMs`: a home online before then polls nothing until then), closer than the bound to
 * `endRealMs`, and of homes not in `pullsRealMs`, are not judged.
 */
export function pickups(
  jobs: readonly JobRecord[],
  pullsRealMs: ReadonlyMap<string, readonly number[]>,
  boundRealMs: number,
  startRealMs: number,
  endRealMs: number,
): Pickups {
  let judged = 0;
  let pickedUp = 0;
  let slowest: number | null = null;
  const late: Pickups['late'] = [];
  for (const job of jobs) {
    const pulls = pullsRealMs.get(job.userId);
    if (!isOwnReplan(job) || !wroteRows(job.outcome) || !job.wroteToday || job.finishedRealMs === null || !pulls) continue;
    if (job.finishedRealMs < startRealMs || job.finishedRealMs + boundRealMs > endRealMs) continue;
    judged += 1;
    const next = pulls.find((t) => t > job.finishedRealMs!);
    const delay = next === undefined ? Infinity : next - job.finishedRealMs;
    if (delay <= boundRealMs) pickedUp += 1;
    else late.push({ job, delayRealMs: delay });
    slowest = Math.max(slowest ?? 0, delay);
  }
  return { judged, pickedUp, slowestRealMs: slowest, late };
}

/**
 * How soon after tomorrow's prices were published (`publishedRealMs`) each of `homes` (user ids)
 * re-planned on them: the first of its planning jobs asked for by stored prices (whatever else it
 * was asked for by) finished after that instant, real ms (null for a home with none).
 */
export function publicationReplans(jobs: readonly JobRecord[], homes: readonly string[], publishedRealMs: number): Map<string, number | null> {
  const out = new Map<string, number | null>(homes.map((h) => [h, null]));
  for (const job of jobs) {
    if (
      job.kind === 'nightly' ||
      !job.reasons.includes(PRICES_REASON) ||
      job.finishedRealMs === null ||
      job.finishedRealMs < publishedRealMs ||
      !out.has(job.userId)
    )
      continue;
    const delay = job.finishedRealMs - publishedRealMs;
    const seen = out.get(job.userId);
    out.set(job.userId, seen === null || seen === undefined ? delay : Math.min(seen, delay));
  }
  return out;
}
