// Loads what planning needs for a page of accounts with a fixed number of queries (about nine),
// whatever the page size: the nightly run reads thousands of accounts this way.
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { RECENT_READING_MS } from '../domain/planning/charge-inputs.js';
import type { StoredPreferences } from '../domain/preferences/defaults.js';
import { MAX_FUTURE_SKEW_MS } from '../domain/readings/reading-time.js';
import type { SolarYieldFit } from '../domain/solar/yield-fit.js';
import type { StoredRateSettings } from '../domain/tariffs/rate-settings.js';
import type { HalfHourMean, PlanningAccountRow, PlanningApplianceRow, RecentHvacReading, Store, StoredThermalModel } from '../store/index.js';
import { READ_DAYS } from '../domain/household/measured-profile.js';
import { APPLIANCE_TYPES } from '../domain/appliance-types/index.js';
import { appliancePlanning, loads } from './appliance-planning.js';
import { FIT_WINDOW_DAYS } from './model-refit.js';
import { DAY_MS } from '../domain/time/durations.js';

/** Everything stored that one account's plan reads. */
export interface AccountInputs {
  userId: string;
  /** Null when the account has no profile row (an account-level early exit). */
  profile: PlanningAccountRow['profile'];
  timeZone: string;
  accountPrefs: StoredPreferences;
  rateSettings: StoredRateSettings;
  /** Every appliance of the account, active or not, oldest first. */
  appliances: PlanningApplianceRow[];
  /** Thermal models of its HVACs (none: warming up). */
  models: Map<string, StoredThermalModel>;
  solarFits: Map<string, SolarYieldFit>;
  /** Value of each appliance's newest reading of the last two hours (SoC %, tank F). */
  recentValues: Map<string, number>;
  /** The plug state an EV's newest reading of the last two hours says, when it says one. */
  recentPlugged: Map<string, boolean>;
  /** Each HVAC's readings of the last two hours (its current temperature). */
  hvacReadings: Map<string, RecentHvacReading[]>;
  /** HVACs without a model: their readings in the fit window (0 skips the warm-up check). */
  warmupCounts: Map<string, number>;
  /** Each solar array's half-hour means of production, watts, over the last SOLAR_TODAY_MS (today's so far). */
  solarMeans: Map<string, { start: Date; meanWatts: number }[]>;
  /** Half-hour means of the household load readings of the last LOAD_WINDOW_DAYS. */
  householdMeans: HalfHourMean[];
}

/** Household readings this far back feed the measured profile (its window and backtest, plus tomorrow's plan). */
const LOAD_WINDOW_DAYS = READ_DAYS + 2;
/** Solar production this far back covers today's elapsed slots in any zone (a local day is at most 25 hours). */
const SOLAR_TODAY_MS = 25 * 3_600_000;
/** The types planned from their newest reading's value (their planning entry says so). */
const READING_TYPES = new Set<string>(APPLIANCE_TYPES.filter((t) => appliancePlanning[t].loads.recentValue));

const groupBy = <T>(items: readonly T[], key: (t: T) => string) => {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
};

/** The inputs of each account, in the order given. */
export async function loadAccountInputs(store: Store, userIds: readonly string[], now: Date): Promise<AccountInputs[]> {
  const [accounts, appliances] = await Promise.all([store.planningInputs.accounts(userIds), store.planningInputs.appliances(userIds)]);
  const active = appliances.filter((a) => a.is_active);
  const idsOf = (pick: (a: PlanningApplianceRow) => boolean) => active.filter(pick).map((a) => a.id);
  const hvacIds = idsOf((a) => loads(a.appliance_type, 'thermalModel'));
  const recent = { since: new Date(now.getTime() - RECENT_READING_MS), until: new Date(now.getTime() + MAX_FUTURE_SKEW_MS) };
  const solarIds = idsOf((a) => a.appliance_type === 'solar');
  const [models, solarFits, values, hvacReadings, loadMeans, solarMeans] = await Promise.all([
    store.thermalModels.find(hvacIds),
    store.solarFits.find(solarIds),
    store.planningInputs.latestValues(
      idsOf((a) => READING_TYPES.has(a.appliance_type)),
      recent.since,
      recent.until,
    ),
    store.planningInputs.recentHvacReadings(hvacIds, recent.since, recent.until),
    store.householdLoad.halfHourMeans(userIds, new Date(now.getTime() - LOAD_WINDOW_DAYS * DAY_MS), now),
    store.planningInputs.halfHourMeans(solarIds, new Date(now.getTime() - SOLAR_TODAY_MS), now),
  ]);
  const solarMeansById = groupBy(solarMeans, (m) => m.applianceId);
  const meansByUser = groupBy(loadMeans, (m) => m.userId);
  const modelById = new Map(models.map((m) => [m.applianceId, m]));
  const warming = hvacIds.filter((id) => !modelById.has(id));
  const warmupCounts = await store.thermalModels.readingCounts(warming, new Date(now.getTime() - FIT_WINDOW_DAYS * DAY_MS), now);
  const appliancesByUser = groupBy(appliances, (a) => a.user_id);
  const readingsByHvac = groupBy(hvacReadings, (r) => r.applianceId);
  return accounts.map((account) => {
    const own = appliancesByUser.get(account.userId) ?? [];
    const has = (id: string) => own.some((a) => a.id === id);
    const pick = <V>(map: Map<string, V>) => new Map([...map].filter(([id]) => has(id)));
    return {
      userId: account.userId,
      profile: account.profile,
      timeZone: effectiveTimeZone(account.profile ?? { timezone: null, location_zip: '' }),
      accountPrefs: account.accountPrefs,
      rateSettings: account.rateSettings,
      appliances: own,
      models: pick(modelById),
      solarFits: pick(solarFits),
      recentValues: new Map([...values].filter(([id]) => has(id)).map(([id, v]) => [id, v.value])),
      recentPlugged: new Map([...values].flatMap(([id, v]) => (has(id) && v.pluggedIn !== null ? [[id, v.pluggedIn] as const] : []))),
      hvacReadings: pick(readingsByHvac),
      warmupCounts: new Map(warming.filter(has).map((id) => [id, warmupCounts.get(id) ?? 0])),
      householdMeans: meansByUser.get(account.userId) ?? [],
      solarMeans: pick(solarMeansById),
    };
  });
}
