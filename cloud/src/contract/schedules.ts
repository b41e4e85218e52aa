// Schedules: what the schedule endpoints answer. Each body is one typed schema: the type clients
// compile against and the OpenAPI component served (domain/validation/typed-schema.ts).
import { applianceTypeSchema, entitiesBlockSchema } from '../domain/appliance-types/index.js';
import { applianceLinkHealth, linkHealthBlock } from '../domain/link-health.js';
import { chargeSchedule, hvacSchedule, missedLimit, solarConstraintsUsed, solarSchedule, waterHeaterSchedule } from '../domain/planners/schedule-bodies.js';
import { homeBlockSchema } from '../domain/planning/home-plan.js';
import { PLANNING_CHANGES, SCHEDULE_SOURCES, SCHEDULE_TRIGGERS } from '../domain/planning/plan-made.js';
import { OPTIMIZATION_MODES } from '../domain/preferences/defaults.js';
import { WINDOW_DETAIL } from '../domain/planning/history-window.js';
import * as t from '../domain/validation/typed-schema.js';

export type { HvacSchedule } from '../domain/planners/hvac-input.js';
export type { MissedLimit } from '../domain/planners/types.js';
export type { PlanExplanation, ReasonCode, SlotReason } from '../domain/planners/reason-codes.js';
export { MEASURED_CHANGES, PLANNING_CHANGES, type MeasuredChange, type PlanningChange } from '../domain/planning/plan-made.js';
/** The home block: household load, grid import and export per slot (kW), the load's source and the day's expected cost. */
export type { HomeBlock as HomePlan } from '../domain/planning/home-plan.js';

/** Exact error details of the schedule endpoints. */
export const SCHEDULE_DETAIL = {
  multipleHvac: 'User has multiple HVAC appliances; pass appliance_id to disambiguate.',
  historyApplianceNotFound: 'appliance not found for this user',
  ...WINDOW_DETAIL,
  foreignDevice: 'This device may only read the schedule of its own appliance',
} as const;

export type { ScheduleSource } from '../domain/planning/plan-made.js';
const source = () => t.oneOf(SCHEDULE_SOURCES, '`defaults` during warm-up (comfort bands from preferences, savings 0)');

const trigger = () =>
  t.oneOf(SCHEDULE_TRIGGERS, {
    description:
      'What wrote the row: the nightly run, the recompute endpoint, or a debounced recompute (saved inputs, published prices and forecasts, what the home measures departing from the plan)',
  });
const changes = () =>
  t.array(
    t.oneOf(PLANNING_CHANGES),
    'What changed to start the debounced recompute that wrote the row (empty for the nightly run and the recompute endpoint): saved inputs (preferences, constraints, appliances, rates, import_limit, household_load), published inputs (weather, prices), a completed day of whole-home readings (household_readings), or, noticed by the service, what the home measures departing from the plan (measured_charge: a battery or car off its planned charge; measured_plug: a car plugged in or out; measured_load, measured_solar: the half hour just ended off the planned household use or production; measured_temperature: indoors outside the planned band)',
  );

/** GET /api/v1/schedule: one HVAC's schedule of the account's local today. */
export const hvacScheduleResponse = t.component(
  'HvacScheduleResponse',
  t.object({
    date: t.date(),
    schedule: t.ref(hvacSchedule),
    mode: t.oneOf(OPTIMIZATION_MODES),
    estimated_savings_pct: t.number('Display-only; 0 on defaults'),
    model_confidence: t.nullable(t.number({ minimum: 0, maximum: 1, description: 'Display-only; null on defaults' })),
    generated_at: t.dateTime('UTC ISO 8601'),
    stale: t.optional(t.boolean("Present and true only when a prior day's schedule is returned")),
    source: source(),
  }),
);
export type HvacScheduleResponse = t.Infer<typeof hvacScheduleResponse>;

/** The schedule of any type; `{}` when none exists. */
export const applianceSchedule = t.component(
  'ApplianceSchedule',
  t.anyOf([t.ref(hvacSchedule), t.ref(chargeSchedule), t.ref(waterHeaterSchedule), t.ref(solarSchedule), t.emptyObject()], {
    description: 'The schedule of the appliance type, with `reasons_48` and `summary`; `{}` when none exists (dehumidifiers never have one).',
  }),
);
export type ApplianceSchedule = t.Infer<typeof applianceSchedule>;

/** One appliance's schedule of the day; `schedule` is `{}` when none exists. */
export const scheduleEntry = t.component(
  'ScheduleEntry',
  t.object({
    appliance_id: t.uuid(),
    appliance_type: t.ref(applianceTypeSchema),
    name: t.string(),
    schedule: t.ref(applianceSchedule),
    savings_pct: t.number('0.0 when no schedule exists'),
    source: source(),
    entities: t.optional(t.ref(entitiesBlockSchema)),
    integration_health: t.optional(t.ref(applianceLinkHealth, 'HVAC entries only')),
    missed: t.optional(t.array(t.ref(missedLimit), 'Limits the plan could not meet (it comes as close as possible); absent when all were met')),
  }),
);
export type ScheduleEntry = t.Infer<typeof scheduleEntry>;

/** GET /api/v1/appliances/{appliance_id}/schedule. */
export const applianceScheduleResponse = t.component('ApplianceScheduleResponse', t.allOf(t.ref(scheduleEntry), t.object({ date: t.date() })));
export type ApplianceScheduleResponse = t.Infer<typeof applianceScheduleResponse>;

/**
 * An HVAC schedule as a client reads it off the wire: `{}` before the first plan, so every field is
 * optional and checked before use. `room_target_temps` is what a reading's `room_target` echoes; the
 * planner does not emit it, so a client finds it absent.
 */
