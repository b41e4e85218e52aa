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

/** "Prices run from 8.0¢/kWh (cheapest from 00:00) to 32.0¢/kWh (priciest from 16:00)." */
export function priceSummary(rates: readonly number[]): string {
  if (!rates.length) return 'No prices.';
  let lo = 0;
  let hi = 0;
  rates.forEach((r, i) => {
    if (r < rates[lo]!) lo = i;
    if (r > rates[hi]!) hi = i;
  });
  return `Prices run from ${cents(rates[lo])} (cheapest from ${slotLabel(lo)}) to ${cents(rates[hi])} (priciest from ${slotLabel(hi)}).`;
}
