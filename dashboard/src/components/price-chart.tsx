// The 48-slot price curves of a day, drawn as steps: what a kWh costs (import) and what an
// exported kWh earns (export).
import { exportSummary, priceSummary } from '../chart-text.js';
import { slotLabel } from '../format.js';
import { Chart } from './chart.js';

const SLOTS = Array.from({ length: 48 }, (_, i) => slotLabel(i));

export function PriceChart({ id, rates, title }: { id: string; rates: readonly number[]; title: string }) {
  return (
    <Chart
      id={id}
      title={title}
      summary={priceSummary(rates)}
      xLabels={SLOTS}
      leftUnit="¢/kWh"
      series={[{ label: 'Price (¢/kWh)', values: rates, color: '#6a3d9a', kind: 'step', digits: 2 }]}
      height={200}
    />
  );
}

export function ExportPriceChart({ id, rates, title }: { id: string; rates: readonly number[]; title: string }) {
  return (
    <Chart
      id={id}
      title={title}
      summary={exportSummary(rates)}
      xLabels={SLOTS}
      leftUnit="¢/kWh"
      series={[{ label: 'Export price (¢/kWh)', values: rates, color: '#1b7837', kind: 'step', digits: 2 }]}
      height={200}
    />
  );
}
