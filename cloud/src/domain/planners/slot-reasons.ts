// The reasons of a slot DP's plan (EV, battery, robot, water heater), read off the DP's own
// comparison: in each slot it took the move of least "cost now + least cost of the rest", so the
// difference in the rest's least cost between two moves, per unit of state they differ by, is what
// that energy is worth elsewhere in the plan (its marginal value). A slot charges because that
// worth is at least its price, waits because it is less, and so on; the figures are that worth,
// converted to a price, and the slot whose price it is. Codes: reason-codes.ts.
import { centsFigure, slotClock, type ReasonCode, type SlotReason } from './reason-codes.js';
import type { DpPlan, Move } from './slot-dp.js';
import { endLabel, isTomorrow, type HorizonSlot } from './slots.js';
import { SLOTS, type DayContext } from './types.js';

/** What an action of a slot does: the DP's actions, labelled in the same order. */
export type MoveKind = 'idle' | 'charge' | 'discharge' | 'export' | 'away';

/** One horizon slot as the reasons read it. */
export interface ReasonSlot {
  slot: HorizonSlot;
  /** The kind of each of the slot's DP actions, in their order. */
  kinds: readonly MoveKind[];
  /** The import limit took the charging action away. */
  isBlocked: boolean;
}

/** How the DP's state relates to energy at the meter. */
export interface StateUnits {
  /** A stored unit's worth (cents) × this = the price per kWh bought that gives the same (efficiency, or 1 / kWh per unit). */
  perChargedKwh: number;
  /** A stored unit's worth × this = the price per kWh delivered to the house that it equals (1 / discharge efficiency). */
  perDeliveredKwh: number;
  /** The tolerance below which two states are one, in state units. */
  stateTolerance: number;
  /** The limit a floor at the end of horizon slot k stands for (`target_charge_pct`, `min_charge_pct`, `min_temp_f`). */
  limitAt(k: number): string;
}

/** Two prices within this share (or a hundredth of a cent) are one: a worth "is" a slot's price. */
const MATCH_SHARE = 0.01;

/** Wall-clock start of a horizon slot, "HH:MM" or "HH:MM tomorrow". */
export const startLabel = (index: number): string => (isTomorrow(index) ? `${slotClock(index)} tomorrow` : slotClock(index));

const restAfter = (m: Move): number => m.value - m.cost;

/** What a unit of state is worth after `a` rather than `b` (b ends higher): cents per unit, Infinity when only `b` lets the rest meet its floors. */
function worthPerUnit(lower: Move, higher: Move): number {
  const units = higher.next - lower.next;
  if (!Number.isFinite(restAfter(lower))) return Infinity;
  return (restAfter(lower) - restAfter(higher)) / units;
}

/**
 * The reasons of a DP plan over `slots`, horizon slot by horizon slot (index k of `plan`). The
 * caller places them on the day's 48 slots.
 */
