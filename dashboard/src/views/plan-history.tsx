// Earlier plans: the schedule history of the last 14 days, one appliance and one day at a time.
import type { ScheduleHistory, ScheduleHistoryRow } from '@offpeak/cloud/contract';
import { useState } from 'preact/hooks';
import { useAccount } from '../account.js';
import { getScheduleHistory } from '../api.js';
import { SelectField } from '../components/field.js';
import { ScheduleChart } from '../components/schedule-charts.js';
import { Empty, Failed, Loading } from '../components/states.js';
import { formatDate, formatInstant, pct, usd } from '../format.js';
import { planMadeWhy } from '../plan-made.js';
import { onLinkClick } from '../router.js';
import { useLoad, usePage } from '../use-load.js';
import { savingsBaselineText } from '../savings-baseline.js';

/** The newest row of each date (rows come sorted by date, then created_at). */
const newestPerDay = (rows: ScheduleHistoryRow[]) => [...new Map(rows.map((r) => [r.date, r])).values()].reverse();

export function PlanHistory() {
  usePage('Earlier plans');
  const history = useLoad(() => getScheduleHistory({}));
  return (
    <section>
      <p>
        <a href="/plan" onClick={onLinkClick}>
          ← Today's plan
        </a>
      </p>
      <h1 tabIndex={-1}>Earlier plans</h1>
      {history.loading && !history.data && <Loading what="the plan history" />}
      {history.error !== undefined && <Failed error={history.error} />}
      {history.data && <HistoryBody history={history.data} />}
    </section>
  );
}

function HistoryBody({ history }: { history: ScheduleHistory }) {
  const { profile } = useAccount();
  const withRows = history.appliances.filter((a) => a.history.length > 0);
  const [applianceId, setApplianceId] = useState(withRows[0]?.appliance_id ?? '');
  const appliance = withRows.find((a) => a.appliance_id === applianceId) ?? withRows[0];
  const days = appliance ? newestPerDay(appliance.history) : [];
  const [date, setDate] = useState(days[0]?.date ?? '');
  const row = days.find((d) => d.date === date) ?? days[0];
  // Every plan of the shown day, oldest first: how the plan followed the day.
  const dayRows = appliance && row ? appliance.history.filter((r) => r.date === row.date) : [];
  if (!appliance)
    return (
      <Empty testid="history-empty">
        No plans between {formatDate(history.start)} and {formatDate(history.end)} yet.
      </Empty>
    );
  return (
    <>
      <div class="grid">
        <SelectField
          id="history-appliance"
          label="Appliance"
          value={appliance.appliance_id}
          onValue={(v) => {
            setApplianceId(v);
            setDate('');
          }}
          options={withRows.map((a) => ({ value: a.appliance_id, label: a.name }))}
        />
        <SelectField
          id="history-date"
          label="Day"
          value={row?.date ?? ''}
          onValue={setDate}
          options={days.map((d) => ({ value: d.date, label: formatDate(d.date) }))}
        />
      </div>
      {row && (
        <article class="panel" data-testid="history-day">
          <h2>
            {appliance.name} on {formatDate(row.date)}
          </h2>
          <dl class="facts">
            <div>
              <dt>Savings</dt>
              <dd>{pct(row.savings_pct)}</dd>
              <dd class="muted" data-testid="history-savings-baseline">
                {savingsBaselineText(appliance.appliance_type, row.source === 'optimization', row.savings_pct)}
              </dd>
            </div>
            <div>
              <dt>Cost without plan</dt>
              <dd>{usd(row.baseline_cost)}</dd>
            </div>
            <div>
              <dt>Planned cost</dt>
              <dd>{usd(row.optimized_cost)}</dd>
            </div>
            <div>
              <dt>Made</dt>
              <dd>{formatInstant(row.created_at, profile.timezone)}</dd>
              <dd class="muted" data-testid="history-made-why">
                {planMadeWhy(row)}
              </dd>
            </div>
          </dl>
          <ScheduleChart id="history-chart" name={appliance.name} type={appliance.appliance_type} schedule={row.schedule} />
          {dayRows.length > 1 && (
            <section aria-labelledby="history-plans-h">
              <h3 id="history-plans-h">Plans made for the day</h3>
              <ol data-testid="history-plans">
                {dayRows.map((r) => (
                  <li key={r.id}>
                    {formatInstant(r.created_at, profile.timezone)}: {planMadeWhy(r)}
                  </li>
                ))}
              </ol>
            </section>
          )}
        </article>
      )}
    </>
  );
}
