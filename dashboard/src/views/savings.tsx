// Savings: the 7/30/90-day summary, the daily chart, one day's drill-down, and the rankings.
import type { ApplianceType, MetricsDaily, MetricsDayView, MetricsSummary, RankingsResponse } from '@offpeak/cloud/contract';
import { useState } from 'preact/hooks';
import { useAccount } from '../account.js';
import { getMetricsDaily, getMetricsDay, getMetricsSummary, getRankings } from '../api.js';
import { Chart } from '../components/chart.js';
import { LedgerPanel } from '../components/ledger-panel.js';
import { SelectField } from '../components/field.js';
import { Empty, Failed, Loading } from '../components/states.js';
import { addDays, fmt, formatDate, localToday, pct, slotLabel, usd } from '../format.js';
import { TYPE_LABEL } from '../appliance-forms.js';
import { SAVINGS_BASELINE } from '../savings-baseline.js';
import { useLoad, usePage } from '../use-load.js';

const WINDOWS = [7, 30, 90] as const;
const METRIC_LABEL: Record<string, string> = {
  savings_pct: 'Savings',
  off_peak_kwh_share_pct: 'Energy used off-peak',
  flexibility_degree_hours: 'Comfort flexibility',
  active_appliances: 'Appliances optimized',
};

export function Savings() {
  usePage('Savings');
  const { profile } = useAccount();
  const [window, setWindow] = useState<number>(30);
  const summary = useLoad(() => getMetricsSummary(window), [window]);
  const end = localToday(profile.timezone);
  const daily = useLoad(() => getMetricsDaily({ start: addDays(end, -(window - 1)), end }), [window, end]);
  const rankings = useLoad(() => getRankings(window), [window]);
  const [day, setDay] = useState<string | null>(null);
  return (
    <section>
      <h1 tabIndex={-1}>Savings</h1>
      <div role="group" aria-label="Period" class="segmented">
        {WINDOWS.map((w) => (
          <button key={w} type="button" aria-pressed={window === w} class={window === w ? '' : 'secondary'} onClick={() => setWindow(w)}>
            Last {w} days
          </button>
        ))}
      </div>
      {summary.loading && !summary.data && <Loading what="your savings" />}
      {summary.error !== undefined && <Failed error={summary.error} />}
      {summary.data && <SummaryPanel summary={summary.data} />}
      <LedgerPanel date={day ?? addDays(end, -1)} />
      {daily.data && <DailyPanel daily={daily.data} onPick={setDay} />}
      {daily.error !== undefined && <Failed error={daily.error} />}
      {day && <DayPanel date={day} />}
      {rankings.data && <RankingsPanel rankings={rankings.data} />}
      {rankings.error !== undefined && <Failed error={rankings.error} />}
    </section>
  );
}

function SummaryPanel({ summary }: { summary: MetricsSummary }) {
  if (summary.days_counted === 0) {
    return (
      <Empty testid="savings-empty">
        <p>No savings measured yet. Offpeak adds up each day after it ends (early every morning), once your appliances have followed a plan.</p>
      </Empty>
    );
  }
  const s = summary.savings;
  return (
    <section class="panel" aria-labelledby="summary-h" data-testid="savings-summary">
      <h2 id="summary-h">
        Last {summary.window} days (through {summary.latest_date ? formatDate(summary.latest_date) : '—'})
      </h2>
      <dl class="facts big">
        <div>
          <dt>Projected savings</dt>
          <dd data-testid="modeled-usd">{usd(s.modeled_usd)}</dd>
        </div>
        <div>
          <dt>Measured savings</dt>
          <dd>{s.realized_usd == null ? 'not measured' : usd(s.realized_usd)}</dd>
        </div>
        <div>
          <dt>Average saving</dt>
          <dd>{pct(s.savings_pct)}</dd>
        </div>
        <div>
          <dt>Energy off-peak</dt>
          <dd>{pct(summary.peaks.off_peak_kwh_share_pct)}</dd>
        </div>
        <div>
          <dt>Peak hours idle</dt>
          <dd>{fmt(summary.peaks.peak_hours_idle, 1, ' h')}</dd>
        </div>
        <div>
          <dt>Time in comfort band</dt>
          <dd>{pct(summary.comfort.in_band_home_pct)}</dd>
        </div>
        <div>
          <dt>Days counted</dt>
          <dd>{summary.days_counted}</dd>
        </div>
        <div>
          <dt>Machines optimized</dt>
          <dd>{summary.machines.active}</dd>
        </div>
      </dl>
      <SavingsBaseline />
    </section>
  );
}

/** What projected and measured savings are compared with. */
function SavingsBaseline() {
  const types = (Object.keys(SAVINGS_BASELINE) as ApplianceType[]).filter((t) => SAVINGS_BASELINE[t] !== null);
  return (
    <div class="muted" data-testid="savings-baseline">
      <p>
        Projected savings compare each day's plans with what the same appliances would have cost without a plan, at that day's prices. Without a plan means:
      </p>
      <ul>
        {types.map((t) => (
          <li key={t}>
            {TYPE_LABEL[t]}: {SAVINGS_BASELINE[t]}
          </li>
        ))}
      </ul>
      <p>Measured savings compare that same cost with the energy your meters recorded.</p>
    </div>
  );
}

