// A re-plan that changes nothing a client applies or shows adds no history row: the
// debounced recompute, price events and the endpoint would otherwise append identical rows all day.

/** The fields of a history row that say what was planned, from what, at what cost (all but what started it and when). */
export const PLAN_FIELDS = [
  'schedule',
  'source',
  'mode',
  'missed',
  'estimated_savings_pct',
  'model_confidence',
  'baseline_cost_cents',
  'optimized_cost_cents',
  'savings_pct',
  'from_slot',
  'constraints_used',
] as const;

export type PlanParts = Record<(typeof PLAN_FIELDS)[number], unknown>;

/** Deep equality of JSON values, object key order ignored (jsonb does not keep it). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => sameJson(v, other[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * True when `next` would store exactly what the day's newest row holds: the same schedule, source,
 * mode, missed limits, costs and savings, first re-planned slot and inputs used; only what started
 * it (trigger and changes) and its time would differ. A re-plan in a later slot differs (its
 * `from_slot` and costs), so the history still shows each half hour's re-plan; a repeated one in
 * the same slot adds nothing.
 */
export function isUnchangedPlan(previous: PlanParts | undefined, next: PlanParts): boolean {
  return previous !== undefined && PLAN_FIELDS.every((field) => sameJson(previous[field] ?? null, next[field] ?? null));
}
