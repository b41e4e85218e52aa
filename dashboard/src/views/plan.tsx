// Today's plan per appliance, the link health of each HVAC (polled every 30 s), and "Recompute now".
import type {
  ApplianceScheduleResponse,
  HvacScheduleResponse,
  IntegrationHealth,
  PlanMade,
  RecomputeResult,
  SchedulesView,
  SchedulesViewEntry,
} from '@offpeak/cloud/contract';
import { useEffect, useState } from 'preact/hooks';
import { useAccount } from '../account.js';
import { getApplianceSchedule, getHealth, getHvacSchedule, getRates, getSchedules, recompute } from '../api.js';
import { TYPE_LABEL } from '../appliance-forms.js';
import { HealthBadge } from '../components/health-badge.js';
import { HomeChart } from '../components/home-chart.js';
import { CHART_KIND, ScheduleChart } from '../components/schedule-charts.js';
import { Empty, Failed, Loading } from '../components/states.js';
import { formatDate, formatInstant, pct } from '../format.js';
import { planMadeWhy } from '../plan-made.js';
import { onLinkClick } from '../router.js';
import { savingsBaselineText } from '../savings-baseline.js';
import { useLoad, usePage } from '../use-load.js';

/** Link health is cheap to ask for and changes with readings. */
export const HEALTH_POLL_MS = 30_000;

/** Performance mark set when today's plan is first drawn (the e2e suite reads it). */
const PLAN_READY_MARK = 'offpeak:plan-ready';

interface Details {
  /** GET /api/v1/schedule per HVAC: mode, confidence, stale; absent when it could not be read. */
  hvac: Record<string, HvacScheduleResponse | undefined>;
  entry: Record<string, ApplianceScheduleResponse>;
}

async function loadPlan() {
  const [view, rates] = await Promise.all([getSchedules(), getRates()]);
  return { view, rates: rates.rates_cents_per_kwh, details: await loadDetails(view) };
}

async function loadDetails(view: SchedulesView): Promise<Details> {
  const details: Details = { hvac: {}, entry: {} };
  await Promise.all(
    view.appliances.map(async (a) => {
      if (a.appliance_type === 'hvac') {
        // The unified view already holds the plan; this adds its confidence and staleness.
        details.hvac[a.appliance_id] = await getHvacSchedule(a.appliance_id).catch(() => undefined);
      } else if (CHART_KIND[a.appliance_type].kind !== 'observed') {
        details.entry[a.appliance_id] = await getApplianceSchedule(a.appliance_id);
      }
    }),
  );
  return details;
}