function DailyPanel({ daily, onPick }: { daily: MetricsDaily; onPick: (date: string) => void }) {
  const [picked, setPicked] = useState('');
  if (daily.days.length === 0) return null;
  const labels = daily.days.map((d) => formatDate(d.date));
  const modeled = daily.days.map((d) => d.savings.modeled_usd);
  const total = modeled.reduce<number>((a, b) => a + (b ?? 0), 0);
  const best = daily.days.reduce((a, b) => ((b.savings.modeled_usd ?? -Infinity) > (a.savings.modeled_usd ?? -Infinity) ? b : a));
  const choose = (date: string) => {
    setPicked(date);
    if (date) onPick(date);
  };
  return (
    <section class="panel" aria-labelledby="daily-h">
      <h2 id="daily-h">Day by day</h2>
      <Chart
        id="daily-chart"
        title="Projected savings per day ($)"
        summary={`${usd(total)} projected over ${daily.days.length} days; the best day was ${formatDate(best.date)} with ${usd(best.savings.modeled_usd)}. Pick a day below (or click a bar) to see it.`}
        xLabels={labels}
        leftUnit="$"
        rightUnit="%"
        series={[
          { label: 'Projected savings ($)', values: modeled, color: '#0b5d3b', kind: 'bars', digits: 2 },
          { label: 'Savings (%)', values: daily.days.map((d) => d.savings.savings_pct), color: '#6a3d9a', axis: 'right' },
        ]}
        onPick={(i) => choose(daily.days[i]!.date)}
      />
      <SelectField
        id="drill-day"
        label="See one day"
        value={picked}
        onValue={choose}
        options={[{ value: '', label: 'Choose a day' }, ...daily.days.map((d) => ({ value: d.date, label: formatDate(d.date) }))]}
      />
    </section>
  );
}

function DayPanel({ date }: { date: string }) {
  const day = useLoad<MetricsDayView>(() => getMetricsDay(date), [date]);
  return (
    <section class="panel" aria-labelledby="day-h" data-testid="day-detail">
      <h2 id="day-h">{formatDate(date)}</h2>
      {day.loading && !day.data && <Loading what="that day" />}
      {day.error !== undefined && <Failed error={day.error} />}
      {day.data && <DayBody day={day.data} />}
    </section>
  );
}

function DayBody({ day }: { day: MetricsDayView }) {
  if (!day.setpoints && day.indoor_temps.every((t) => t === null)) return <p>No HVAC plan or reading on this day.</p>;
  const slots = Array.from({ length: 48 }, (_, i) => slotLabel(i));
  const measured = day.indoor_temps.filter((t): t is number => t !== null);
  return (
    <>
      <Chart
        id="day-chart"
        title="Plan and measured indoor temperature"
        summary={`${measured.length ? `Measured indoor temperature ${fmt(Math.min(...measured))} to ${fmt(Math.max(...measured))} °F.` : 'No indoor reading.'} ${day.overrides.length} manual override${
          day.overrides.length === 1 ? '' : 's'
        }.`}
        xLabels={slots}
        leftUnit="°F"
        rightUnit="price"
        series={[
          { label: 'Band high (°F)', values: day.comfort_band.high ?? Array(48).fill(null), color: '#b3261e', dash: [4, 4] },
          { label: 'Band low (°F)', values: day.comfort_band.low ?? Array(48).fill(null), color: '#1d5fa8', dash: [4, 4] },
          { label: 'Setpoint (°F)', values: day.setpoints ?? Array(48).fill(null), color: '#0b5d3b', kind: 'step' },
          { label: 'Measured indoor (°F)', values: day.indoor_temps, color: '#c25e00' },
          ...(day.price_curve ? [{ label: 'Price', values: day.price_curve, color: '#6a3d9a', kind: 'step' as const, axis: 'right' as const, digits: 2 }] : []),
        ]}
        bands={[{ upper: 0, lower: 1, color: 'rgba(46, 125, 50, 0.15)' }]}
      />
      {day.overrides.length > 0 && (
        <ul>
          {day.overrides.map((o) => (
            <li key={o.start}>
              Override from {String(o.start_hour).padStart(2, '0')}:00 ({o.readings} readings)
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function RankingsPanel({ rankings }: { rankings: RankingsResponse }) {
  const any = rankings.rankings.some((r) => r.rank !== null);
  return (
    <section class="panel" aria-labelledby="rank-h" data-testid="rankings">
      <h2 id="rank-h">How you compare</h2>
      {!any && <p>Not ranked yet: rankings need a few days of savings and enough comparable homes. They are refreshed every morning for the last 30 days.</p>}
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Rankings table">
        <table>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Compared with</th>
              <th scope="col">Your rank</th>
              <th scope="col">Better than or equal to</th>
              <th scope="col">Your value</th>
            </tr>
          </thead>
          <tbody>
            {rankings.rankings.map((r) => (
              <tr key={r.metric}>
                <th scope="row">{METRIC_LABEL[r.metric] ?? r.metric}</th>
                <td>{r.cohort_label ?? 'No comparable group yet'}</td>
                <td>{r.rank ?? '—'}</td>
                <td>{r.percentile == null ? '—' : `${fmt(r.percentile, 0)} % of homes`}</td>
                <td>{fmt(r.your_value, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
