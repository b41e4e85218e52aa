// When the household load (or a solar array's production) of the half hour just ended says the
// plan no longer holds: it departs from what the plan assumed by more than a margin, so the rest of
// the day is re-planned (docs/schedules-and-recompute.md "Re-plans from the measured state").

/** The half hour's mean load must differ from the planned one by more than this, kW... */
export const LOAD_REPLAN_MARGIN_KW = 0.5;
/** ...and by more than this share of the planned load. */
export const LOAD_REPLAN_MARGIN_SHARE = 0.5;

/** True when the measured mean load of a half hour departs from the planned one by more than both margins. */
export function loadDeparts(plannedKw: number, measuredKw: number): boolean {
  const gap = Math.abs(measuredKw - plannedKw);
  return gap > LOAD_REPLAN_MARGIN_KW && gap > LOAD_REPLAN_MARGIN_SHARE * Math.max(0, plannedKw);
}
