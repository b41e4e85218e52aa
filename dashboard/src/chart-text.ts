// The written summaries charts carry for people who do not see them.
import { cents, slotLabel } from './format.js';

/** Runs of true slots as "01:00–03:30" spans (end exclusive). */
export function slotRuns(on: readonly boolean[]): string[] {
  const runs: string[] = [];
  for (let i = 0; i < on.length; i++) {
    if (!on[i]) continue;
    let j = i;
    while (j + 1 < on.length && on[j + 1]) j++;
    runs.push(`${slotLabel(i)}–${j + 1 === 48 ? '24:00' : slotLabel(j + 1)}`);
    i = j;
  }
  return runs;
}

/** Indexes of the first lowest and the first highest value. */
function extremes(values: readonly number[]): { lo: number; hi: number } {
  let lo = 0;
  let hi = 0;
  values.forEach((v, i) => {
    if (v < values[lo]!) lo = i;
    if (v > values[hi]!) hi = i;
  });
  return { lo, hi };
}

/** "Prices run from 8.0¢/kWh (cheapest from 00:00) to 32.0¢/kWh (priciest from 16:00)." */
export function priceSummary(rates: readonly number[]): string {
  if (!rates.length) return 'No prices.';
  const { lo, hi } = extremes(rates);
  return `Prices run from ${cents(rates[lo])} (cheapest from ${slotLabel(lo)}) to ${cents(rates[hi])} (priciest from ${slotLabel(hi)}).`;
}

/**
 * The day's prices and what the "on" slots of a plan pay against them: "Prices run from ... The
 * half-hours on cost 8.0¢/kWh to 9.0¢/kWh, 8.5¢/kWh on average; the day averages 14.2¢/kWh."
 */
export function onSlotsPriceSummary(on: readonly boolean[], rates: readonly number[]): string {
  const mean = (xs: readonly number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
  const paid = rates.filter((_, i) => on[i]);
  if (paid.length === 0) return `${priceSummary(rates)} The day averages ${cents(mean(rates))}.`;
  const lo = Math.min(...paid);
  const hi = Math.max(...paid);
  const cost = lo === hi ? `${cents(lo)}` : `${cents(lo)} to ${cents(hi)}, ${cents(mean(paid))} on average`;
  return `${priceSummary(rates)} The half-hours on cost ${cost}; the day averages ${cents(mean(rates))}.`;
}

/** "Exports earn from 3.0¢/kWh (least from 00:00) to 25.0¢/kWh (most from 16:00)." */
export function exportSummary(rates: readonly number[]): string {
  if (!rates.length) return 'Exports earn nothing.';
  const { lo, hi } = extremes(rates);
  const range =
    rates[lo] === rates[hi]
      ? `Exports earn ${cents(rates[lo])} all day.`
      : `Exports earn from ${cents(rates[lo])} (least from ${slotLabel(lo)}) to ${cents(rates[hi])} (most from ${slotLabel(hi)}).`;
  return rates[lo]! < 0 ? `${range} Below zero, sending energy to the grid costs money.` : range;
}

/** The whole home's day: where the load comes from, how much is imported and exported, the peak draw against the limit, the cost. */
export function homeSummary(home: {
  load_kw_48: readonly number[];
  grid_import_kw_48: readonly number[];
  export_kw_48: readonly number[];
  source: string;
  expected_cost_cents: number;
  max_import_kw: number | null;
}): string {
  const kwh = (kw: readonly number[]) => kw.reduce((s, v) => s + v * 0.5, 0);
  let peak = 0;
  home.grid_import_kw_48.forEach((v, i) => {
    if (v > home.grid_import_kw_48[peak]!) peak = i;
  });
  const source = home.source === 'measured' ? 'measured from your power sensor' : home.source === 'set' ? 'the profile you set' : 'a typical household';
  const limit = home.max_import_kw === null ? '' : ` (limit ${home.max_import_kw.toFixed(1)} kW)`;
  const exported = kwh(home.export_kw_48);
  return (
    `Household use ${kwh(home.load_kw_48).toFixed(1)} kWh (${source}). ` +
    `Planned grid import ${kwh(home.grid_import_kw_48).toFixed(1)} kWh, at most ${(home.grid_import_kw_48[peak] ?? 0).toFixed(1)} kW from ${slotLabel(peak)}${limit}` +
    `${exported > 0 ? `; export ${exported.toFixed(1)} kWh` : ''}. Expected cost $${(home.expected_cost_cents / 100).toFixed(2)}.`
  );
}
