// `npm run bench:longpoll`: parks N satellites on one cloud instance (the built cloud in its own
// process, fresh embedded PostgreSQL), posts commands to a sample of them and measures the wake
// latency (command POST sent -> answer at the parked device) and the server's resident memory.
// Steps up through BENCH_LONGPOLL_STEPS (default 2000,4000,8000,16000) to look for the limit; exits
// non-zero unless p99 < 250 ms with nothing late or lost at 2,000 parked. A command that has not
// arrived within 5 s is late, not lost: the step waits for stragglers (up to a whole park), then
// asks the database whether a missing one is still pending (late) or was handed over and never
// received (lost). See docs/devices-and-long-poll.md.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { configureLogging } from '../../log.js';
import { startBenchDatabase } from '../bench-database.js';
import { call, startCloudProcess } from '../cloud-process.js';
import { rankAbove } from '../../domain/statistics.js';
import { printTable } from '../load.js';
import { cpuPressurePct, cpuTicks, rssMb } from '../proc-stats.js';
import pg from 'pg';
import { classifyDeliveries, type Posted } from './deliveries.js';
import { postCommand, provisionDevices, startPolling, type BenchDevice } from './fleet.js';

const STEPS = (process.env.BENCH_LONGPOLL_STEPS ?? '2000,4000,8000,16000').split(',').map(Number);
/** Commands per step: at 50/s a 20 s window, so one scheduling hiccup of the shared machine is not the p99 by itself. */
const SAMPLE = Number(process.env.BENCH_LONGPOLL_SAMPLE ?? 1000);
/** Commands posted per second, open loop (each on its own schedule, whether or not earlier ones arrived). */
const RATE_PER_S = Number(process.env.BENCH_LONGPOLL_RATE ?? 50);
const POSTERS = 32;
/** New devices coming online per second while a step parks its fleet. */
const RAMP_PER_S = 1000;
const TARGET_PARKED = 2000;
const TARGET_P99_MS = 250;
/** A command at the device later than this counts as late. */
const LATE_AFTER_MS = 5_000;
/** How long a step waits for stragglers after its last POST: a whole park plus the re-poll. */
const DRAIN_MS = 65_000;

/** Soft limit on open files: every parked device holds one socket here and one in the server. */
function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}

/**
 * Waits until every poll is outstanding and the server has worked off the parking burst (under
 * half a core for two seconds: a parked fleet still re-polls as its waits expire), so the devices
 * are parked.
 */
async function settle(pid: number, outstanding: () => number, expected: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  let calm = 0;
  let last = cpuTicks(pid);
  while (calm < 4 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuTicks(pid);
    calm = outstanding() >= expected && now - last <= 25 ? calm + 1 : 0; // 100 ticks/s: 25 per 0.5 s is half a core
    last = now;
  }
}

