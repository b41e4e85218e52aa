// One plain sentence per appliance from its reasons: when it acts, at what prices, what for, and
// what that saves against the type's baseline (the same figures the schedule row stores).
import { isActing, slotClock, type ReasonCode, type SlotReason } from './reason-codes.js';
import type { MissedLimit } from './types.js';

/** At most this many runs are named; the rest are counted. */
const MAX_RUNS = 3;

/** "12 ¢", "12.5 ¢". */
export const centsText = (cents: number): string => `${Math.round(cents * 10) / 10} ¢`;

/** "$3.10". */
const dollarsText = (cents: number): string => `$${(Math.abs(cents) / 100).toFixed(2)}`;

/** The end of slot i, "HH:MM" ("24:00" is midnight). */
const slotEnd = (i: number): string => (i === 47 ? 'midnight' : slotClock(i + 1));

/** Runs of consecutive slots whose code is one of `codes` (any acting code when omitted): "01:00-03:00 and 05:00-05:30". */
export function runsText(reasons: readonly SlotReason[], codes?: readonly ReasonCode[]): { text: string; prices: number[] } | null {
  const picked = (r: SlotReason) => (codes ? codes.includes(r.code) : isActing(r.code));
  const runs: [number, number][] = [];
  const prices: number[] = [];
  reasons.forEach((r, i) => {
    if (!picked(r)) return;
    if (r.price_cents !== null) prices.push(r.price_cents);
    const last = runs.at(-1);
    if (last && last[1] === i - 1) last[1] = i;
    else runs.push([i, i]);
  });
  if (runs.length === 0) return null;
  const named = runs.slice(0, MAX_RUNS).map(([a, b]) => `${slotClock(a)}-${slotEnd(b)}`);
  const more = runs.length - named.length;
  const text = more > 0 ? `${named.join(', ')} and ${more} more` : named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0]!;
  return { text, prices };
}

/** "12 ¢" or "9-12 ¢" over the prices. */
export function priceRangeText(prices: readonly number[]): string {
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  return Math.round(lo * 10) === Math.round(hi * 10) ? centsText(lo) : `${Math.round(lo * 10) / 10}-${centsText(hi)}`;
}

/**
 * The saving clause against the baseline: "$3.10 less than charging on arrival". A plan dearer
 * than its baseline says why: the first missed limit, else `dearerBecause`.
 */
export function savingText(baselineCents: number, optimizedCents: number, baseline: string, missed: readonly MissedLimit[], dearerBecause: string): string {
  const saved = baselineCents - optimizedCents;
  if (Math.abs(saved) < 0.5) return `the same cost as ${baseline}`;
  if (saved > 0) return `${dollarsText(saved)} less than ${baseline}`;
  return `${dollarsText(saved)} more than ${baseline}, because ${missed[0]?.message ?? dearerBecause}`;
}

/** The sentence: what it does, the saving, and any limit it misses. */
export function sentence(main: string, missed: readonly MissedLimit[], saving: string): string {
  const miss = missed.length > 0 ? `; it ${missed.map((m) => m.message).join(' and ')}` : '';
  return `${main}; ${saving}${miss}.`;
}

/** What an action summary says, besides the reasons. */
export interface ActionSummary {
  /** "Charges", "Heats". */
  verb: string;
  /** Why those slots: "the cheapest hours before its 07:00 deadline". */
  purpose: string;
  /** The whole sentence's first part when the plan never acts. */
  idle: string;
  /** The baseline in words: "charging on arrival". */
  baseline: string;
  baselineCents: number;
  optimizedCents: number;
  missed: readonly MissedLimit[];
}

/** " (11:00-14:00 on forecast solar surplus; the grid costs 30 ¢ then)" when slots are `solar_surplus`, else "". */
function solarText(reasons: readonly SlotReason[]): string {
  const runs = runsText(reasons, ['solar_surplus']);
  if (!runs) return '';
  const grid = reasons.flatMap((r) => (r.code === 'solar_surplus' && r.grid_cents !== undefined ? [r.grid_cents] : []));
  return ` (${runs.text} on forecast solar surplus; the grid costs ${priceRangeText(grid)} then)`;
}

/** "Charges 01:00-05:00 at 12 ¢, the cheapest hours before its 07:00 deadline; $3.10 less than charging on arrival." */
export function actionSummary(reasons: readonly SlotReason[], s: ActionSummary): string {
  const runs = runsText(reasons);
  const main = runs ? `${s.verb} ${runs.text} at ${priceRangeText(runs.prices)}, ${s.purpose}${solarText(reasons)}` : s.idle;
  return sentence(main, s.missed, savingText(s.baselineCents, s.optimizedCents, s.baseline, s.missed, 'the plan must meet its limits'));
}

/** "Charges 01:00-04:00 at 10 ¢ and covers the house 17:00-21:00 at 40 ¢; $2.10 less than leaving it idle." */
export function batterySummary(reasons: readonly SlotReason[], baselineCents: number, optimizedCents: number, missed: readonly MissedLimit[]): string {
  const parts = (
    [
      ['charges', ['cheapest_left', 'required', 'stored_for']],
      ['covers the house', ['covers_house']],
      ['exports', ['exports']],
    ] as const
  ).flatMap(([verb, codes]) => {
    const runs = runsText(reasons, codes);
    return runs ? [`${verb} ${runs.text} at ${priceRangeText(runs.prices)}`] : [];
  });
  const main = parts.length > 0 ? parts.join(' and ') : 'stays idle: no price today pays for moving its charge';
  const saving = savingText(baselineCents, optimizedCents, 'leaving it idle', missed, 'it must hold its minimum and reach its target');
  return sentence(main.charAt(0).toUpperCase() + main.slice(1), missed, saving);
}