function useHealth(initial: IntegrationHealth | undefined) {
  const [health, setHealth] = useState(initial);
  useEffect(() => setHealth(initial), [initial]);
  useEffect(() => {
    const timer = setInterval(() => void getHealth().then(setHealth, () => undefined), HEALTH_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return health;
}

export function PlanView() {
  usePage("Today's plan");
  const { profile } = useAccount();
  const plan = useLoad(loadPlan);
  const health = useHealth(plan.data?.view.integration_health);
  const [results, setResults] = useState<RecomputeResult[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await recompute();
      const rates = plan.data?.rates ?? (await getRates()).rates_cents_per_kwh;
      plan.set({ view: answer, rates, details: await loadDetails(answer) });
      setResults(answer.results);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const view = plan.data?.view;
  useEffect(() => {
    // Charts are drawn in their own effects, which run before this one: the page is usable now.
    if (view && performance.getEntriesByName(PLAN_READY_MARK).length === 0) performance.mark(PLAN_READY_MARK);
  }, [view]);
  return (
    <section>
      <div class="page-head">
        <h1 tabIndex={-1}>Today's plan</h1>
        <div class="actions">
          <a href="/plan/history" onClick={onLinkClick}>
            Earlier plans
          </a>
          {/* aria-disabled while busy, not disabled: a disabled button drops keyboard focus to the page body. */}
          <button type="button" onClick={run} aria-disabled={busy} disabled={!view || view.appliances.length === 0}>
            {busy ? 'Recomputing…' : 'Recompute now'}
          </button>
        </div>
      </div>
      {view && (
        <p class="muted">
          {formatDate(view.date)} · times in {profile.timezone}
        </p>
      )}
      {view && !view.optimization_enabled && (
        <p class="notice" data-testid="paused">
          Optimization is paused: plans are computed but not applied.{' '}
          <a href="/home" onClick={onLinkClick}>
            Resume it on the Home page
          </a>
          .
        </p>
      )}
      <div aria-live="polite">
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {results && <RecomputeResults results={results} />}
      </div>
      {plan.loading && !plan.data && <Loading what="today's plan" />}
      {plan.error !== undefined && <Failed error={plan.error} />}
      {view && view.appliances.length === 0 && (
        <Empty testid="plan-empty">
          <p>Nothing to plan yet. To get your first plan:</p>
          <ol>
            <li>
              <a href="/appliances/new" onClick={onLinkClick}>
                Add your thermostat, EV charger or other appliances
              </a>
              ;
            </li>
            <li>
              <a href="/tariff" onClick={onLinkClick}>
                pick your utility's plan
              </a>
              ;
            </li>
            <li>come back here and press "Recompute now".</li>
          </ol>
        </Empty>
      )}
      {view && view.home && view.appliances.length > 0 && <HomeChart home={view.home} />}
      {view &&
        plan.data &&
        view.appliances.map((a) => (
          <ApplianceDay
            key={a.appliance_id}
            entry={a}
            made={view.made.find((m) => m.appliance_id === a.appliance_id)}
            today={view.date}
            rates={plan.data!.rates}
            details={plan.data!.details}
            health={health?.appliances.find((h) => h.appliance_id === a.appliance_id)}
            zone={profile.timezone}
          />
        ))}
    </section>
  );
}

const STATUS_TEXT: Record<string, string> = {
  ok: 'new plan made',
  failed: 'not re-planned',
  calibrating: 'learning how your home responds (default plan meanwhile)',
  forecast: 'solar forecast updated',
  observe: 'observed only',
  skipped: 'skipped',
};

function RecomputeResults({ results }: { results: RecomputeResult[] }) {
  return (
    <section class="panel" aria-labelledby="results-h" data-testid="recompute-results">
      <h2 id="results-h">Recompute results</h2>
      {results.length === 0 ? (
        <p>Nothing was re-planned (optimization mode off, or no appliance to plan).</p>
      ) : (
        <ul>
          {results.map((r) => (
            <li key={r.appliance_id}>
              <strong>{r.name}</strong>: <span class={`status status-${r.status}`}>{r.status}</span> — {STATUS_TEXT[r.status] ?? r.status}
              {r.detail && ` (${r.detail})`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ApplianceDay({
  entry,
  made,
  today,
  rates,
  details,
  health,
  zone,
}: {
  entry: SchedulesViewEntry;
  made: PlanMade | undefined;
  today: string;
  rates: number[];
  details: Details;
  health: IntegrationHealth['appliances'][number] | undefined;
  zone: string;
}) {
  const hvac = details.hvac[entry.appliance_id];
  const single = details.entry[entry.appliance_id];
  const stale = hvac ? hvac.stale === true : single ? single.date !== today && Object.keys(single.schedule).length > 0 : false;
  const source = hvac?.source ?? entry.source;
  const savings = hvac?.estimated_savings_pct ?? entry.savings_pct;
  const schedule = (hvac?.schedule as unknown as Record<string, unknown> | undefined) ?? entry.schedule;
  const slug = `plan-${entry.appliance_id.slice(0, 8)}`;
  return (
    <article class="panel" aria-labelledby={`${slug}-h`} data-testid="plan-card">
      <h2 id={`${slug}-h`}>{entry.name}</h2>
      <p class="muted">{TYPE_LABEL[entry.appliance_type]}</p>
      {entry.appliance_type === 'hvac' && health && <HealthBadge status={health.status} message={health.message} name={entry.name} />}
      <dl class="facts">
        <div>
          <dt>Plan</dt>
          <dd data-testid="plan-source">{source === 'optimization' ? 'Optimized' : 'Default (learning your home)'}</dd>
        </div>
        <div>
          <dt>Estimated savings</dt>
          <dd data-testid="plan-savings">{pct(savings)}</dd>
          <dd class="muted" data-testid="plan-savings-baseline">
            {savingsBaselineText(entry.appliance_type, source === 'optimization', savings)}
          </dd>
        </div>
        {entry.appliance_type === 'hvac' && (
          <div>
            <dt>Model confidence</dt>
            <dd data-testid="plan-confidence">{hvac?.model_confidence == null ? 'not yet known' : pct(hvac.model_confidence * 100)}</dd>
          </div>
        )}
        {made && (
          <div>
            <dt>Made</dt>
            <dd data-testid="plan-made">{formatInstant(made.created_at, zone)}</dd>
            <dd class="muted" data-testid="plan-made-why">
              {planMadeWhy(made)}
            </dd>
          </div>
        )}
        {!entry.optimization_enabled && (
          <div>
            <dt>Applied</dt>
            <dd>No (paused)</dd>
          </div>
        )}
      </dl>
      {stale && (
        <p class="notice" data-testid="plan-stale">
          This is yesterday's plan: no plan has been made for today yet.
        </p>
      )}
      {entry.missed && entry.missed.length > 0 && <p class="notice">Some limits cannot be met today: {entry.missed.map((m) => m.message).join('; ')}.</p>}
      {typeof schedule.summary === 'string' && (
        <p class="plan-summary" role="note" aria-label={`Why ${entry.name} is planned this way`} data-testid="plan-summary">
          {schedule.summary}
        </p>
      )}
      <ScheduleChart id={`${slug}-chart`} name={entry.name} type={entry.appliance_type} schedule={schedule} rates={rates} />
    </article>
  );
}
