// One day's ledger on the savings page: what it cost, what it would have cost without Offpeak,
// what perfect hindsight would have cost, each appliance's line, and the forecasts' accuracy.
import type { DayLedger } from '@offpeak/cloud/contract';
import { getLedger } from '../api.js';
import { TYPE_LABEL } from '../appliance-forms.js';
import { forecastAccuracy } from '../forecast-accuracy.js';
import { fmt, formatDate, usd } from '../format.js';
import { useLoad } from '../use-load.js';
import { Failed, Loading } from './states.js';

const isType = (t: string): t is keyof typeof TYPE_LABEL => t in TYPE_LABEL;

export function LedgerPanel({ date }: { date: string }) {
  const ledger = useLoad<DayLedger>(() => getLedger(date), [date]);
  return (
    <section class="panel" aria-labelledby="ledger-h" data-testid="ledger">
      <h2 id="ledger-h">The account of {formatDate(date)}</h2>
      {ledger.loading && !ledger.data && <Loading what="that day's account" />}
      {ledger.error !== undefined && <Failed error={ledger.error} />}
      {ledger.data && <LedgerBody ledger={ledger.data} />}
    </section>
  );
}

function LedgerBody({ ledger }: { ledger: DayLedger }) {
  if (ledger.appliances.length === 0 && ledger.household_cost === null) return <p>Nothing was measured on this day: no account of it yet.</p>;
  return (
    <>
      <dl class="facts big">
        <div>
          <dt>What it cost</dt>
          <dd data-testid="ledger-actual">{usd(ledger.actual_cost)}</dd>
        </div>
        <div>
          <dt>Without Offpeak</dt>
          <dd data-testid="ledger-baseline">{usd(ledger.baseline_cost)}</dd>
        </div>
        <div>
          <dt>With perfect hindsight</dt>
          <dd data-testid="ledger-hindsight">{usd(ledger.hindsight_cost)}</dd>
        </div>
        <div>
          <dt>Saved</dt>
          <dd>{usd(ledger.saving)}</dd>
        </div>
      </dl>
      {ledger.note && (
        <p class="notice" data-testid="ledger-note">
          {ledger.note}
        </p>
      )}
      <p class="muted">
        Costs come from your readings at that day's prices. Perfect hindsight is the best plan there was, knowing how the day really went;
        {` ${usd(ledger.missed_saving)}`} separates it from what happened.
      </p>
      {ledger.appliances.length > 0 && (
        <div class="table-scroll" tabIndex={0} role="region" aria-label="Cost of each appliance">
          <table>
            <thead>
              <tr>
                <th scope="col">Appliance</th>
                <th scope="col">Cost</th>
                <th scope="col">Without Offpeak</th>
                <th scope="col">With hindsight</th>
                <th scope="col">Compared with</th>
              </tr>
            </thead>
            <tbody>
              {ledger.appliances.map((a) => (
                <tr key={a.appliance_id}>
                  <th scope="row">
                    {a.name}
                    <span class="muted"> ({isType(a.appliance_type) ? TYPE_LABEL[a.appliance_type] : a.appliance_type})</span>
                  </th>
                  <td>
                    {usd(a.actual_cost)}
                    {a.basis === 'planned' && <span class="muted"> (as planned: not measured)</span>}
                  </td>
                  <td>{usd(a.baseline_cost)}</td>
                  <td>{a.hindsight_cost === null ? 'not computed' : usd(a.hindsight_cost)}</td>
                  <td>
                    {a.baseline}
                    {a.solar && (
                      <span class="muted">
                        . Made {fmt(a.solar.generation_kwh, 1)} kWh: {fmt(a.solar.self_consumed_kwh, 1)} used at home ({usd(a.solar.self_consumed_value)}),{' '}
                        {fmt(a.solar.exported_kwh, 1)} exported ({usd(a.solar.export_value)})
                      </span>
                    )}
                    {a.note && <span class="muted">. {a.note}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>How good the forecasts were</h3>
      <ul data-testid="forecast-accuracy">
        {forecastAccuracy(ledger).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}
