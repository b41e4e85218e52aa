import {
  DETAIL,
  SCHEDULE_DETAIL,
  applianceSchedule,
  applianceScheduleResponse,
  hvacScheduleResponse,
  planMade,
  recomputeResponse,
  recomputeResult,
  scheduleEntry,
  scheduleHistory,
  scheduleHistoryRow,
  schedulesUpdatedAt,
  schedulesView,
} from '../../contract/index.js';
import { entitiesBlockSchema } from '../../domain/appliance-types/index.js';
import {
  chargeSchedule,
  hvacSchedule,
  missedLimit,
  slotReason,
  solarConstraintsUsed,
  solarSchedule,
  waterHeaterSchedule,
} from '../../domain/planners/schedule-bodies.js';
import { homeBlockSchema } from '../../domain/planning/home-plan.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, queryParam, ref, type ApiModule } from './builders.js';
import { APPLIANCE_ID_PARAM, DATE, UUID, WINDOW_ERRORS } from './components.js';

const TAG = 'Schedules';

/** Schedules: read, unified view, recompute, history and freshness. */
export const schedulesApi: ApiModule = {
  tag: {
    name: TAG,
    description:
      '48 half-hour slots per local day (index 0 = 00:00-00:30 local, current slot = hour * 2 + (minute >= 30 ? 1 : 0)). Fetch at start and once a day after the overnight run; poll /schedules/updated-at for changes.',
  },
  schemas: componentSchemas([
    hvacSchedule,
    chargeSchedule,
    waterHeaterSchedule,
    solarSchedule,
    slotReason,
    applianceSchedule,
    entitiesBlockSchema,
    hvacScheduleResponse,
    scheduleEntry,
    missedLimit,
    applianceScheduleResponse,
    schedulesView,
    planMade,
    homeBlockSchema,
    recomputeResult,
    recomputeResponse,
    solarConstraintsUsed,
    scheduleHistoryRow,
    scheduleHistory,
    schedulesUpdatedAt,
  ]),
  paths: {
    '/api/v1/schedule': {
      get: operation({
        id: 'getHvacSchedule',
        tag: TAG,
        summary: "Today's schedule of an HVAC unit",
        description:
          "With no schedule today, the prior day's most recent one is returned with `stale` = true. A device token reads its own bound appliance. An account with no HVAC gets 404.",
        auth: 'userOrDevice',
        params: [queryParam('appliance_id', 'HVAC appliance; required when the account has 2 or more HVAC units', UUID)],
        ok: { 200: json("The HVAC unit's schedule", ref(hvacScheduleResponse)) },
        errors: { 400: [SCHEDULE_DETAIL.multipleHvac], 403: [SCHEDULE_DETAIL.foreignDevice], 404: [DETAIL.applianceNotFound] },
        notes: { 403: "A device token named an appliance_id other than the device's own bound appliance" },
      }),
    },
    '/api/v1/appliances/{appliance_id}/schedule': {
      get: operation({
        id: 'getApplianceSchedule',
        tag: TAG,
        summary: "Today's schedule of one appliance",
        description: 'When none exists: `source` = `defaults`, `savings_pct` = 0.0, `schedule` = `{}`. HVAC entries carry integration_health.',
        auth: 'userOrDevice',
        params: [APPLIANCE_ID_PARAM],
        ok: { 200: json('The schedule entry', ref(applianceScheduleResponse)) },
        errors: { 403: [SCHEDULE_DETAIL.foreignDevice], 404: [DETAIL.applianceNotFound] },
        notes: { 403: "A device token asked for an appliance other than the device's own bound appliance" },
      }),
    },
    '/api/v1/schedules': {
      get: operation({
        id: 'listSchedules',
        tag: TAG,
        summary: "Unified view of today's schedules of all appliances",
        auth: 'user',
        ok: { 200: json('Every appliance with its schedule', ref(schedulesView)) },
      }),
    },
    '/api/v1/schedule/recompute': {
      post: operation({
        id: 'recomputeSchedules',
        tag: TAG,
        summary: 'Recompute the schedules of the account synchronously (typically 1-5 seconds)',
        description:
          'No body. The remaining slots of today are re-planned from the current state (indoor temperature, state of charge); past slots stay as they were. When the next day is already planned (the nightly run), it is re-planned too.',
        auth: 'user',
        ok: { 200: json('The unified view plus per-appliance results', ref(recomputeResponse)) },
        errors: { 429: ['Too many recomputes: at most <n> a minute per account; try again in <s> seconds'] },
      }),
    },
    '/api/v1/schedules/history': {
      get: operation({
        id: 'getScheduleHistory',
        tag: TAG,
        summary: 'Stored schedules over a date window',
        description: 'end - start is at most 90 days, both dates inclusive; "today" is the account\'s local date.',
        auth: 'user',
        params: [
          queryParam('appliance_id', 'Omit for all appliances', UUID),
          queryParam('start', 'ISO date; default end minus 14 days', DATE),
          queryParam('end', "ISO date; default today (the account's local date)", DATE),
        ],
        ok: { 200: json('The history per appliance', ref(scheduleHistory)) },
        errors: { 400: [...WINDOW_ERRORS, SCHEDULE_DETAIL.startNotDate, SCHEDULE_DETAIL.endNotDate], 404: [SCHEDULE_DETAIL.historyApplianceNotFound] },
      }),
    },
    '/api/v1/schedules/updated-at': {
      get: operation({
        id: 'getSchedulesUpdatedAt',
        tag: TAG,
        summary: 'When a schedule was last written for the account today',
        auth: 'user',
        ok: { 200: json('The latest write time', ref(schedulesUpdatedAt)) },
      }),
    },
  },
};
