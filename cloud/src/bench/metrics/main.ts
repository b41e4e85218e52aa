// `npm run bench:metrics`: the daily metrics and rankings job over a synthetic fleet (20,000 homes,
// 30 days of schedules and readings) on a fresh embedded PostgreSQL, run in-process exactly as the
// scheduler runs it, as a backfill of the 30 days. Prints homes/s and the total time; exits
// non-zero when the job misses its target. See README "Benchmarks".
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { addDays, localDateOf } from '../../domain/time/slot-grid.js';
import { configureLogging } from '../../log.js';
import { createDailyMetricsJob, METRICS_RUN_LEASE_MS } from '../../services/daily-metrics-job.js';
import { createDatabase, ensureDatabaseExists } from '../../store/database.js';
import { startEmbeddedPostgres } from '../../store/embedded-postgres.js';
import { createStore } from '../../store/index.js';
import { migrate } from '../../store/migrate.js';
import { printTable } from '../load.js';
import { generateFleet } from './fleet.js';

const HOMES = Number(process.env.BENCH_HOMES ?? 20_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
/** Readings every 15 minutes: a third of a live hub's 5-minute cadence, to keep generation to minutes. */
const READING_MINUTES = Number(process.env.BENCH_READING_MINUTES ?? 15);
const TARGET_S = 600;

// A server sized for a batch workload on this 2-core machine: more than the 128 MB default cache,
// room for the per-batch sorts and the bulk load's WAL.
const PG_FLAGS = ['-c', 'shared_buffers=1GB', '-c', 'work_mem=64MB', '-c', 'maintenance_work_mem=512MB', '-c', 'max_wal_size=16GB'];

async function main(): Promise<void> {
  configureLogging(process.env.LOG_LEVEL ?? 'warn');
  const config = loadConfig({});
  const dir = mkdtempSync(path.join(tmpdir(), 'offpeak-bench-metrics-'));
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir, postgresFlags: PG_FLAGS });
  const url = pg.urlFor('offpeak');
  await ensureDatabaseExists(url);
  const db = createDatabase({ url, poolMax: config.dbPoolMax });
  let failed = false;
  try {
    await migrate(db);
    const store = createStore(db);
    // The run's clock: noon UTC today, when every fleet zone's local yesterday is the UTC yesterday.
    const today = localDateOf(new Date(), 'UTC');
    const now = new Date(`${today}T12:00:00Z`);
    const range = { start: addDays(today, -DAYS), end: addDays(today, -1) };

    console.log(`generating ${HOMES} homes x ${DAYS} days, readings every ${READING_MINUTES} minutes:`);
    const genStart = Date.now();
    const counts = await generateFleet(db, { homes: HOMES, first: range.start, last: range.end, readingMinutes: READING_MINUTES });
    const genSeconds = (Date.now() - genStart) / 1000;
    console.log(`fleet generated in ${genSeconds.toFixed(0)} s:`, counts);
    console.log(`running the daily metrics job (${DAYS}-day backfill, then rankings)...`);

    const job = createDailyMetricsJob(store, {
      defaultAdderCentsPerKwh: config.dynamicPriceAdderCentsPerKwh,
      batchDays: config.metricsBatchDays,
      leaseMs: METRICS_RUN_LEASE_MS,
      minCohortHomes: config.metricsMinCohortHomes,
    });
    const outcome = await job.run({ now, range });
    const [[stored]] = (await db.query(
      `SELECT (SELECT count(*) FROM metrics_daily)::int AS days, (SELECT count(*) FROM metrics_machine_daily)::int AS machine_days,
              (SELECT count(*) FROM metrics_rankings)::int AS rankings, (SELECT count(*) FROM metrics_rankings WHERE rank IS NOT NULL)::int AS ranked`,
    )) as [{ days: number; machine_days: number; rankings: number; ranked: number }[], unknown];
    const expectedDays = HOMES * DAYS;
    const miss =
      outcome.status !== 'done'
        ? `run ${outcome.status}`
        : stored!.days !== expectedDays
          ? `${stored!.days} account-days stored, expected ${expectedDays}`
          : outcome.seconds > TARGET_S
            ? `${outcome.seconds.toFixed(0)} s > ${TARGET_S} s`
            : null;
    failed = miss !== null;
    printTable([
      {
        scenario: `daily metrics + rankings, ${HOMES} homes x ${DAYS} days`,
        'account-days': stored!.days,
        'machine-days': stored!.machine_days,
        'rankings (ranked)': `${stored!.rankings} (${stored!.ranked})`,
        'total s': Number(outcome.seconds.toFixed(1)),
        'homes/s': Math.round(HOMES / outcome.seconds),
        'account-days/s': Math.round(stored!.days / outcome.seconds),
        result: miss ?? 'ok',
      },
    ]);
  } finally {
    await db.close();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) {
    console.error(`bench:metrics: a target was missed (the job must finish within ${TARGET_S} s)`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
