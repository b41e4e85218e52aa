// The whole home's day: household load, planned grid import and export, and the
// import limit, in kW per half hour; one accessible chart like the appliance charts.
import type { HomePlan } from '@offpeak/cloud/contract';
import { homeSummary } from '../chart-text.js';
import { slotLabel } from '../format.js';
import { Chart } from './chart.js';

const SLOTS = Array.from({ length: 48 }, (_, i) => slotLabel(i));

export function HomeChart({ home }: { home: HomePlan }) {
  return (
    <article class="panel" aria-labelledby="home-plan-h" data-testid="home-plan">
      <h2 id="home-plan-h">Whole home</h2>
      <Chart
        id="home-plan-chart"
        title="Whole home: household load, planned grid import and export (kW)"
        summary={homeSummary(home)}
        xLabels={SLOTS}
        leftUnit="kW"
        series={[
          { label: 'Household load (kW)', values: home.load_kw_48, color: '#555555', digits: 2, dash: [4, 4] },
          { label: 'Grid import (kW)', values: home.grid_import_kw_48, color: '#1d5fa8', kind: 'step', digits: 2 },
          { label: 'Export (kW)', values: home.export_kw_48, color: '#0b5d3b', kind: 'step', digits: 2 },
          ...(home.max_import_kw !== null
            ? [{ label: 'Import limit (kW)', values: Array<number>(48).fill(home.max_import_kw), color: '#b22222', digits: 1, dash: [2, 6], hideInTable: true }]
            : []),
        ]}
      />
    </article>
  );
}