/** A random permutation (Fisher-Yates). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function main(): Promise<void> {
  configureLogging('warn');
  const maxDevices = openFilesLimit() - 1000;
  if (maxDevices < TARGET_PARKED) {
    console.error(`bench:longpoll: the open-files limit (${openFilesLimit()}) is too low for ${TARGET_PARKED} parked devices; raise it, e.g. ulimit -n 20000`);
    process.exit(1);
  }
  const steps = STEPS.filter((n) => n <= maxDevices);
  const database = await startBenchDatabase('longpoll', ['-c', 'max_connections=200']);
  const databaseUrl = database.url;
  const cloud = await startCloudProcess({
    DATABASE_URL: databaseUrl,
    OFFPEAK_DATA_DIR: database.dir,
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '0',
    DB_POOL_MAX: '20',
    // The instance's cap on parked polls sits above the largest step: the benchmark looks for the
    // machine's limit (a deployment sets it to what its instances carry; docs/devices-and-long-poll.md).
    LONG_POLL_MAX_PARKED: String(Math.max(...steps, 1) + 1000),
  });
  const pid = cloud.child.pid!;
  /** When each command id arrived at a device (an answer may beat its POST's own 202). */
  const arrivals = new Map<number, number[]>();
  const arrivalsOf = (id: number) => arrivals.get(id) ?? arrivals.set(id, []).get(id)!;
  const fleet = startPolling(cloud.url, (_device, atMs, commandIds) => {
    for (const id of commandIds) arrivalsOf(id).push(atMs);
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const posting = new http.Agent({ keepAlive: true, maxSockets: POSTERS });
  const rows: Record<string, string | number>[] = [];
  let passedTarget = false;
  try {
    const owner = await call(cloud.url, 'POST', '/auth/signup', { email: `bench-longpoll-${Date.now()}@example.com`, password: 'bench-password' });
    const userToken = owner.access_token as string;
    const baselineMb = rssMb(pid);
    const devices: BenchDevice[] = [];

    /**
     * Posts one command per sampled device at RATE_PER_S, waits until each has arrived (or DRAIN_MS
     * after the last POST), and classifies them (on time, late, pending, lost, duplicated).
     */
    async function measure(sample: BenchDevice[]) {
      const mine: Posted[] = [];
      const postMs: number[] = [];
      await Promise.all(
        sample.map(async (device, i) => {
          await new Promise((r) => setTimeout(r, (i * 1000) / RATE_PER_S));
          const sentMs = performance.now();
          const commandId = await postCommand(posting, cloud.url, userToken, device.applianceId);
          postMs.push(performance.now() - sentMs);
          mine.push({ commandId, sentMs, arrivedMs: arrivalsOf(commandId) });
        }),
      );
      const drainUntil = performance.now() + DRAIN_MS;
      while (mine.some((p) => p.arrivedMs.length === 0) && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
      const ids = mine.map((p) => p.commandId);
      const { rows } = await db.query<{ id: number }>('SELECT id::int FROM device_commands WHERE id = ANY($1::bigint[]) AND delivered_at IS NOT NULL', [ids]);
      const report = classifyDeliveries(mine, new Set(rows.map((r) => r.id)), LATE_AFTER_MS);
      return { ...report, postMs };
    }

    for (const [i, parked] of steps.entries()) {
      const added = await provisionDevices(databaseUrl, owner.user.id, parked - devices.length, devices.length);
      devices.push(...added);
      // Devices come online at RAMP_PER_S, as a fleet does, rather than in one burst.
      for (let at = 0; at < added.length; at += RAMP_PER_S / 4) {
        fleet.add(added.slice(at, at + RAMP_PER_S / 4));
        await new Promise((r) => setTimeout(r, 250));
      }
      await settle(pid, fleet.outstanding, devices.length);
      if (i === 0) await measure(devices.slice(0, 50)); // warm-up (JIT, pool), not counted
      const sample = shuffled(devices).slice(0, Math.min(SAMPLE, devices.length));
      const errorsBefore = fleet.errors().count;
      const cpuBefore = cpuTicks(pid);
      const startedMs = performance.now();
      const { wakeMs, postMs, late, pending, lost, duplicated } = await measure(sample);
      const serverCpuPct = ((cpuTicks(pid) - cpuBefore) * 10 * 100) / (performance.now() - startedMs);
      const memoryMb = rssMb(pid);
      const pollErrors = { count: fleet.errors().count - errorsBefore, first: fleet.errors().first };
      const p99 = rankAbove(wakeMs, 0.99);
      const ok = late === 0 && pending === 0 && lost === 0 && duplicated === 0 && pollErrors.count === 0 && p99 < TARGET_P99_MS;
      if (parked === TARGET_PARKED) passedTarget = ok;
      rows.push({
        parked,
        commands: sample.length,
        late,
        pending,
        lost,
        dup: duplicated,
        'poll errors': pollErrors.count,
        'wake p50 ms': rankAbove(wakeMs, 0.5),
        'wake p99 ms': p99,
        'POST p50 ms': rankAbove(postMs, 0.5),
        'server CPU %': serverCpuPct,
        'CPU pressure %': cpuPressurePct(),
        'RSS MB': memoryMb,
        'KB/parked': ((memoryMb - baselineMb) * 1024) / parked,
        result: ok ? 'ok' : `missed${pollErrors.first ? ` (${pollErrors.first})` : ''}`,
      });
      if (!ok) break; // the limit is found: a larger fleet would only miss by more
    }
    console.log(`server RSS before parking: ${baselineMb.toFixed(1)} MB; open-files limit ${openFilesLimit()}`);
    printTable(rows);
  } finally {
    await db.end();
    fleet.stop();
    posting.destroy();
    await cloud.stop();
    await database.stop();
  }
  if (!passedTarget) {
    console.error(`bench:longpoll: target missed: p99 wake latency under ${TARGET_P99_MS} ms with nothing late or lost at ${TARGET_PARKED} parked devices`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
