// `npm run bench:nightly`: the nightly run over 2,000 synthetic accounts on a fresh embedded
// PostgreSQL, worked by one instance's planning worker as in production (PLANNING_WORKERS loops,
// batches of PLANNING_BATCH_SIZE accounts). Prints accounts/s; exits non-zero under 50/s.
// See README "Benchmarks".
import { pino } from 'pino';
import { QueryTypes } from 'sequelize';
import { loadConfig } from '../../config.js';
import { configureLogging } from '../../log.js';
import { createServices } from '../../services/index.js';
import { PlanningEvents } from '../../services/planning-events.js';
import { createRecomputeQueue } from '../../services/recompute-queue.js';
import { createDatabase } from '../../store/database.js';
import { createStore } from '../../store/index.js';
import { migrate } from '../../store/migrate.js';
import { startBenchDatabase } from '../bench-database.js';
import { printTable } from '../load.js';
import { seedAccounts } from './seed.js';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 2_000);
const TARGET_PER_SECOND = 50;

/** The next 04:00 UTC: the run plans every account's next local day, whole. */
function nextRunAt(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 4));
  if (at <= now) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

async function main(): Promise<void> {
  // Per-account lines (the weather fallback's) would swamp the output: only errors, plus progress below.
  configureLogging('error');
  const database = await startBenchDatabase('nightly');
  let perSecond = 0;
  try {
    const url = database.url;
    // The feed is unreachable: the benchmark measures the service, the seasonal default stands in.
    const config = loadConfig({ ...process.env, DATABASE_URL: url, WEATHER_FALLBACK_BASE_URL: 'http://127.0.0.1:9' });
    const db = createDatabase({ url, poolMax: config.dbPoolMax });
    await migrate(db);
    const runAt = nextRunAt(new Date());
    const seedStart = performance.now();
    const appliances = await seedAccounts(db, ACCOUNTS, runAt);
    console.log(
      `seeded ${ACCOUNTS} accounts, ${appliances} appliances in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; run ${runAt.toISOString()}`,
    );

    const store = createStore(db);
    const services = createServices(store, {
      config,
      jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
      publicUrl: () => 'http://localhost',
      databaseUrl: url,
    });
    const queue = createRecomputeQueue(store, {
      recompute: services.recompute,
      planningEvents: new PlanningEvents(),
      config: {
        debounceMs: config.recomputeDebounceMs,
        refinementSpreadMs: config.recomputeRefinementSpreadMs,
        pacedMinIntervalMs: config.replanMinIntervalMs,
        leaseMs: config.planningJobLeaseMs,
        pollMs: config.planningPollMs,
        concurrency: config.planningWorkers,
        batchSize: config.planningBatchSize,
      },
      logger: pino({ level: 'info', base: null, timestamp: false }, { write: (line: string) => void console.log(`  ${JSON.parse(line).msg}`) }),
    });
    const { runKey, total } = await services.nightlyRun.enqueue(runAt);
    const started = performance.now();
    // The planning clock stands a minute after the run's instant, as a worker would at 04:01 UTC.
    await queue.runDue(new Date(runAt.getTime() + 60_000));
    // Part of the run's work: the schedule_updated nudges the new rows caused.
    await services.scheduleEvents.settled();
    const seconds = (performance.now() - started) / 1000;
    const { done } = await services.nightlyRun.progress(runKey);
    const [stored] = await db.query<{ rows: number; accounts: number }>(
      'SELECT count(*)::int AS rows, count(DISTINCT user_id)::int AS accounts FROM schedules',
      { type: QueryTypes.SELECT },
    );
    perSecond = done / seconds;
    const miss =
      done < total
        ? `${total - done} accounts not planned`
        : perSecond < TARGET_PER_SECOND
          ? `${perSecond.toFixed(1)} accounts/s < ${TARGET_PER_SECOND}`
          : null;
    printTable([
      {
        accounts: total,
        planned: done,
        'schedule rows': stored?.rows ?? 0,
        workers: config.planningWorkers,
        batch: config.planningBatchSize,
        seconds,
        'accounts/s': perSecond,
        result: miss ?? 'ok',
      },
    ]);
    await db.close();
    if (miss) process.exitCode = 1;
  } finally {
    await database.stop();
  }
  if (process.exitCode) console.error('bench:nightly: the target was missed');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
