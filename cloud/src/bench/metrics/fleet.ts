// A synthetic fleet for `npm run bench:metrics`, generated in bulk with generate_series: homes in
// four US zones over ~900 ZIP codes and the catalog's plans (some on custom rates), each with an
// HVAC and some with an EV, a battery or a water heater; one schedule row per machine-day (a tenth
// with an older row beside it) and readings over the whole span. Schedules and readings go in the
// bulk-load way (see bulkLoad), foreign-key triggers off for the load.
import type { Sequelize } from 'sequelize';
import { catalogIds } from '../../domain/tariffs/catalog.js';
import { addDays, dayBoundsUtc, type LocalDate } from '../../domain/time/slot-grid.js';

export const BENCH_ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];

export interface FleetSpec {
  homes: number;
  /** Local days first..last, the same dates in every zone. */
  first: LocalDate;
  last: LocalDate;
  /** Minutes between two readings of one machine. */
  readingMinutes: number;
}

const slots = (on: (s: number) => boolean) => Array.from({ length: 48 }, (_, s) => on(s));
const hvacSchedule = (low: number, high: number) => ({
  intervals: Array.from({ length: 48 }, (_, s) => s),
  high_temps: slots((s) => s >= 16 && s < 34).map((away) => (away ? high + 4 : high)),
  low_temps: Array<number>(48).fill(low),
  setpoint_temps: Array<number>(48).fill(73),
  temp_trajectory: Array<number>(48).fill(73),
});
const PLANS = {
  hvac: [hvacSchedule(70, 74), hvacSchedule(71, 75), hvacSchedule(68, 76)],
  ev_charger: { intervals: slots((s) => s >= 2 && s < 12), value_trajectory: Array<number>(48).fill(60), unit: 'percent' },
  home_battery: { intervals: slots((s) => s >= 4 && s < 10), value_trajectory: Array<number>(48).fill(50), unit: 'percent' },
  water_heater: { intervals: slots((s) => s >= 6 && s < 10), temp_trajectory: Array<number>(48).fill(130), unit: 'fahrenheit' },
};
const USED = {
  ev_charger: { max_charge_rate_kw: 7.2, target_charge_pct: 80, min_charge_pct: 20, deadline_time: '07:00' },
  home_battery: { max_charge_rate_kw: 5, target_charge_pct: 90, min_charge_pct: 10, deadline_time: null },
  water_heater: { element_watts: 4500, min_temp_f: 120, max_temp_f: 140 },
};
const CUSTOM_RATES = Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 42 : h < 7 ? 11 : 19));

