// `npm run bench:metrics`: the daily metrics and rankings job over a synthetic fleet (20,000 homes,
// 30 days of schedules and readings) on a fresh embedded PostgreSQL, run in-process as the
// scheduler runs it: a backfill of the 30 days, then the nightly run of yesterday. Prints homes/s
// and the total time of each; exits non-zero when one misses its target. See README "Benchmarks".
import { loadConfig } from '../../config.js';
import { addDays, localDateOf } from '../../domain/time/slot-grid.js';
import { configureLogging } from '../../log.js';
import { createDailyMetricsJob, METRICS_RUN_LEASE_MS, type DailyMetricsOutcome } from '../../services/daily-metrics-job.js';
import { createDatabase } from '../../store/database.js';
import { createStore } from '../../store/index.js';
import { migrate } from '../../store/migrate.js';
import { startBenchDatabase } from '../bench-database.js';
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

/** Why a run missed its target (not done, not every account-day stored, too slow), or null. */
function missOf(outcome: DailyMetricsOutcome, days: number): string | null {
  if (outcome.status !== 'done') return `run ${outcome.status}`;
  if (outcome.days !== days) return `${outcome.days} account-days, expected ${days}`;
  return outcome.seconds > TARGET_S ? `${outcome.seconds.toFixed(0)} s > ${TARGET_S} s` : null;
}

async function main(): Promise<void> {
  configureLogging(process.env.LOG_LEVEL ?? 'warn');
  const config = loadConfig({});
  const database = await startBenchDatabase('metrics', PG_FLAGS);
  const url = database.url;
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
    console.log(`running the daily metrics job: a ${DAYS}-day backfill, then the nightly run...`);

    const job = createDailyMetricsJob(store, {
      defaultAdderCentsPerKwh: config.dynamicPriceAdderCentsPerKwh,
      batchDays: config.metricsBatchDays,
      leaseMs: METRICS_RUN_LEASE_MS,
      minCohortHomes: config.metricsMinCohortHomes,
    });
    // The backfill computes every day of the window; the nightly run then recomputes yesterday for
    // every home (as the 05:30 UTC run does) and the rankings again.
    const scenarios = [
      { name: `${DAYS}-day backfill + rankings`, days: HOMES * DAYS, outcome: await job.run({ now, range }) },
      { name: 'nightly run (yesterday) + rankings', days: HOMES, outcome: await job.run({ now }) },
    ];
    const [[stored]] = (await db.query(
      `SELECT (SELECT count(*) FROM metrics_daily)::int AS days, (SELECT count(*) FROM metrics_machine_daily)::int AS machine_days,
              (SELECT count(*) FROM metrics_rankings WHERE rank IS NOT NULL)::int AS ranked`,
    )) as [{ days: number; machine_days: number; ranked: number }[], unknown];
    const rows = scenarios.map(({ name, days, outcome }) => {
      const miss = missOf(outcome, days);
      if (miss) failed = true;
      return {
        scenario: `${name}, ${HOMES} homes`,
        'account-days': outcome.days,
        'total s': Number(outcome.seconds.toFixed(1)),
        'homes/s': Math.round(HOMES / outcome.seconds),
        'account-days/s': Math.round(outcome.days / outcome.seconds),
        result: miss ?? 'ok',
      };
    });
    printTable(rows);
    console.log(`stored: ${stored!.days} account-days, ${stored!.machine_days} machine-days; ${stored!.ranked} of ${HOMES * 4} rankings with a rank`);
  } finally {
    await db.close();
    await database.stop();
  }
  if (failed) {
    console.error(`bench:metrics: a target was missed (each run must store every account-day within ${TARGET_S} s)`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
