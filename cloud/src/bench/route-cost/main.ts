// `npm run -w cloud bench:route-cost`: what one request of each frequent route costs the cloud,
// measured where the shared machine's load matters least: the server process's CPU time per
// request (its /proc ticks over a few hundred requests) and the statements it sends PostgreSQL per
// request (pg_stat_statements, BEGIN and COMMIT included). The built cloud runs in its own process
// on a fresh embedded PostgreSQL; the accounts look like the system benchmark's add-on and
// satellite homes. Prints one row per route; `--top` also prints each route's statements.
// See docs/performance.md.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { configureLogging } from '../../log.js';
import { startBenchDatabase } from '../bench-database.js';
import { call, startCloudProcess, UNTHROTTLED_ENV } from '../cloud-process.js';
import { printTable } from '../load.js';
import { cpuTicks } from '../proc-stats.js';
import { setUpHomes, type RouteCase } from './homes.js';

const { values: flags } = parseArgs({ options: { requests: { type: 'string' }, top: { type: 'boolean' }, only: { type: 'string' } } });
const REQUESTS = Number(flags.requests ?? 600);
const CONCURRENCY = 4;
const TICK_MS = 10; // /proc/<pid>/stat counts in USER_HZ = 100 ticks a second

async function main(): Promise<void> {
  configureLogging('warn');
  const database = await startBenchDatabase('route-cost', ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_utility=on']);
  const url = database.url;
  const cloud = await startCloudProcess({
    DATABASE_URL: url,
    OFFPEAK_DATA_DIR: database.dir,
    ...UNTHROTTLED_ENV,
    PRICE_FEED_BASE_URLS: '*=http://127.0.0.1:9',
  });
  const stats = new pg.Client({ connectionString: url });
  await stats.connect();
  try {
    await stats.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await call(cloud.url, 'GET', '/healthz');
    const cases = (await setUpHomes(cloud.url)).filter((c) => !flags.only || c.name.includes(flags.only));
    const rows: Record<string, string | number>[] = [];
    for (const c of cases) {
      await runCase(c, Math.min(100, REQUESTS)); // warm-up: JIT, pool, caches
      await stats.query('SELECT pg_stat_statements_reset()');
      const ticks0 = cpuTicks(cloud.child.pid!);
      const t0 = performance.now();
      const failures = await runCase(c, REQUESTS);
      const wallMs = performance.now() - t0;
      const cpuMs = (cpuTicks(cloud.child.pid!) - ticks0) * TICK_MS;
      const { rows: statements } = await stats.query<{ query: string; calls: string }>(
        `SELECT query, calls FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY calls DESC`,
      );
      const total = statements.reduce((s, r) => s + Number(r.calls), 0);
      rows.push({
        route: c.name,
        requests: REQUESTS,
        failed: failures,
        'cpu ms/req': (cpuMs / REQUESTS).toFixed(2),
        'statements/req': (total / REQUESTS).toFixed(2),
        'wall ms/req': ((wallMs * CONCURRENCY) / REQUESTS).toFixed(1),
      });
      if (flags.top)
        for (const s of statements.slice(0, 12))
          console.log(`${c.name}  ${(Number(s.calls) / REQUESTS).toFixed(2)}  ${s.query.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    printTable(rows);
  } finally {
    await stats.end();
    await cloud.stop();
    await database.stop();
  }
}

/** `count` requests of one case, CONCURRENCY at a time; returns how many failed. */
async function runCase(c: RouteCase, count: number): Promise<number> {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, lane) => {
      while (next < count) {
        next++;
        if (!(await c.send(lane))) failed++;
      }
    }),
  );
  return failed;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