/** Runs `work`, printing how long it took (generation takes minutes). */
async function step(name: string, work: () => Promise<void>): Promise<void> {
  const started = Date.now();
  await work();
  console.log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** Runs statements in one transaction with foreign-key triggers and synchronous commit off. */
async function bulk(db: Sequelize, statements: { sql: string; bind?: unknown[] }[]): Promise<void> {
  await db.transaction(async (transaction) => {
    await db.query('SET LOCAL session_replication_role = replica', { transaction });
    await db.query('SET LOCAL synchronous_commit = off', { transaction });
    for (const s of statements) await db.query(s.sql, { bind: s.bind, transaction });
  });
}

/**
 * Loads `tables` the bulk way: autovacuum off and indexes dropped during `load`, indexes rebuilt
 * from their saved definitions, then VACUUM ANALYZE, so the job meets the steady state of a live
 * database (statistics, hint bits and visibility map set) rather than a vacuum racing it.
 */
async function bulkLoad(db: Sequelize, tables: string[], load: () => Promise<void>): Promise<void> {
  const [defs] = (await db.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ANY($1) AND indexname NOT LIKE '%_pkey'`, {
    bind: [tables],
  })) as [{ indexname: string; indexdef: string }[], unknown];
  for (const t of tables) await db.query(`ALTER TABLE ${t} SET (autovacuum_enabled = off)`);
  for (const d of defs) await db.query(`DROP INDEX ${d.indexname}`);
  for (const t of tables) await db.query(`ALTER TABLE ${t} DROP CONSTRAINT ${t}_pkey`);
  await load();
  await step('indexes', async () => {
    for (const t of tables) await db.query(`ALTER TABLE ${t} ADD PRIMARY KEY (id)`);
    for (const d of defs) await db.query(d.indexdef);
  });
  await step('vacuum', async () => {
    for (const t of tables) await db.query(`VACUUM (ANALYZE) ${t}`);
  });
  for (const t of tables) await db.query(`ALTER TABLE ${t} RESET (autovacuum_enabled)`);
}

/** Generates the fleet; returns the row counts. */
export async function generateFleet(db: Sequelize, spec: FleetSpec): Promise<Record<string, number>> {
  const dates: LocalDate[] = [];
  for (let d = spec.first; d <= spec.last; d = addDays(d, 1)) dates.push(d);
  await step('homes and appliances', () =>
    bulk(db, [
      {
        // n picks everything: zone, ZIP (~300 areas of 3 ZIP codes), plan, custom rates, machines, behaviour.
        sql: `CREATE TABLE bench_homes AS
              SELECT n, gen_random_uuid() AS user_id, ($2::text[])[1 + n % 4] AS tz,
                     (100 + (n * 7919) % 300)::text || lpad((n % 3)::text, 2, '0') AS zip, ($3::int[])[1 + n % cardinality($3::int[])] AS plan
                FROM generate_series(1, $1) n`,
        bind: [spec.homes, BENCH_ZONES, catalogIds().slice(0, 6)],
      },
      { sql: `INSERT INTO users (id, email, password_hash) SELECT user_id, 'bench-' || n || '@example.com', 'bench' FROM bench_homes` },
      { sql: `INSERT INTO profiles (user_id, location_zip, pricing_location, timezone) SELECT user_id, zip, plan, tz FROM bench_homes` },
      {
        sql: `INSERT INTO rate_settings (user_id, pricing_source, hourly_rates_cents_per_kwh) SELECT user_id, 'custom', $1::jsonb FROM bench_homes WHERE n % 10 = 7`,
        bind: [JSON.stringify(CUSTOM_RATES)],
      },
      {
        sql: `INSERT INTO appliances (user_id, appliance_type, name, config)
            SELECT user_id, t.type, t.type, t.config::jsonb FROM bench_homes
              JOIN (VALUES ('hvac', 1, 0, '{"entity_id":"climate.home"}'), ('ev_charger', 3, 0, '{"entity_id":"switch.ev","max_charge_rate_kw":7.2}'),
                           ('home_battery', 10, 1, '{"entity_id":"switch.battery"}'), ('water_heater', 5, 2, '{"entity_id":"switch.tank"}')) AS t(type, every, at, config)
                ON n % t.every = t.at`,
      },
    ]),
  );
  await bulkLoad(db, ['schedules', 'hvac_readings', 'appliance_readings'], async () => {
    await step('schedules', () =>
      bulk(db, [
        {
          sql: `INSERT INTO schedules (user_id, appliance_id, local_date, schedule, source, baseline_cost_cents, optimized_cost_cents, savings_pct, trigger, constraints_used, created_at)
              SELECT a.user_id, a.id, d, CASE a.appliance_type WHEN 'hvac' THEN ($2::jsonb[])[1 + h.n % 3] ELSE $3::jsonb -> a.appliance_type END, 'optimization',
                     base, base * (0.7 + (h.n % 25) / 100.0), 0, 'nightly', coalesce($4::jsonb -> a.appliance_type, '{}'), d + time '04:00' - old * interval '3 hours'
                FROM appliances a JOIN bench_homes h ON h.user_id = a.user_id
               CROSS JOIN unnest($1::date[]) AS d
               CROSS JOIN LATERAL (SELECT 200 + (h.n % 40) * 10 AS base) b
               CROSS JOIN LATERAL generate_series(0, CASE WHEN (h.n + d - date '2000-01-01') % 10 = 0 THEN 1 ELSE 0 END) AS old`,
          bind: [dates, PLANS.hvac.map((p) => JSON.stringify(p)), JSON.stringify(PLANS), JSON.stringify(USED)],
        },
      ]),
    );
    for (const tz of BENCH_ZONES) {
      const from = dayBoundsUtc(spec.first, tz).start;
      const to = dayBoundsUtc(spec.last, tz).end;
      const bind = [tz, from, to, spec.readingMinutes];
      // Cooling late morning and (every fifth home) through the evening peak; power on even homes; an
      // override and a conformance defect now and then.
      await step(`readings ${tz}`, () =>
        bulk(db, [
          {
            sql: `INSERT INTO hvac_readings (user_id, appliance_id, ts, indoor_temp, hvac_state, target_temp, power_watts, hvac_action, commanded_setpoint, override_active)
                SELECT a.user_id, a.id, t.ts, 72 + CASE WHEN t.hr BETWEEN 16 AND 20 THEN 1.5 ELSE 0 END + random(), 'COOL',
                       CASE WHEN (t.q + h.n) % 173 < 3 THEN 69 WHEN (t.q + h.n) % 211 = 7 THEN 77 ELSE 73 END,
                       CASE WHEN h.n % 2 = 0 THEN CASE WHEN c.cooling THEN 2600 ELSE 40 END END,
                       CASE WHEN c.cooling THEN 'cooling' ELSE 'idle' END, CASE WHEN (t.q + h.n) % 211 = 7 THEN 77 ELSE 73 END, false
                  FROM (SELECT ts, extract(hour FROM ts AT TIME ZONE $1)::int AS hr, extract(epoch FROM ts)::bigint / 900 AS q
                          FROM generate_series($2::timestamptz, $3::timestamptz - interval '1 second', $4 * interval '1 minute') AS ts) t
                 CROSS JOIN bench_homes h
                  JOIN appliances a ON a.user_id = h.user_id AND a.appliance_type = 'hvac'
                 CROSS JOIN LATERAL (SELECT t.hr BETWEEN 10 AND 14 OR (h.n % 5 = 0 AND t.hr BETWEEN 16 AND 20) AS cooling) c
                 WHERE h.tz = $1`,
            bind,
          },
          {
            sql: `INSERT INTO appliance_readings (user_id, appliance_id, ts, state, value, power_watts)
                SELECT a.user_id, a.id, t.ts, CASE WHEN t.charging THEN 'CHARGING' ELSE 'IDLE' END, 60, CASE WHEN t.charging THEN 7200 ELSE 0 END
                  FROM (SELECT ts, extract(hour FROM ts AT TIME ZONE $1)::int BETWEEN 1 AND 5 AS charging
                          FROM generate_series($2::timestamptz, $3::timestamptz - interval '1 second', greatest($4, 30) * interval '1 minute') AS ts) t
                 CROSS JOIN bench_homes h
                  JOIN appliances a ON a.user_id = h.user_id AND a.appliance_type = 'ev_charger'
                 WHERE h.tz = $1 AND h.n % 6 = 0`,
            bind,
          },
        ]),
      );
    }
  });
  await db.query('ANALYZE bench_homes, users, profiles, rate_settings, appliances');
  const [[counts]] = (await db.query(
    `SELECT (SELECT count(*) FROM bench_homes)::int AS homes, (SELECT count(*) FROM appliances)::int AS appliances, (SELECT count(*) FROM schedules)::int AS schedules,
            (SELECT count(*) FROM hvac_readings)::int AS hvac_readings, (SELECT count(*) FROM appliance_readings)::int AS appliance_readings`,
  )) as [Record<string, number>[], unknown];
  return counts!;
}
