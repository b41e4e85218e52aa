// A solar array's day in the ledger: what it produced, how much of it the home used and how much
// it exported, and what that was worth at the day's prices. Definitions: docs/ledger.md.
import type { Ledger, LedgerDay } from './appliance-day.js';

/** What an array's production was worth: the home's import it covered and the export it earned. */
export interface SolarFigures {
  generationKwh: number;
  selfConsumedKwh: number;
  exportedKwh: number;
  /** The self-consumed energy at the import prices, cents. */
  selfConsumedCents: number;
  /** The exported energy at the export prices (0 where exports earn nothing), cents. */
  exportCents: number;
  /** Producing slots without a measured household load: their production counts as exported. */
  slotsWithoutLoad: number;
}

/**
 * One array's production (kW per slot, null where not read) split with the others': per slot the
 * home's measured consumption (a car charging from the sun included; a home battery's charging is
 * the battery line's, at the export price) takes the arrays' combined production first, shared in
 * proportion to each array's part, and the rest is exported.
 */
export function solarFigures({ day, consumedKw, solarKw }: LedgerDay, producedKw: readonly (number | null)[]): SolarFigures {
  const f: SolarFigures = { generationKwh: 0, selfConsumedKwh: 0, exportedKwh: 0, selfConsumedCents: 0, exportCents: 0, slotsWithoutLoad: 0 };
  producedKw.forEach((kw, i) => {
    if (kw === null || kw <= 0) return;
    const hours = day.slotHours[i]!;
    const total = Math.max(kw, solarKw[i] ?? 0);
    const load = consumedKw[i] ?? null;
    if (load === null) f.slotsWithoutLoad += 1;
    // This array's share of what the house used from all arrays in the slot.
    const used = load === null ? 0 : (Math.min(total, load) * kw) / total;
    const exported = kw - used;
    f.generationKwh += kw * hours;
    f.selfConsumedKwh += used * hours;
    f.exportedKwh += exported * hours;
    f.selfConsumedCents += used * hours * day.pricesCentsPerKwh[i]!;
    f.exportCents += exported * hours * (day.exportPricesCentsPerKwh?.[i] ?? 0);
  });
  return f;
}

/**
 * A solar array credits the home with what its production was worth (a negative cost). Offpeak
 * switches nothing on it and the household's load is the same in all three costs, so its
 * baseline and hindsight are that same credit.
 */
export const solarLedger: Ledger = (ledgerDay, a) => {
  const producedKw = a.meanValue.map((w) => (w === null ? null : w / 1000));
  if (producedKw.every((kw) => kw === null)) return null;
  const f = solarFigures(ledgerDay, producedKw);
  const credit = -(f.selfConsumedCents + f.exportCents);
  return {
    actualCents: credit,
    baselineCents: credit,
    hindsightCents: credit,
    basis: 'metered',
    baseline: 'the same production: Offpeak switches nothing on the panels',
    note: f.slotsWithoutLoad > 0 ? `${f.slotsWithoutLoad} producing half-hours had no household load measured: their production counts as exported` : null,
    solar: f,
  };
};
