// A plan slot's reason in plain words, for the plan table's "Why" column and the chart's hover.
// Keyed by the contract's reason codes, so a new code does not compile without its words.
import type { ReasonCode, SlotReason } from '@offpeak/cloud/contract';

const c = (v: number | undefined) => (v === undefined ? '' : `${Math.round(v * 10) / 10} ¢`);
const at = (r: SlotReason) => (r.compared_at ? ` at ${r.compared_at}` : '');
const later = (r: SlotReason) => (r.compared_cents === undefined ? '' : ` (${c(r.compared_cents)}${at(r)} instead)`);

/** What a binding limit is called. */
const LIMIT: Record<string, string> = {
  target_charge_pct: 'the target charge',
  min_charge_pct: 'the minimum charge',
  min_temp_f: "the tank's minimum",
  comfort_band: 'the comfort band',
};
const limit = (r: SlotReason) => LIMIT[r.limit ?? ''] ?? 'its limit';

const TEXT: Record<ReasonCode, (r: SlotReason, price: string) => string> = {
  cheapest_left: (r, p) => `On at ${p}: among the cheapest slots left before ${r.by ?? 'the deadline'}${later(r)}`,
  solar_surplus: (r, p) => `On at ${p}: ${r.surplus_kw ?? 'some'} kW of forecast solar surplus lowers the grid's ${c(r.grid_cents)}`,
  required: (r, p) => `On at ${p}: needed now to reach ${limit(r)} by ${r.by ?? 'the deadline'}`,
  stored_for: (r, p) => `On at ${p}: stored for ${r.compared_at ?? 'later'}, when it costs ${c(r.compared_cents)}`,
  covers_house: (r, p) => `Covers the house at ${p}${r.compared_cents === undefined ? '' : `: its charge is worth ${c(r.compared_cents)} later`}`,
  exports: (r) => `Exports at ${c(r.export_cents)}${r.compared_cents === undefined ? '' : `, more than its charge is worth later (${c(r.compared_cents)})`}`,
  pre_cool: (r, p) => `Pre-cools at ${p} ahead of ${c(r.compared_cents)}${at(r)}`,
  pre_heat: (r, p) => `Pre-heats at ${p} ahead of ${c(r.compared_cents)}${at(r)}`,
  comfort_edge: (_r, p) => `Runs at ${p} to hold the comfort band`,
  waits_for_cheaper: (r, p) => `Off at ${p}: waits for ${c(r.compared_cents) || 'a cheaper slot'}${at(r)}`,
  held_for_later: (r, p) => `Keeps its charge at ${p} for ${c(r.compared_cents) || 'a dearer slot'}${at(r)}`,
  at_minimum: () => 'At its minimum charge',
  drifts: (_r, p) => `Off at ${p}: the temperature drifts inside the band`,
  import_limit: () => "Off: the home's import limit leaves no room",
  nothing_needed: (_r, p) => `Off at ${p}: nothing needed`,
  away: () => 'Away (after its deadline or in its tasks window)',
  past: () => 'Before this plan started',
  not_planned: () => 'Not planned',
};

/** One slot's reason as a short sentence. */
export function reasonText(r: SlotReason): string {
  return TEXT[r.code](r, c(r.price_cents ?? undefined));
}

/** The schedule's 48 reasons as text, or null when it carries none. */
export function slotReasons(schedule: Record<string, unknown>): string[] | null {
  const reasons = schedule.reasons_48;
  if (!Array.isArray(reasons) || reasons.length !== 48) return null;
  return (reasons as SlotReason[]).map((r) => (r && typeof r === 'object' && r.code in TEXT ? reasonText(r) : ''));
}
