// GET /api/v1/me/metrics/day/{date}: one HVAC's plan, prices, measurements and episodes of a
// local day, read with the same queries (and so the same rules) as the daily metrics job.
import { METRICS_DETAIL, type MetricsDayView } from '../contract/index.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { episodeEntry, indoorTemps, plannedSetpoints, slotNumbers } from '../domain/metrics/day-view.js';
import { isIsoDate } from '../domain/time/slot-grid.js';
import { badRequest } from '../errors.js';
import { type ApplianceRow, isUuid, type MetricsPair, type Store } from '../store/index.js';
import { rowEpisodes, slotReadings } from './metrics-batch.js';
import type { DayContext } from './metrics-day-context.js';
import type { ProfilesService } from './profiles.js';
import type { RatesService } from './rates.js';

const NO_READINGS: null[] = new Array<null>(48).fill(null);

/** The caller's HVAC asked for when it is one, else the first active HVAC (oldest first), else null. */
function chooseHvac(appliances: readonly ApplianceRow[], requested: unknown): ApplianceRow | null {
  const hvacs = appliances.filter((a) => a.appliance_type === 'hvac');
  const asked = isUuid(requested) ? hvacs.find((a) => a.id === requested.toLowerCase()) : undefined;
  return asked ?? hvacs.find((a) => a.is_active) ?? null;
}

/** Builds the day view of an account. */
export async function metricsDayView(
  deps: { store: Store; profiles: ProfilesService; rates: RatesService; context: DayContext },
  userId: string,
  date: unknown,
  requestedApplianceId: unknown,
): Promise<MetricsDayView> {
  if (typeof date !== 'string' || !isIsoDate(date)) throw badRequest(METRICS_DETAIL.dateNotIso);
  const { store } = deps;
  const [profile, appliances, curve] = await Promise.all([
    deps.profiles.ensure(userId),
    store.appliances.listByUser(userId),
    deps.rates.curveForDate(userId, date),
  ]);
  const hvac = chooseHvac(appliances, requestedApplianceId);
  const empty: MetricsDayView = {
    date,
    appliance_id: hvac?.id ?? null,
    setpoints: null,
    comfort_band: { high: null, low: null },
    price_curve: curve.rates_cents_per_kwh,
    indoor_temps: [...NO_READINGS],
    overrides: [],
    conformance_defects: [],
  };
  if (!hvac) return empty;

  const timeZone = effectiveTimeZone(profile);
  const pair: MetricsPair = { userId, date, ...deps.context.grid(timeZone, date) };
  const plan = (await store.metrics.newestPlans([pair])).find((p) => p.appliance_id === hvac.id);
  const setpoints = plan ? plannedSetpoints({ setpoint_temps: plan.setpoint_temps, high_temps: plan.high_temps, low_temps: plan.low_temps }) : null;
  const planned = setpoints ? [{ applianceId: hvac.id, date, setpoints }] : [];
  const readings = (await store.metrics.readingDays([pair], planned)).find((r) => r.appliance_id === hvac.id);
  const episodes = (kind: 'override' | 'defect') => (readings ? rowEpisodes(readings, kind, timeZone).map(episodeEntry) : []);
  return {
    ...empty,
    setpoints,
    comfort_band: { high: slotNumbers(plan?.high_temps), low: slotNumbers(plan?.low_temps) },
    indoor_temps: readings ? indoorTemps(slotReadings(readings).indoorF) : empty.indoor_temps,
    overrides: episodes('override'),
    conformance_defects: episodes('defect'),
  };
}