export type HvacScheduleBody = Partial<t.Infer<typeof hvacSchedule>> & { room_target_temps?: number[] | null };

/** GET /api/v1/appliances/{appliance_id}/schedule of an HVAC, as a satellite reads it. */
export type HvacApplianceScheduleResponse = Omit<ApplianceScheduleResponse, 'schedule'> & { schedule: HvacScheduleBody };

const schedulesViewEntry = t.allOf(t.ref(scheduleEntry), t.object({ optimization_enabled: t.boolean('Effective per-unit flag, includes the master switch') }));
/** An entry of the unified view. */
export type SchedulesViewEntry = t.Infer<typeof schedulesViewEntry>;

/** When and why an appliance's plan of the day was made: its row's stamp, trigger and changes. */
export const planMade = t.component(
  'PlanMade',
  t.object({
    appliance_id: t.uuid(),
    created_at: t.dateTime('When the row was written'),
    trigger: trigger(),
    changes: changes(),
  }),
);
export type PlanMade = t.Infer<typeof planMade>;

/** GET /api/v1/schedules. */
export const schedulesView = t.component(
  'SchedulesView',
  t.object(
    {
      date: t.date(),
      appliances: t.array(schedulesViewEntry),
      optimization_enabled: t.boolean('Master switch. When false, apply no schedule until a later poll returns true'),
      integration_health: t.ref(linkHealthBlock),
      home: t.nullable(t.ref(homeBlockSchema)),
      made: t.array(t.ref(planMade), "When and why each entry's plan of the day was made; an entry without a row has none"),
    },
    'A paused unit still has its schedule computed.',
  ),
);
export type SchedulesView = t.Infer<typeof schedulesView>;

export const RECOMPUTE_STATUSES = ['ok', 'failed', 'calibrating', 'forecast', 'observe', 'skipped'] as const;
/** The outcome per appliance of a recompute. */
export type RecomputeStatus = (typeof RECOMPUTE_STATUSES)[number];

/** One appliance's outcome in a recompute. */
export const recomputeResult = t.component(
  'RecomputeResult',
  t.object({
    appliance_id: t.uuid(),
    appliance_type: t.ref(applianceTypeSchema),
    name: t.string(),
    status: t.oneOf(RECOMPUTE_STATUSES, {
      description:
        'ok: fresh schedule; failed: not re-optimized, previous schedule remains; calibrating: one-time HVAC warm-up; forecast: solar; observe: dehumidifier; skipped: unknown type',
    }),
    detail: t.optional(
      t.string(
        'Short reason: with `failed`, with `calibrating` (what the warm-up still needs), with `skipped`; with `ok` under an import limit, the limits the plan could not meet within it (`within max_import_kw <kW> kW: <limit> <message>`)',
      ),
    ),
  }),
);
export type RecomputeResult = t.Infer<typeof recomputeResult>;

/** POST /api/v1/schedule/recompute. */
export const recomputeResponse = t.component(
  'RecomputeResponse',
  t.allOf(t.ref(schedulesView), t.object({ results: t.array(t.ref(recomputeResult)) }), {
    description:
      'Account-level early exits (no profile, weather fetch failed, optimization_mode off) return an empty results and the previous appliances entries.',
  }),
);
export type RecomputeResponse = t.Infer<typeof recomputeResponse>;

const dollars = (description: string) => t.number(`Dollars; display-only; ${description}`);

/** One stored schedule in the history. */
export const scheduleHistoryRow = t.component(
  'ScheduleHistoryRow',
  t.object(
    {
      id: t.integer(),
      appliance_id: t.uuid(),
      date: t.date(),
      schedule: t.ref(applianceSchedule),
      baseline_cost: dollars('cost without optimization'),
      optimized_cost: dollars('cost of the plan'),
      savings_pct: t.number('Display-only'),
      source: t.oneOf(SCHEDULE_SOURCES),
      created_at: t.dateTime(),
      from_slot: t.integer({
        minimum: 0,
        maximum: 47,
        description: 'First slot the row re-planned; earlier slots kept the previous row of the day. Its costs cover from_slot on',
      }),
      trigger: trigger(),
      changes: changes(),
      missed: t.array(t.ref(missedLimit)),
      constraints_used: t.anyOf([t.ref(solarConstraintsUsed), t.anyObject()], {
        type: 'object',
        description: 'Display-only inputs of the plan (solar rows: SolarConstraintsUsed; every row records export_rates_set)',
      }),
    },
    'One stored schedule; further backend-defined fields may appear and are ignored.',
  ),
);
export type ScheduleHistoryRow = t.Infer<typeof scheduleHistoryRow>;

/** GET /api/v1/schedules/history. */
export const scheduleHistory = t.component(
  'ScheduleHistory',
  t.object({
    start: t.date(),
    end: t.date(),
    appliances: t.array(
      t.object({
        appliance_id: t.uuid(),
        appliance_type: t.ref(applianceTypeSchema),
        name: t.string(),
        history: t.array(t.ref(scheduleHistoryRow), 'Sorted by date, then created_at, ascending'),
      }),
    ),
  }),
);
export type ScheduleHistory = t.Infer<typeof scheduleHistory>;

/** GET /api/v1/schedules/updated-at. */
export const schedulesUpdatedAt = t.component(
  'SchedulesUpdatedAt',
  t.object({
    updated_at: t.nullable(t.dateTime('Latest time a schedule was written for the account for today; null when nothing is scheduled today')),
  }),
);
export type SchedulesUpdatedAt = t.Infer<typeof schedulesUpdatedAt>;
