// The 48-slot price curve of a day, drawn as steps.
import { cents, slotLabel } from '../format.js';
import { Chart } from './chart.js';

const SLOTS = Array.from({ length: 48 }, (_, i) => slotLabel(i));

/** "Prices run from 8.0¢/kWh (00:00) to 32.0¢/kWh (16:00)." */
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

export function PriceChart({ id, rates, title }: { id: string; rates: readonly number[]; title: string }) {
  return <Chart id={id} title={title} summary={priceSummary(rates)} xLabels={SLOTS} leftUnit="¢/kWh" series={[{ label: 'Price (¢/kWh)', values: rates, color: '#6a3d9a', kind: 'step', digits: 2 }]} height={200} />;
}
