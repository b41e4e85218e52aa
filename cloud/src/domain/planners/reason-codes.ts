// Why a plan does what it does in each slot: one code per slot from this table, with the figures
// that decide it. The planners set them from their own decision (slot-reasons.ts, hvac-reasons.ts);
// the API, the dashboard and the docs read the table. docs/plan-reasons.md lists the codes.
import type { PlanExplanation } from './schedule-bodies.js';
import { SLOTS } from './types.js';

/** What a code means, for the API description, and whether the appliance acts (draws, heats, charges, discharges) in a slot with it. */
interface ReasonCodeSpec {
  acts: boolean;
  means: string;
}

/** Every reason code, in the order the docs list them. */
export const REASON_CODES = {
  cheapest_left: {
    acts: true,
    means: 'one of the cheapest slots left before `by`, when `limit` must be met; `compared_cents` is what the same energy costs later instead',
  },
  solar_surplus: {
    acts: true,
    means:
      'one of the cheapest slots left before `by` because forecast solar surplus (`surplus_kw`, kW) lowers its price below the grid price `grid_cents` it avoids',
  },
  required: { acts: true, means: 'needed now: no later slot can still meet `limit` by `by`' },
  stored_for: { acts: true, means: 'energy stored now for a dearer slot at `compared_at`, priced `compared_cents`' },
  covers_house: { acts: true, means: 'the battery covers the house at this price; its charge is worth `compared_cents` later' },
  exports: { acts: true, means: 'the battery exports at `export_cents`, more than its charge is worth later (`compared_cents`)' },
  pre_cool: { acts: true, means: 'cools below what comfort needs now, ahead of a dearer slot at `compared_at`' },
  pre_heat: { acts: true, means: 'heats above what comfort needs now, ahead of a dearer slot at `compared_at`' },
  comfort_edge: { acts: true, means: 'runs to hold the comfort band at its edge (`limit`)' },
  waits_for_cheaper: { acts: false, means: 'off: the energy costs `compared_cents` later, less than now' },
  held_for_later: { acts: false, means: 'the battery keeps its charge for a dearer slot at `compared_at`' },
  at_minimum: { acts: false, means: 'the battery is at its minimum charge (`limit`) and cannot cover the house' },
  drifts: { acts: false, means: 'off: the temperature drifts inside the comfort band' },
  import_limit: { acts: false, means: "off: the home's import limit (`limit`: `max_import_kw`) leaves no room in this slot" },
  nothing_needed: { acts: false, means: 'off: the target is met and nothing is worth doing at this price' },
  away: { acts: false, means: 'off its dock for its tasks window' },
  past: { acts: false, means: 'before the plan started; the slot keeps what the previous plan said' },
  not_planned: { acts: false, means: 'nothing planned: a forecast or observe-only appliance, or a plan made without reasons' },
} as const satisfies Record<string, ReasonCodeSpec>;

export type ReasonCode = keyof typeof REASON_CODES;

export type { PlanExplanation, SlotReason } from './schedule-bodies.js';

/** True when a slot with this reason has the appliance acting. */
export const isActing = (code: ReasonCode): boolean => REASON_CODES[code].acts;

/** The start of a slot of the day (0-47; tomorrow's repeat today's), "HH:MM". */
export function slotClock(index: number): string {
  const slot = ((index % SLOTS) + SLOTS) % SLOTS;
  return `${String(Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`;
}

/** Cents rounded to a hundredth, as reasons carry them. */
export const centsFigure = (cents: number): number => Math.round(cents * 100) / 100;

/** `not_planned` in every slot, with a summary: forecasts, observe-only appliances and plans without reasons. */
export function notPlanned(summary: string): PlanExplanation {
  return { reasons_48: Array.from({ length: SLOTS }, () => ({ code: 'not_planned', price_cents: null })), summary };
}
