// What the living-days harness checks in a lived day's schedule history, from outside the service:
// a re-plan after each charge reading off the trajectory, the slots already past kept by every
// re-plan, and the day's floor kept by every row. Pure.
import type { PlanningChange } from '../../contract/schedules.js';

/** One row of GET /api/v1/schedules/history for a home battery. */
export interface BatteryHistoryRow {
  id: number;
  from_slot: number;
  schedule: { intervals: boolean[]; discharge_intervals: boolean[]; export_intervals?: boolean[]; value_trajectory: number[] };
  constraints_used: Record<string, unknown>;
  /** What started the row (`measured_charge`: a charge reading off the trajectory). */
  changes: PlanningChange[];
}

/** Trajectories are stored to 0.01 %. */
const PCT_TOLERANCE = 0.01;
/**
 * A departing reading at a slot's start must be followed by a re-plan from that slot or the next
 * two: the minimum interval is 15 minutes, and on an accelerated clock a second of the planning
 * thread's delay on a loaded machine is most of a half hour.
 */
const REPLAN_WITHIN_SLOTS = 2;

/** Each slot (of the departing readings') with no row re-planning from it or the next two that the departure started. */
export function departuresWithoutReplan(rows: readonly BatteryHistoryRow[], departureSlots: readonly number[]): number[] {
  const answers = rows.filter((r) => r.changes.includes('measured_charge'));
  return departureSlots.filter((s) => !answers.some((r) => r.from_slot >= s && r.from_slot <= s + REPLAN_WITHIN_SLOTS));
}

/** Problems where a row changed a slot that had already passed when it was made (slots before its `from_slot`). */
export function pastSlotsChanged(rows: readonly BatteryHistoryRow[]): string[] {
  const problems: string[] = [];
  for (let k = 1; k < rows.length; k++) {
    const [before, after] = [rows[k - 1]!.schedule, rows[k]!.schedule];
    for (let s = 0; s < rows[k]!.from_slot; s++) {
      const same =
        before.intervals[s] === after.intervals[s] &&
        before.discharge_intervals[s] === after.discharge_intervals[s] &&
        Boolean(before.export_intervals?.[s]) === Boolean(after.export_intervals?.[s]) &&
        Math.abs((before.value_trajectory[s] ?? NaN) - (after.value_trajectory[s] ?? NaN)) <= PCT_TOLERANCE;
      if (!same) problems.push(`row ${rows[k]!.id} (from slot ${rows[k]!.from_slot}) changed past slot ${s}`);
    }
  }
  return problems;
}

/**
 * Problems where a row made during the day plans to end it below `dayStartPct`, the charge the
 * battery held when the day began. A row made before the day (the nightly run, an evening re-plan
 * of tomorrow: `constraints_used.planned_ahead`) starts from the charge of its own moment.
 */
export function floorMissed(rows: readonly BatteryHistoryRow[], dayStartPct: number): string[] {
  return rows
    .filter((r) => r.constraints_used.planned_ahead !== true)
    .flatMap((r) => {
      const end = r.schedule.value_trajectory.at(-1) ?? NaN;
      return end >= dayStartPct - PCT_TOLERANCE
        ? []
        : [`row ${r.id} (from slot ${r.from_slot}) ends the day at ${end} % below its start ${dayStartPct.toFixed(2)} %`];
    });
}
