// Stored schedule rows shaped as the contract's entries and history rows.
import type { ApplianceSchedule, IntegrationHealth, PlanMade, ScheduleEntry, ScheduleHistoryRow } from '../contract/index.js';
import { entitiesOf, isApplianceType } from '../domain/appliance-types/index.js';
import type { MissedLimit } from '../domain/planners/types.js';
import { dollarsFromCents } from '../domain/planning/costs.js';
import { clampSetpoints } from '../domain/planning/setpoint-bounds.js';
import { withReasons } from '../domain/planning/stored-reasons.js';
import type { ApplianceRow, ScheduleRow } from '../store/index.js';

/**
 * One appliance's entry: its row of the day, or the empty defaults entry (`schedule` {},
 * `savings_pct` 0) when it has none. HVAC setpoints are clamped to a satellite's claimed range
 * and HVAC entries carry the unit's link health when `health` is given.
 */
export function scheduleEntry(appliance: ApplianceRow, row: ScheduleRow | null, health: IntegrationHealth | null): ScheduleEntry {
  const isHvac = appliance.appliance_type === 'hvac';
  // Stored data of an unknown type (or a config that is not an object) has no entities block.
  const entities =
    isApplianceType(appliance.appliance_type) && appliance.config && typeof appliance.config === 'object'
      ? entitiesOf(appliance.appliance_type, appliance.config)
      : null;
  const unitHealth = isHvac ? health?.appliances.find((h) => h.appliance_id === appliance.id) : undefined;
  const missed = (row?.missed ?? []) as MissedLimit[];
  return {
    appliance_id: appliance.id,
    appliance_type: appliance.appliance_type,
    name: appliance.name,
    // A stored schedule is the body its type's planner wrote.
    schedule: row ? (withReasons(isHvac ? clampSetpoints(row.schedule, appliance.config) : row.schedule, row.source) as ApplianceSchedule) : {},
    savings_pct: row?.savings_pct ?? 0,
    source: row?.source ?? 'defaults',
    ...(entities && { entities }),
    ...(unitHealth && { integration_health: unitHealth }),
    ...(missed.length > 0 && { missed }),
  };
}

/** When and why a stored row was made, as the unified view lists it. */
export const planMade = (row: ScheduleRow): PlanMade => ({
  appliance_id: row.appliance_id,
  created_at: new Date(row.created_at).toISOString(),
  trigger: row.trigger,
  changes: row.changes,
});

/** A stored row as GET /api/v1/schedules/history shows it (costs in dollars), with when and why it was made. */
export function historyRow(row: ScheduleRow): ScheduleHistoryRow {
  return {
    id: row.id,
    ...planMade(row),
    date: row.local_date,
    schedule: withReasons(row.schedule, row.source) as ApplianceSchedule,
    source: row.source,
    baseline_cost: dollarsFromCents(row.baseline_cost_cents),
    optimized_cost: dollarsFromCents(row.optimized_cost_cents),
    savings_pct: row.savings_pct,
    constraints_used: row.constraints_used,
    from_slot: row.from_slot,
    missed: row.missed as MissedLimit[],
  };
}
