// Schedules: what the schedule endpoints answer.
import type { ApplianceType, EntitiesBlock } from '../domain/appliance-types/index.js';
import type { HvacSchedule } from '../domain/planners/hvac-input.js';
import type { MissedLimit } from '../domain/planners/types.js';
import type { HomeBlock as HomePlan } from '../domain/planning/home-plan.js';
import type { OptimizationMode } from '../domain/preferences/defaults.js';
import { WINDOW_DETAIL } from '../domain/planning/history-window.js';
import type { ApplianceLinkHealth, IntegrationHealth } from './health.js';

export type { HvacSchedule } from '../domain/planners/hvac-input.js';
export type { MissedLimit } from '../domain/planners/types.js';
export type { PlanExplanation, ReasonCode, SlotReason } from '../domain/planners/reason-codes.js';

/** `defaults` during HVAC warm-up and when nothing was planned; `optimization` otherwise. */
export type ScheduleSource = 'optimization' | 'defaults';

/** The outcome per appliance of a recompute. */
export type RecomputeStatus = 'ok' | 'failed' | 'calibrating' | 'forecast' | 'observe' | 'skipped';

/** Exact error details of the schedule endpoints. */
export const SCHEDULE_DETAIL = {
  multipleHvac: 'User has multiple HVAC appliances; pass appliance_id to disambiguate.',
  historyApplianceNotFound: 'appliance not found for this user',
  ...WINDOW_DETAIL,
  foreignDevice: 'This device may only read the schedule of its own appliance',
} as const;

/** GET /api/v1/schedule: one HVAC's schedule of the account's local today. */
export interface HvacScheduleResponse {
  date: string;
  schedule: HvacSchedule;
  mode: OptimizationMode;
  estimated_savings_pct: number;
  model_confidence: number | null;
  generated_at: string;
  /** Present (and true) only when the prior day's schedule is returned. */
  stale?: true;
  source: ScheduleSource;
}

/** One appliance's schedule of the day; `schedule` is `{}` when none exists. */
export interface ScheduleEntry {
  appliance_id: string;
  appliance_type: ApplianceType;
  name: string;
  schedule: Record<string, unknown>;
  savings_pct: number;
  source: ScheduleSource;
  /** Absent for solar. */
  entities?: EntitiesBlock;
  /** HVAC entries only: this unit's link health. */
  integration_health?: ApplianceLinkHealth;
  /** Limits the plan could not meet (a deadline too close for the target...); absent when all were met. */
  missed?: MissedLimit[];
}

/** GET /api/v1/appliances/{appliance_id}/schedule. */
export interface ApplianceScheduleResponse extends ScheduleEntry {
  date: string;
}

/**
 * An HVAC schedule as a client reads it off the wire: `{}` before the first plan, so every array is
 * optional and checked before use; `room_target_temps` is what readings echo as `room_target`.
 */
export interface HvacScheduleBody {
  intervals?: number[];
  high_temps?: number[];
  low_temps?: number[];
  setpoint_temps?: number[] | null;
  temp_trajectory?: number[] | null;
  room_target_temps?: number[] | null;
  fan_schedule?: string[];
  mode_schedule?: string[];
  trajectory_low_temps?: number[];
  trajectory_high_temps?: number[];
}

/** GET /api/v1/appliances/{appliance_id}/schedule of an HVAC, as a satellite reads it. */
export interface HvacApplianceScheduleResponse extends Omit<ApplianceScheduleResponse, 'schedule'> {
  schedule: HvacScheduleBody;
}

/** An entry of the unified view. */
export interface SchedulesViewEntry extends ScheduleEntry {
  /** The unit's own switch AND the account's master switch. */
  optimization_enabled: boolean;
}

/** GET /api/v1/schedules. */
export interface SchedulesView {
  date: string;
  appliances: SchedulesViewEntry[];
  /** Master switch: when false, apply no schedule until a later poll returns true. */
  optimization_enabled: boolean;
  integration_health: IntegrationHealth;
  /** The home as one system for the day (docs/home-plan.md), or null before its first plan. */
  home: HomePlan | null;
}

/** The home block: household load, grid import and export per slot (kW), the load's source and the day's expected cost. */
export type { HomeBlock as HomePlan } from '../domain/planning/home-plan.js';

/** One appliance's outcome in a recompute. */
export interface RecomputeResult {
  appliance_id: string;
  appliance_type: string;
  name: string;
  status: RecomputeStatus;
  /** With `failed` (and `calibrating`): a short reason. */
  detail?: string;
}

/** POST /api/v1/schedule/recompute. */
export interface RecomputeResponse extends SchedulesView {
  results: RecomputeResult[];
}

/** One stored schedule in the history. */
export interface ScheduleHistoryRow {
  id: number;
  appliance_id: string;
  date: string;
  schedule: Record<string, unknown>;
  source: ScheduleSource;
  /** Dollars, display-only; an intraday row covers the slots it re-planned (from_slot on). */
  baseline_cost: number;
  optimized_cost: number;
  savings_pct: number;
  created_at: string;
  /** Solar rows: SolarConstraintsUsed; other rows: the constraints and preferences planned with. Always export_rates_set. */
  constraints_used: Record<string, unknown>;
  /** First slot the row re-planned (0 for a whole-day plan). */
  from_slot: number;
  /** `nightly`, `recompute` (the synchronous endpoint) or `debounced` (saved inputs, price events). */
  trigger: string;
  missed: MissedLimit[];
}

/** GET /api/v1/schedules/history. */
export interface ScheduleHistory {
  start: string;
  end: string;
  appliances: { appliance_id: string; appliance_type: ApplianceType; name: string; history: ScheduleHistoryRow[] }[];
}

/** GET /api/v1/schedules/updated-at. */
export interface SchedulesUpdatedAt {
  updated_at: string | null;
}
