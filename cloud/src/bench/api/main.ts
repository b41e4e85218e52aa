// `npm run bench:api`: latency and throughput of the hot endpoints under concurrent load on
// loopback, against the built cloud in its own process on a fresh embedded PostgreSQL.
// Exits non-zero when a target is missed. See README "Benchmarks".
import { configureLogging } from '../../log.js';
import { startBenchDatabase } from '../bench-database.js';
import { call, startCloudProcess, UNTHROTTLED_ENV } from '../cloud-process.js';
import { printTable, runLoad, type LoadResult } from '../load.js';
import { recomputeAccount } from './recompute-account.js';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8_000);
const ACCOUNTS = 20;

interface Scenario {
  name: string;
  run: () => Promise<LoadResult>;
  target: (r: LoadResult) => string | null;
}

async function main(): Promise<void> {
  configureLogging('warn');
  const database = await startBenchDatabase('api');
  const cloud = await startCloudProcess({
    DATABASE_URL: database.url,
    OFFPEAK_DATA_DIR: database.dir,
    ...UNTHROTTLED_ENV,
  });
  let failed = false;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const s = await call(cloud.url, 'POST', '/auth/signup', {
        email: `bench-${i}-${Date.now()}@example.com`,
        password: 'bench-password',
        location_zip: '94103',
      });
      tokens.push(s.access_token);
      await call(
        cloud.url,
        'POST',
        '/api/v1/appliances',
        { appliance_type: 'hvac', name: 'Living room', config: { entity_id: 'climate.living_room' } },
        s.access_token,
      );
      await call(
        cloud.url,
        'POST',
        '/api/v1/appliances',
        { appliance_type: 'ev_charger', name: 'Car', config: { entity_id: 'switch.car', battery_capacity_kwh: 75, max_charge_rate_kw: 7.2 } },
        s.access_token,
      );
    }
    let turn = 0;
    const nextToken = () => tokens[turn++ % tokens.length]!;
    let clock = Date.now() - 30 * 86_400_000;
    const readingsBody = () => {
      const readings = Array.from({ length: 100 }, () => {
        clock += 1000;
        return {
          timestamp: new Date(clock).toISOString(),
          indoor_temp: 72 + Math.random(),
          hvac_state: 'COOL',
          outdoor_temp: 88,
          target_temp: 73,
          power_watts: 2400,
        };
      });
      return JSON.stringify({ readings, client: { kind: 'node', version: 'bench' } });
    };
    const auth = () => ({ authorization: `Bearer ${nextToken()}` });
    const recomputeToken = await recomputeAccount(cloud.url);
    const scenarios: Scenario[] = [
      {
        name: 'POST /api/v1/readings (100 readings)',
        // Each request picks the next account's token, as many homes push at once.
        run: () => runLoadRotating({ path: '/api/v1/readings', method: 'POST', body: readingsBody, concurrency: 4, expectStatus: 201 }),
        target: (r) => (r.p50Ms < 30 ? null : `p50 ${r.p50Ms.toFixed(1)} ms >= 30 ms`),
      },
      {
        name: 'GET /api/v1/appliances',
        run: () => runLoadRotating({ path: '/api/v1/appliances', method: 'GET', concurrency: 16, expectStatus: 200 }),
        target: (r) => (r.requestsPerSecond >= 1000 ? null : `${r.requestsPerSecond.toFixed(0)} req/s < 1000`),
      },
      {
        name: 'GET /api/v1/rates',
        run: () => runLoadRotating({ path: '/api/v1/rates', method: 'GET', concurrency: 16, expectStatus: 200 }),
        target: (r) => (r.requestsPerSecond >= 1000 ? null : `${r.requestsPerSecond.toFixed(0)} req/s < 1000`),
      },
      {
        name: 'POST /api/v1/schedule/recompute (7 appliances)',
        // One client: the latency of one account's synchronous re-plan, end to end.
        run: () =>
          runLoad({
            url: `${cloud.url}/api/v1/schedule/recompute`,
            method: 'POST',
            headers: { authorization: `Bearer ${recomputeToken}` },
            concurrency: 1,
            durationMs: DURATION_MS,
            expectStatus: 200,
          }),
        target: (r) => (r.p50Ms < 150 ? null : `p50 ${r.p50Ms.toFixed(1)} ms >= 150 ms`),
      },
    ];

    function runLoadRotating(o: { path: string; method: 'GET' | 'POST'; body?: () => string; concurrency: number; expectStatus: number }) {
      return runLoad({
        url: cloud.url + o.path,
        method: o.method,
        body: o.body,
        headers: auth,
        concurrency: o.concurrency,
        durationMs: DURATION_MS,
        expectStatus: o.expectStatus,
      });
    }

    const rows: Record<string, string | number>[] = [];
    for (const s of scenarios) {
      await s.run(); // warm-up pass (JIT, connection pool), not measured
      const r = await s.run();
      const miss = r.errors ? `${r.errors} errors, first: ${r.firstError}` : s.target(r);
      if (miss) failed = true;
      rows.push({ scenario: s.name, requests: r.requests, 'req/s': r.requestsPerSecond, 'p50 ms': r.p50Ms, 'p99 ms': r.p99Ms, result: miss ?? 'ok' });
    }
    printTable(rows);
  } finally {
    await cloud.stop();
    await database.stop();
  }
  if (failed) {
    console.error('bench:api: a target was missed');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
