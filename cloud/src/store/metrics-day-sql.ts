// The set-based reads of the daily metrics job: every machine-day of a batch of (account, local
// day) pairs in one statement each, whatever the batch size. Readings are bucketed into the
// day's grid slots with width_bucket over the 48 slot starts the slot grid computed (so the SQL
// does no time-zone arithmetic) and classified with the rules of domain/metrics/adherence.ts.
// Readings are read in (machine, day) order; one sort within each machine-day feeds both groupings.
import { DIVERGENCE_F, READING_CLASS as C } from '../domain/metrics/adherence.js';
import { RUNNING_ACTIONS } from '../domain/metrics/machine-activity.js';

/**
 * The schedule rows of the accounts $1 between $2 and $3, newest first per machine-day, with the
 * parts the figures read (the caller keeps the batch's pairs). One index range per account.
 */
export const NEWEST_PLANS_SQL = `
  SELECT DISTINCT ON (s.appliance_id, s.local_date)
         s.appliance_id, s.user_id, s.local_date::text AS local_date, a.appliance_type,
         s.baseline_cost_cents, s.optimized_cost_cents, s.from_slot,
         s.schedule->'setpoint_temps' AS setpoint_temps, s.schedule->'high_temps' AS high_temps,
         s.schedule->'low_temps' AS low_temps, s.schedule->'intervals' AS intervals, s.constraints_used
    FROM schedules s
    JOIN appliances a ON a.id = s.appliance_id
   WHERE s.user_id = ANY($1::uuid[]) AND s.local_date BETWEEN $2::date AND $3::date
   ORDER BY s.appliance_id, s.local_date, s.created_at DESC, s.id DESC`;

const TOLERANCE = String(DIVERGENCE_F);
const RUN_CLASSES = `(${C.override}, ${C.defect})`;
const RUNNING = RUNNING_ACTIONS.map((a) => `'${a}'`).join(', ');

// $1-$5 pairs (user, local date, day start, day end, grid index); $6-$7 grids (index, '{...}'
// literal of the 48 slot starts); $8-$10 planned setpoints of HVAC-days ('{...}' of 48 floats).
// Each machine-day reads its own index range (LATERAL) in (machine, day) order, in the readings
// table its type writes to (HVAC and dehumidifier readings come through POST /readings), so a batch touches
// only its readings and the sort below only orders readings within a machine-day. Slot and
// class are computed inside the LATERAL, so the grid and plan arrays never travel with readings.
const READINGS = `
  grid AS MATERIALIZED (
    SELECT gi, starts::timestamptz[] AS starts FROM unnest($6::int[], $7::text[]) AS t(gi, starts)),
  plan AS MATERIALIZED (
    SELECT appliance_id, local_date, planned::float8[] AS planned
      FROM unnest($8::uuid[], $9::date[], $10::text[]) AS t(appliance_id, local_date, planned)),
  machine_day AS NOT MATERIALIZED (
    SELECT a.id AS appliance_id, p.local_date, p.day_start, p.day_end, g.starts, a.appliance_type = 'hvac' AS is_hvac,
           a.appliance_type IN ('hvac', 'dehumidifier') AS has_hvac_readings, pl.planned
      FROM unnest($1::uuid[], $2::date[], $3::timestamptz[], $4::timestamptz[], $5::int[]) AS p(user_id, local_date, day_start, day_end, gi)
      JOIN grid g ON g.gi = p.gi
      -- Solar readings are production, not consumption.
      JOIN appliances a ON a.user_id = p.user_id AND a.appliance_type <> 'solar'
      LEFT JOIN plan pl ON pl.appliance_id = a.id AND pl.local_date = p.local_date
     ORDER BY a.id, p.local_date),
  r AS (
    SELECT m.appliance_id, m.local_date, x.*
      FROM machine_day m
      CROSS JOIN LATERAL (
        SELECT h.ts, h.id, width_bucket(h.ts, m.starts) - 1 AS slot, h.indoor_temp, h.power_watts, lower(h.hvac_action) AS action,
               CASE WHEN NOT m.is_hvac THEN ${C.unjudged}
                    WHEN h.override_active OR abs(h.target_temp - h.commanded_setpoint) > ${TOLERANCE} THEN ${C.override}
                    WHEN h.commanded_setpoint IS NULL OR m.planned[width_bucket(h.ts, m.starts)] IS NULL THEN ${C.unjudged}
                    WHEN abs(h.commanded_setpoint - m.planned[width_bucket(h.ts, m.starts)]) > ${TOLERANCE} THEN ${C.defect}
                    ELSE ${C.conforming} END AS cls,
               m.is_hvac AND (h.override_active IS NOT NULL OR (h.target_temp IS NOT NULL AND h.commanded_setpoint IS NOT NULL)) AS shows_override
          FROM hvac_readings h WHERE m.has_hvac_readings AND h.appliance_id = m.appliance_id AND h.ts >= m.day_start AND h.ts < m.day_end
        UNION ALL
        SELECT ar.ts, ar.id, width_bucket(ar.ts, m.starts) - 1, NULL, ar.power_watts, NULL, ${C.unjudged}, false
          FROM appliance_readings ar WHERE NOT m.has_hvac_readings AND ar.appliance_id = m.appliance_id AND ar.ts >= m.day_start AND ar.ts < m.day_end) x),
  -- Per slot, in reading order within the machine-day (the planner sorts the readings once; both
  -- groupings then take them as they come).
  slots AS (
    SELECT appliance_id, local_date, slot, avg(power_watts) AS power_w, avg(indoor_temp) AS indoor_f,
           count(action)::int AS action_n, (count(*) FILTER (WHERE action IN (${RUNNING})))::int AS running_n,
           (count(*) FILTER (WHERE cls IN (${C.defect}, ${C.conforming})))::int AS considered,
           (count(*) FILTER (WHERE cls = ${C.conforming}))::int AS conforming,
           bool_or(shows_override) AS shows_override,
           string_agg(cls::text, '' ORDER BY ts, id) AS classes,
           array_agg(ts ORDER BY ts, id) FILTER (WHERE cls IN ${RUN_CLASSES}) AS run_at
      FROM r GROUP BY appliance_id, local_date, slot)`;

// Per-slot values travel as comma-separated text (an empty field for null): parsing that is several
// times cheaper in Node than array literals with a per-element type parser, and a batch carries
// a few million of them.
const csv = (column: string) => `array_to_string(array_agg(${column} ORDER BY slot), ',', '')`;

/**
 * Per machine-day of the pairs: the slots with readings and, aligned with them, the mean
 * power_watts, mean indoor temperature and hvac_action counts; the adherence counts; the class of
 * every reading in time order as one digit each (READING_CLASS), and the times of the override and
 * defect readings among them, in the same order.
 */
export const READING_DAYS_SQL = `
  WITH ${READINGS}
  SELECT appliance_id, local_date::text AS local_date,
         ${csv('slot')} AS slots, ${csv('power_w')} AS power_w, ${csv('indoor_f')} AS indoor_f,
         ${csv('action_n')} AS action_n, ${csv('running_n')} AS running_n,
         sum(considered)::int AS considered, sum(conforming)::int AS conforming, bool_or(shows_override) AS shows_override,
         string_agg(classes, '' ORDER BY slot) AS classes, coalesce(metrics_array_cat(run_at ORDER BY slot), '{}') AS run_at
    FROM slots
   GROUP BY appliance_id, local_date`;
