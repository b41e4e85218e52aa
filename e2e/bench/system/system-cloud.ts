// The server side of the benchmark: one embedded PostgreSQL and one built cloud instance
// (cloud/dist/main.js in its own process, started as the cloud's benches start it): on real time
// for the set-up, then restarted with its jobs on the fleet's accelerated clock for the day; and
// what the benchmark asks the database at the end.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCloudProcess, type CloudProcess } from '@offpeak/cloud/bench';
import pg from 'pg';
import { ensureDatabaseExists, startEmbeddedPostgres } from '@offpeak/cloud/testing/store';
import type { FleetClock } from './fleet-clock.js';
import { DAY_AHEAD } from './fleet.js';
import { pollWaitS } from './fleet-rate.js';
import type { JobRecord } from './replans.js';

/** Nothing listens here: the other outside feeds (prices, fallback weather) fail at once, as offline. */
const NOWHERE = 'http://127.0.0.1:9';

/** Signs the cloud's tokens in both phases (set-up and the day), so sessions carry over. */
const JWT_SECRET = 'bench-system-secret-long-enough-for-hs256-signing';

export interface SystemDatabase {
  url: string;
  dir: string;
  /** pg_database_size of the cloud's database, bytes. */
  databaseBytes(): Promise<number>;
  /** Per account: whether every active appliance has a plan of `day` written by the nightly run. */
  nightlyPlanned(day: string): Promise<Map<string, boolean>>;
  /** Accounts in the nightly run `runKey`, finished, and the real instant the last one finished. */
  nightlyRun(runKey: string): Promise<{ total: number; finished: number; lastFinishedMs: number | null }>;
  /** Every planning job of the run, whether it wrote a row of its home's local today judged on `clock`. */
  planningJobs(clock: Pick<FleetClock, 'startMs' | 'anchorMs' | 'rate'>): Promise<JobRecord[]>;
  stop(): Promise<void>;
}

export async function startSystemDatabase(): Promise<SystemDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'offpeak-bench-system-'));
  chmodSync(dir, 0o755); // the embedded server runs as the postgres user when we are root
  const server = await startEmbeddedPostgres({ dir });
  const url = server.urlFor('offpeak');
  await ensureDatabaseExists(url);
  // One connection made now and kept: opening one later, on a machine the run keeps busy, can time out.
  const client = new pg.Client({ connectionString: url, keepAlive: true });
  await client.connect();
  const rows = async <T>(sql: string, bind: unknown[] = []) => (await client.query(sql, bind)).rows as T[];
  return {
    url,
    dir,
    databaseBytes: async () => Number((await rows<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes'))[0]!.bytes),
    nightlyPlanned: async (day) => {
      const found = await rows<{ user_id: string; planned: boolean }>(
        `SELECT a.user_id, bool_and(EXISTS (SELECT 1 FROM schedules s WHERE s.appliance_id = a.id AND s.local_date = $1 AND s.trigger = 'nightly')) AS planned
           FROM appliances a WHERE a.is_active GROUP BY a.user_id`,
        [day],
      );
      return new Map(found.map((r) => [r.user_id, r.planned]));
    },
    nightlyRun: async (runKey) => {
      const [r] = await rows<{ total: number; finished: number; last: Date | null }>(
        `SELECT count(*)::int AS total, count(finished_at)::int AS finished, max(finished_at) AS last FROM planning_jobs WHERE run_key = $1`,
        [runKey],
      );
      return { total: r?.total ?? 0, finished: r?.finished ?? 0, lastFinishedMs: r?.last ? new Date(r.last).getTime() : null };
    },
    planningJobs: async (clock) => {
      // A job's rows are written in the transaction that finishes it: their created_at is its
      // finished_at (real time); the home's local today is the fleet clock's date then.
      const found = await rows<{ user_id: string; kind: string; reasons: string[]; finished_at: Date | null; outcome: string | null; wrote_today: boolean }>(
        `SELECT j.user_id, j.kind, j.reasons, j.finished_at, j.outcome,
                EXISTS (SELECT 1 FROM schedules s
                         WHERE s.user_id = j.user_id AND s.created_at = j.finished_at
                           AND s.local_date = (($1::timestamptz + (j.finished_at - $2::timestamptz) * $3::float8) AT TIME ZONE coalesce(p.timezone, 'UTC'))::date) AS wrote_today
           FROM planning_jobs j LEFT JOIN profiles p ON p.user_id = j.user_id ORDER BY j.id`,
        [new Date(clock.startMs), new Date(clock.anchorMs), clock.rate],
      );
      return found.map((r) => ({
        userId: r.user_id,
        kind: r.kind,
        reasons: r.reasons,
        finishedRealMs: r.finished_at ? new Date(r.finished_at).getTime() : null,
        outcome: r.outcome,
        wroteToday: r.wrote_today,
      }));
    },
    stop: async () => {
      await client.end();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The cloud on `db`. For set-up, `clock` null: real time (from the evening before the day), so a
 * claim code lives its 15 real minutes and no job races ahead. For the day, the fleet's clock.
 */
export async function startSystemCloud(db: SystemDatabase, clock: FleetClock | null, setupStartMs: number, dayAheadUrl: string): Promise<CloudProcess> {
  const cloud = await startCloudProcess({
    DATABASE_URL: db.url,
    OFFPEAK_DATA_DIR: db.dir,
    JWT_SECRET,
    JOBS_ENABLED: clock ? 'true' : 'false',
    // BENCH_CLOUD_LOG shows the log at LOG_LEVEL (the cloud benches' default is warn).
    ...(process.env.BENCH_CLOUD_LOG && process.env.LOG_LEVEL && { LOG_LEVEL: process.env.LOG_LEVEL }),
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '0',
    WEATHER_FALLBACK_BASE_URL: NOWHERE,
    WEATHER_FALLBACK_TIMEOUT_MS: '500',
    PRICE_FEED_BASE_URLS: `${DAY_AHEAD.zone}=${dayAheadUrl},*=${NOWHERE}`,
    PRICE_FEED_RETRIES: '0',
    // A lease is compared with the accelerated clock: a few real minutes long (docs/system-tests.md).
    PLANNING_JOB_LEASE_MS: String(Math.round(120_000 * (clock?.rate ?? 1))),
    // A parked poll is real seconds: a short one keeps each satellite's contact about every 50
    // simulated seconds, as a real one's 50 s park (fleet-rate.ts).
    DEVICE_COMMAND_POLL_WAIT_S: String(clock ? pollWaitS(clock.rate) : 1),
    ...(clock ? clock.env() : { OFFPEAK_CLOCK_START: new Date(setupStartMs).toISOString(), OFFPEAK_CLOCK_RATE: '1' }),
  });
  // BENCH_CLOUD_LOG=1: the cloud's log (LOG_LEVEL, default warn) on this process's stderr.
  if (process.env.BENCH_CLOUD_LOG) for (const s of [cloud.child.stdout!, cloud.child.stderr!]) s.on('data', (c: Buffer) => process.stderr.write(c));
  return cloud;
}
