// The set-based reads of the daily metrics job: every machine-day of a batch of (account, local
// day) pairs in one statement each, whatever the batch size. Readings are bucketed into the
// day's grid slots with width_bucket over the 48 slot starts the slot grid computed (so the SQL
// does no time-zone arithmetic) and classified with the rules of domain/metrics/adherence.ts.
import { DIVERGENCE_F, READING_CLASS as C } from '../domain/metrics/adherence.js';
import { RUNNING_ACTIONS } from '../domain/metrics/machine-activity.js';
import { HVAC_READING_TYPES } from '../domain/readings/value-ranges.js';

/** The types whose readings are in hvac_readings, as an SQL list of literals (fixed identifiers of the code, not input). */
const HVAC_READING_TYPES_SQL = HVAC_READING_TYPES.map((t) => `'${t}'`).join(', ');

/**
 * The schedule rows of the accounts $1 between $2 and $3, newest first per machine-day, with the
 * parts the figures read (an HVAC's intervals are slot numbers: not read). The caller keeps the
 * batch's pairs. One index range per account.
 */
export const NEWEST_PLANS_SQL = `
  SELECT DISTINCT ON (s.appliance_id, s.local_date)
         s.appliance_id, s.user_id, s.local_date::text AS local_date, a.appliance_type,
         s.baseline_cost_cents, s.optimized_cost_cents, s.from_slot,
         x.setpoint_temps, x.high_temps, x.low_temps, CASE WHEN a.appliance_type <> 'hvac' THEN x.intervals END AS intervals,
         s.constraints_used
    FROM schedules s
    JOIN appliances a ON a.id = s.appliance_id
    -- One decompression of the body for the four parts (each -> would unpack it again).
    CROSS JOIN LATERAL jsonb_to_record(s.schedule) AS x(setpoint_temps jsonb, high_temps jsonb, low_temps jsonb, intervals jsonb)
   WHERE s.user_id = ANY($1::uuid[]) AND s.local_date BETWEEN $2::date AND $3::date
   ORDER BY s.appliance_id, s.local_date, s.created_at DESC, s.id DESC`;

const TOLERANCE = String(DIVERGENCE_F);
const RUN_CLASSES = `(${C.override}, ${C.defect})`;
const RUNNING = RUNNING_ACTIONS.map((a) => `'${a}'`).join(', ');

// Per-slot values travel as comma-separated text (an empty field for null): parsing that is several
// times cheaper in Node than array literals with a per-element type parser. (string_agg, not
// array_to_string(array_agg(...)), which formats each element with snprintf.)
const csv = (column: string) => `string_agg(coalesce(${column}::text, ''), ',' ORDER BY slot)`;
/** The same, null when no slot has a value (a machine without power or temperature readings). */
const csvOrNull = (column: string, present: string) => `CASE WHEN bool_or(${present}) THEN ${csv(column)} END`;

// One machine-day's readings, from the readings table its type writes to (HVAC and dehumidifier
// readings come through POST /readings), with their grid slot and class. Slot and class are
// computed here, so the grid and plan arrays never travel with the readings.
const MACHINE_DAY_READINGS = `
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
    FROM appliance_readings ar WHERE NOT m.has_hvac_readings AND ar.appliance_id = m.appliance_id AND ar.ts >= m.day_start AND ar.ts < m.day_end`;

// Per slot of one machine-day: means (sum / count: avg(float8) also accumulates squares), action
// and adherence counts, the classes in reading order and the times of the override and defect readings.
const SLOTS = `
  SELECT slot, sum(power_watts) / nullif(count(power_watts), 0) AS power_w, sum(indoor_temp) / nullif(count(indoor_temp), 0) AS indoor_f,
         count(action)::int AS action_n, (count(*) FILTER (WHERE action IN (${RUNNING})))::int AS running_n,
         (count(*) FILTER (WHERE cls IN (${C.defect}, ${C.conforming})))::int AS considered,
         (count(*) FILTER (WHERE cls = ${C.conforming}))::int AS conforming,
         bool_or(shows_override) AS shows_override,
         string_agg(cls::text, '' ORDER BY ts, id) AS classes,
         array_agg(ts ORDER BY ts, id) FILTER (WHERE cls IN ${RUN_CLASSES}) AS run_at
    FROM (${MACHINE_DAY_READINGS}) r
   GROUP BY slot`;

/**
 * Per machine-day of the pairs that has readings: its slots with readings and, aligned with them,
 * the mean power_watts, mean indoor temperature and hvac_action counts (each null when no slot has
 * one); the adherence counts; the class of every reading in time order as one digit each
 * (READING_CLASS), and the times of the override and defect readings among them, in that order.
 * $1-$5 pairs (user, local date, day start, day end, grid index); $6-$7 grids (index, '{...}'
 * literal of the 48 slot starts); $8-$10 planned setpoints of HVAC-days ('{...}' of 48 floats).
 * Each machine-day is aggregated on its own (LATERAL) from its own index range, so a batch touches
 * only its readings and sorts only within a machine-day.
 */
export const READING_DAYS_SQL = `
  WITH grid AS MATERIALIZED (
         SELECT gi, starts::timestamptz[] AS starts FROM unnest($6::int[], $7::text[]) AS t(gi, starts)),
       plan AS MATERIALIZED (
         SELECT appliance_id, local_date, planned::float8[] AS planned
           FROM unnest($8::uuid[], $9::date[], $10::text[]) AS t(appliance_id, local_date, planned)),
       machine_day AS (
         SELECT a.id AS appliance_id, p.local_date, p.day_start, p.day_end, g.starts, pl.planned,
                a.appliance_type = 'hvac' AS is_hvac, a.appliance_type IN (${HVAC_READING_TYPES_SQL}) AS has_hvac_readings
           FROM unnest($1::uuid[], $2::date[], $3::timestamptz[], $4::timestamptz[], $5::int[]) AS p(user_id, local_date, day_start, day_end, gi)
           JOIN grid g ON g.gi = p.gi
           -- Solar readings are production, not consumption.
           JOIN appliances a ON a.user_id = p.user_id AND a.appliance_type <> 'solar'
           LEFT JOIN plan pl ON pl.appliance_id = a.id AND pl.local_date = p.local_date)
  SELECT m.appliance_id, m.local_date::text AS local_date, d.*
    FROM machine_day m
    CROSS JOIN LATERAL (
      SELECT ${csv('slot')} AS slots, ${csvOrNull('power_w', 'power_w IS NOT NULL')} AS power_w,
             ${csvOrNull('indoor_f', 'indoor_f IS NOT NULL')} AS indoor_f, ${csvOrNull('action_n', 'action_n > 0')} AS action_n,
             ${csvOrNull('running_n', 'action_n > 0')} AS running_n,
             sum(considered)::int AS considered, sum(conforming)::int AS conforming, bool_or(shows_override) AS shows_override,
             string_agg(classes, '' ORDER BY slot) AS classes, coalesce(metrics_array_cat(run_at ORDER BY slot), '{}') AS run_at
        FROM (${SLOTS}) s) d
   WHERE d.slots IS NOT NULL`;
