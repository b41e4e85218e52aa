// The reasons of an HVAC plan, read off the structure of the exact solution: a slot that runs
// either ends at the comfort band's edge (the bound binds: it runs because comfort needs it now)
// or ends inside it, which the linear programme only pays for when the stock of cool (or warmth)
// it builds is spent before the temperature next reaches that edge, in dearer slots (pre-cooling).
// Codes: reason-codes.ts.
import type { HvacPlanInput } from './hvac-input.js';
import { endRange } from './hvac-problem.js';
import type { PlannedSlot } from './hvac-setpoints.js';
import { priceRangeText, runsText, savingText, sentence } from './plan-summary.js';
import { centsFigure, notPlanned, slotClock, type PlanExplanation, type SlotReason } from './reason-codes.js';
import { SLOTS, type DayContext, type MissedLimit } from './types.js';

/** Duty below this is off (the solver's rounding), as the setpoint translation counts it. */
export const ACTING_DUTY = 0.01;
/** A slot ending this close to the band's edge ends at it, F. */
const EDGE_F = 0.1;
/** A later price must beat this slot's by more than this to be what pre-conditioning is for, cents. */
const DEARER_CENTS = 0.01;

/** The reasons of the day's 48 slots from the planned slots (`past` before the plan start). */
export function hvacReasons(day: DayContext, input: HvacPlanInput, plan: readonly PlannedSlot[]): SlotReason[] {
  const price = (slot: number) => centsFigure(day.pricesCentsPerKwh[slot] ?? 0);
  // The edge the plan holds is its planning range's (the band less its comfort margin), as the linear programme bounds the slot's end.
  const atHigh = (p: PlannedSlot) => p.endF >= endRange(input, p.slot).maxF - EDGE_F;
  const atLow = (p: PlannedSlot) => p.endF <= endRange(input, p.slot).minF + EDGE_F;
  const planned = plan.map((p, k): SlotReason => {
    const isCooling = p.coolDuty >= ACTING_DUTY;
    if (!isCooling && p.heatDuty < ACTING_DUTY) return { code: 'drifts', price_cents: price(p.slot) };
    const atEdge = isCooling ? atHigh : atLow;
    if (atEdge(p)) return { code: 'comfort_edge', price_cents: price(p.slot), limit: 'comfort_band' };
    // The stock lasts until the temperature next reaches the same edge: the slots it carries through.
    const rest = plan.slice(k + 1);
    const until = rest.findIndex(atEdge);
    const carried = until < 0 ? rest : rest.slice(0, until + 1);
    const dearest = carried.reduce<PlannedSlot | null>((d, q) => (!d || price(q.slot) > price(d.slot) ? q : d), null);
    if (dearest && price(dearest.slot) > price(p.slot) + DEARER_CENTS)
      return {
        code: isCooling ? 'pre_cool' : 'pre_heat',
        price_cents: price(p.slot),
        compared_cents: price(dearest.slot),
        compared_at: slotClock(dearest.slot),
      };
    // Not for a dearer slot: for the band's edge later on (it narrows, or the unit cannot keep up then).
    const edge = until >= 0 ? rest[until]! : plan.at(-1)!;
    return { code: 'comfort_edge', price_cents: price(p.slot), limit: 'comfort_band', by: slotClock(edge.slot + 1) };
  });
  return Array.from({ length: SLOTS }, (_, i) => (i < day.fromSlot ? { code: 'past', price_cents: price(i) } : planned[i - day.fromSlot]!));
}

/** "Pre-cools 13:00-16:00 at 20 ¢ ahead of 45 ¢ at 17:00 and cools 17:00-19:00 at 45 ¢ at the band's edge; $1.20 less than holding the band's middle." */
export function hvacSummary(
  reasons: readonly SlotReason[],
  input: HvacPlanInput,
  baselineCents: number,
  optimizedCents: number,
  missed: readonly MissedLimit[],
): string {
  const parts: string[] = [];
  for (const [verb, code] of [
    ['pre-cools', 'pre_cool'],
    ['pre-heats', 'pre_heat'],
  ] as const) {
    const runs = runsText(reasons, [code]);
    if (!runs) continue;
    const dearest = Math.max(...reasons.flatMap((r) => (r.code === code && r.compared_cents !== undefined ? [r.compared_cents] : [])));
    const at = reasons.find((r) => r.code === code && r.compared_cents === dearest)?.compared_at;
    parts.push(`${verb} ${runs.text} at ${priceRangeText(runs.prices)} ahead of ${priceRangeText([dearest])}${at ? ` at ${at}` : ''}`);
  }
  const edge = runsText(reasons, ['comfort_edge']);
  if (edge) parts.push(`runs ${edge.text} at ${priceRangeText(edge.prices)} where comfort needs it`);
  const low = Math.round(Math.min(...input.band.low));
  const high = Math.round(Math.max(...input.band.high));
  const main = parts.length > 0 ? `${parts.join(' and ')}, inside ${low}-${high} F` : `stays off: the house keeps inside ${low}-${high} F on its own`;
  const saving = savingText(baselineCents, optimizedCents, "holding the band's middle", missed, 'the thermal model asks for more to stay in the band');
  return sentence(main.charAt(0).toUpperCase() + main.slice(1), missed, saving);
}

/** A band-only (defaults) schedule's reasons: nothing planned, the band's middle held. */
export function defaultsExplanation(input: Pick<HvacPlanInput, 'band'>): PlanExplanation {
  const low = Math.round(Math.min(...input.band.low));
  const high = Math.round(Math.max(...input.band.high));
  return notPlanned(`Holds the middle of the comfort band (${low}-${high} F): no plan yet while Offpeak learns how the home responds.`);
}
