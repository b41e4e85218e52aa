// What Linux says about a process and the machine while a benchmark runs (/proc).
import { readFileSync } from 'node:fs';

const procStatus = (pid: number, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** Resident memory of a process, MB. */
export const rssMb = (pid: number) => procStatus(pid, 'VmRSS') / 1024;

/** CPU time the process has used, in clock ticks (utime + stime; 100 ticks a second). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Share of the last 10 s in which runnable tasks waited for a CPU (Linux PSI, "some avg10"): the
 * benchmark shares the machine with the server, PostgreSQL and whatever else runs, and latency
 * figures mean little when this is high. '-' where the kernel does not report it.
 */
export function cpuPressurePct(): string {
  try {
    return /avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? '-';
  } catch {
    return '-';
  }
}
