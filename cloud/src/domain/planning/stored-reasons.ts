// Reasons are written with the plan (the planner's own comparison, which a later read could not
// rebuild: its inputs have moved on). A stored schedule without them, or with a malformed array,
// is served with `not_planned` in every slot and a sentence saying so; `{}` (no plan) stays `{}`.
import { SLOTS } from '../planners/types.js';
import { notPlanned } from '../planners/reason-codes.js';

/** What a stored row's source says when it carries no reasons. */
const UNEXPLAINED = {
  optimization: 'Planned without recorded reasons: the next plan explains each slot.',
  defaults: 'Follows its default settings: there is no plan for it yet.',
} as const;

/** The schedule as served: its own reasons, or `not_planned` ones when it has none. */
export function withReasons(schedule: Record<string, unknown>, source: keyof typeof UNEXPLAINED): Record<string, unknown> {
  if (Object.keys(schedule).length === 0) return schedule;
  const reasons = schedule.reasons_48;
  if (Array.isArray(reasons) && reasons.length === SLOTS && typeof schedule.summary === 'string') return schedule;
  return { ...schedule, ...notPlanned(UNEXPLAINED[source]) };
}