function dpReasons(slots: readonly ReasonSlot[], plan: DpPlan, units: StateUnits): SlotReason[] {
  const tol = units.stateTolerance;
  // What each slot did: a move that changes nothing (a tie taken first, a charger at its ceiling) is idling.
  const done: MoveKind[] = slots.map(({ kinds }, k) => {
    const kind = kinds[plan.choices[k]!]!;
    const idle = kinds.indexOf('idle');
    return idle >= 0 && Math.abs(plan.moves[k]![plan.choices[k]!]!.next - plan.moves[k]![idle]!.next) <= tol ? 'idle' : kind;
  });
  /** Later slots that do `kind`, or with `kind` 'unused', that could charge and do not. */
  const later = (k: number, kind: 'charge' | 'discharge' | 'unused') =>
    slots.flatMap((s, j) => {
      if (j <= k) return [];
      if (kind === 'unused') return done[j] !== 'charge' && s.kinds.includes('charge') ? [s.slot] : [];
      return done[j] === kind || (kind === 'discharge' && done[j] === 'export') ? [s.slot] : [];
    });

  /** The first floor at or after k that the plan sits on: the limit that binds and by when. */
  function binding(k: number): { limit: string; by: string } {
    let m = slots.length - 1;
    for (let j = k; j < slots.length; j++) {
      const floor = plan.floors[j]!;
      if (Number.isFinite(floor) && floor > tol && plan.states[j]! <= floor + 10 * tol) {
        m = j;
        break;
      }
    }
    return { limit: units.limitAt(m), by: endLabel(slots[m]!.slot.index) };
  }

  /** The worth as a price of a later slot of `kind` (a charge, a cover of the house, a charge not taken), and that slot when one is within MATCH_SHARE of it. */
  function priced(worth: number, k: number, kind: 'charge' | 'discharge' | 'unused'): { compared_cents?: number; compared_at?: string } {
    if (!Number.isFinite(worth)) return {};
    const cents = worth * (kind === 'discharge' ? units.perDeliveredKwh : units.perChargedKwh);
    let best: { gap: number; at: string } | null = null;
    for (const s of later(k, kind)) {
      const gap = Math.abs(s.price - cents);
      if (!best || gap < best.gap) best = { gap, at: startLabel(s.index) };
    }
    const isMatch = best && best.gap <= Math.max(0.01, MATCH_SHARE * Math.abs(cents));
    return { compared_cents: centsFigure(cents), ...(isMatch && { compared_at: best!.at }) };
  }

  return slots.map(({ slot, kinds, isBlocked }, k) => {
    const moves = plan.moves[k]!;
    const price = centsFigure(slot.price);
    const idleIndex = kinds.findIndex((c) => c === 'idle');
    const idle = idleIndex >= 0 ? moves[idleIndex]! : null;
    const reason = (code: ReasonCode, figures: Partial<SlotReason> = {}): SlotReason => ({ code, price_cents: price, ...figures });
    const kind = done[k]!;
    if (kind === 'away' || !idle) return reason('away');
    const taken = moves[plan.choices[k]!]!;

    if (kind === 'charge') {
      const worth = worthPerUnit(idle, taken);
      if (!Number.isFinite(worth)) return reason('required', binding(k));
      const asStored = priced(worth, k, 'discharge');
      // Stored for a dearer hour; at negative prices losses can make storing pay by itself, and then it is not that.
      if (asStored.compared_at && asStored.compared_cents! > price) return reason('stored_for', asStored);
      // Else the cheapest hours: the same energy later costs what the dearest slot it would take instead costs.
      return reason('cheapest_left', { ...binding(k), ...priced(worth, k, 'unused') });
    }

    if (kind === 'discharge' || kind === 'export') {
      const kept = priced(worthPerUnit(taken, idle), k, 'discharge');
      if (kind === 'export') return reason('exports', { ...kept, export_cents: centsFigure(slot.exportPrice ?? 0) });
      return reason('covers_house', kept);
    }

    // Idle: what the moves it passed over would have done.
    // Covering the house is the use kept for later (exporting pays less per kWh, or it would be the cover);
    // a cover whose best amount is none says what the charge is worth by its first step.
    const lower = kinds.flatMap((c, i) => {
      const move = [moves[i]!, plan.steps[k]![i]].find((m) => m && m.next < idle.next - tol);
      return c === 'discharge' && move ? [move] : [];
    });
    const higher = kinds.flatMap((c, i) => (c === 'charge' && moves[i]!.next > idle.next + tol ? [moves[i]!] : []));
    if (kinds.includes('discharge') && lower.length === 0 && plan.states[k]! <= plan.floors[k]! + 10 * tol && plan.floors[k]! > tol)
      return reason('at_minimum', { limit: units.limitAt(k) });
    if (lower.length > 0) {
      const worth = Math.min(...lower.map((m) => worthPerUnit(m, idle)));
      if (!Number.isFinite(worth)) return reason('at_minimum', { limit: units.limitAt(k) });
      return reason('held_for_later', priced(worth, k, 'discharge'));
    }
    if (higher.length > 0) return reason('waits_for_cheaper', priced(Math.max(...higher.map((m) => worthPerUnit(idle, m))), k, 'charge'));
    return isBlocked ? reason('import_limit', { limit: 'max_import_kw' }) : reason('nothing_needed');
  });
}

/** A slot's price is lowered by the solar discount by more than this, cents: the surplus made it cheap. */
const DISCOUNTED_CENTS = 0.005;

/**
 * `cheapest_left` in a slot of today whose price the forecast solar surplus lowered becomes
 * `solar_surplus`, with that surplus and the tariff's price it avoids: the slot is among the
 * cheapest because of the sun.
 */
function onSolar(day: DayContext, index: number, reason: SlotReason): SlotReason {
  const solar = day.solarDiscount;
  if (reason.code !== 'cheapest_left' || !solar || index >= SLOTS) return reason;
  const surplusKw = solar.surplusKw[index] ?? 0;
  const gridCents = solar.tariffCentsPerKwh[index] ?? 0;
  if (!(surplusKw > 0) || gridCents - (day.pricesCentsPerKwh[index] ?? gridCents) <= DISCOUNTED_CENTS) return reason;
  return { ...reason, code: 'solar_surplus', surplus_kw: Math.round(surplusKw * 100) / 100, grid_cents: centsFigure(gridCents) };
}

/** Everything the reasons of a DP planner's day need besides the plan. */
export interface ReasonOptions extends StateUnits {
  /** Per horizon slot, the kind of each of its DP actions. */
  kinds: readonly (readonly MoveKind[])[];
  /** Per horizon slot, whether the import limit took its charging away. */
  isBlocked(k: number): boolean;
  /** The code of today's slots past the horizon. */
  after: ReasonCode;
}

/**
 * The day's 48 reasons of a DP plan over `slots`: `past` before the plan start, the horizon's own
 * on today's slots, and `after` on today's slots past the horizon (a car gone after its deadline).
 */
export function slotDpReasons(day: DayContext, slots: readonly HorizonSlot[], plan: DpPlan, options: ReasonOptions): SlotReason[] {
  const reasons = dpReasons(
    slots.map((slot, k) => ({ slot, kinds: options.kinds[k]!, isBlocked: options.isBlocked(k) })),
    plan,
    options,
  );
  const byIndex = new Map(slots.map((s, k) => [s.index, onSolar(day, s.index, reasons[k]!)]));
  return Array.from({ length: SLOTS }, (_, i): SlotReason => {
    const code = i < day.fromSlot ? 'past' : options.after;
    return byIndex.get(i) ?? { code, price_cents: centsFigure(day.pricesCentsPerKwh[i] ?? 0) };
  });
}
