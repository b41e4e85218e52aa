// What every type's ledger reads and returns (docs/ledger.md): the day as the ledger prices it,
// one appliance's readings and plan, its figures, and the helpers the types share.
import type { DayContext } from '../planners/types.js';
import type { HvacFacts } from '../planning/hvac-inputs.js';
import { SLOTS_PER_DAY } from '../time/slot-grid.js';
import type { SolarFigures } from './solar-ledger.js';

/** Where an appliance's actual cost comes from. */
export type CostBasis = 'readings' | 'metered' | 'planned';

/** One appliance's figures, cents; a null baseline or hindsight is not computed for the type (its `note` says why). */
export interface ApplianceLedger {
  actualCents: number;
  baselineCents: number | null;
  hindsightCents: number | null;
  basis: CostBasis;
  /** What the baseline is, in words. */
  baseline: string;
  note: string | null;
  /** A solar array's production and what it was worth. */
  solar?: SolarFigures;
}

/** One appliance's day: its settings, per-slot readings and the day's newest plan. */
export interface ApplianceDay {
  config: Record<string, unknown>;
  constraints: Record<string, unknown>;
  /** Per slot, the last `value` read in it (SoC %, tank F), or null. */
  valueAtEnd: readonly (number | null)[];
  /** Per slot, the mean metered power, kW, or null. */
  powerKw: readonly (number | null)[];
  /** Per slot, the mean value read (a solar array's production, W), or null. */
  meanValue: readonly (number | null)[];
  /** The day's newest schedule row, or null. */
  plan: { schedule: Record<string, unknown>; baselineCents: number; optimizedCents: number } | null;
  /** An HVAC's fitted model, preferences and the home's size, when it has a model. */
  thermal?: Pick<HvacFacts, 'prefs' | 'model' | 'profileHomeSizeSqft'> | null;
}

/** The day as the ledger prices it: the tariff in force (no solar discount) and the measured household load where known. */
export interface LedgerDay {
  /** The day's import and export prices and slots; its outdoor temperatures are the measured ones (null: none measured). */
  day: DayContext;
  outdoorMeasured: boolean;
  /** Per slot, the household's own measured load (the whole home's less the appliances' metered power), kW, or null. */
  householdKw: readonly (number | null)[];
  /**
   * Per slot, what the home consumed before solar (the household and the appliances that consume,
   * not a home battery, whose line prices its own charging from the sun), kW, or null.
   */
  consumedKw: readonly (number | null)[];
  /** Per slot, the production of all the home's solar arrays, kW, or null where none was read. */
  solarKw: readonly (number | null)[];
}

/** One type's ledger of a day: null when the day gives it nothing to account. */
export type Ledger = (day: LedgerDay, appliance: ApplianceDay) => ApplianceLedger | null;

export const SLOTS = SLOTS_PER_DAY;

/** The charge (or tank) readings as a trajectory: the first reading's slot, its value, and the value at the end of every slot from there (carried over gaps). */
export function trajectory(values: readonly (number | null)[]): { first: number; start: number; ends: number[] } | null {
  const first = values.findIndex((v) => v !== null);
  if (first < 0) return null;
  const ends: number[] = [];
  let last = values[first]!;
  for (let i = first; i < SLOTS; i++) {
    last = values[i] ?? last;
    ends.push(last);
  }
  // The first reading is where the day is known from: its slot is the start state.
  return { first: first + 1, start: values[first]!, ends: ends.slice(1) };
}

/** The day for a planner from a slot; exports earn nothing unless the caller passes its prices back. */
export const dayFrom = (day: DayContext, fromSlot: number): DayContext => ({ ...day, fromSlot, exportPricesCentsPerKwh: null });

/** Cost of the metered power in the slots `counts` keeps, or null when no slot was metered. */
export function meteredCents(day: DayContext, powerKw: readonly (number | null)[], counts: (i: number) => boolean): number | null {
  let cents = 0;
  let metered = false;
  powerKw.forEach((kw, i) => {
    if (kw === null || !counts(i)) return;
    metered = true;
    cents += kw * day.slotHours[i]! * day.pricesCentsPerKwh[i]!;
  });
  return metered ? cents : null;
}
