// GET /api/v1/me/metrics/ledger/{date}: the home's ledger of one local day (docs/ledger.md), from
// its readings, the prices in force that day, and the day's newest plans.
import { METRICS_DETAIL } from '../contract/index.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { isApplianceType } from '../domain/appliance-types/index.js';
import type { LedgerDay } from '../domain/ledger/appliance-day.js';
import { APPLIANCE_LEDGERS } from '../domain/ledger/appliance-ledgers.js';
import { dayLedger, forecastError, type DayLedger } from '../domain/ledger/day-ledger.js';
import { filledSeries, slotOfInstant, slotSeries } from '../domain/ledger/slot-readings.js';
import { planningPreferences } from '../domain/planning/unit-preferences.js';
import { dayBoundsUtc, isIsoDate, slotDurationsHours, slotStartsUtc, SLOTS_PER_DAY } from '../domain/time/slot-grid.js';
import { badRequest } from '../errors.js';
import type { Store } from '../store/index.js';
import type { ProfilesService } from './profiles.js';
import type { RatesService } from './rates.js';

/** Outdoor temperatures of a day no HVAC measured: only the ledgers that do not read them run on it. */
const SEASONLESS_OUTDOOR_F = 70;

const numbers = (v: unknown): (number | null)[] | null =>
  Array.isArray(v) && v.length === SLOTS_PER_DAY ? v.map((x) => (typeof x === 'number' && Number.isFinite(x) ? x : null)) : null;

/** The day's ledger of an account. */
export async function ledgerOfDay(deps: { store: Store; profiles: ProfilesService; rates: RatesService }, userId: string, date: unknown): Promise<DayLedger> {
  if (typeof date !== 'string' || !isIsoDate(date)) throw badRequest(METRICS_DETAIL.dateNotIso);
  const { store } = deps;
  const [profile, appliances, accounts, curve, rows, home] = await Promise.all([
    deps.profiles.ensure(userId),
    store.planningInputs.appliances([userId]),
    store.planningInputs.accounts([userId]),
    deps.rates.curveForDate(userId, date),
    store.schedules.newest([userId], [date]),
    store.homePlans.newest(userId, date),
  ]);
  const timeZone = effectiveTimeZone(profile);
  const slotStarts = slotStartsUtc(date, timeZone);
  const slotHours = slotDurationsHours(date, timeZone);
  const bounds = dayBoundsUtc(date, timeZone);
  const hvacIds = appliances.filter((a) => a.appliance_type === 'hvac').map((a) => a.id);
  const [readings, household, models] = await Promise.all([
    store.ledger.dayReadings(userId, bounds.start, bounds.end),
    store.householdLoad.halfHourMeans([userId], bounds.start, bounds.end),
    store.thermalModels.find(hvacIds),
  ]);

  // The household's own load and the home's consumption per slot (half-hour means placed on the day's slots).
  const householdKw = Array<number | null>(SLOTS_PER_DAY).fill(null);
  const consumedKw = Array<number | null>(SLOTS_PER_DAY).fill(null);
  for (const m of household) {
    const slot = slotOfInstant(slotStarts, m.start);
    if (slot < 0) continue;
    householdKw[slot] = m.meanWatts / 1000;
    consumedKw[slot] = m.consumedWatts / 1000;
  }
  const seriesOf = (id: string) =>
    slotSeries(
      slotStarts,
      readings.filter((r) => r.applianceId === id),
    );
  const ofType = (type: string) => appliances.filter((a) => a.appliance_type === type);
  // The arrays' production (readings' values, W), summed per slot over the arrays read in it.
  const arrays = ofType('solar').map((a) => seriesOf(a.id).meanValue);
  const solarKw = Array.from({ length: SLOTS_PER_DAY }, (_, i) =>
    arrays.some((s) => s[i] !== null) ? arrays.reduce((t, s) => t + (s[i] ?? 0), 0) / 1000 : null,
  );
  // The outdoor temperatures the HVACs reported that day (the first that reported any).
  const outdoor = hvacIds.map((id) => filledSeries(seriesOf(id).outdoorF)).find((o) => o !== null) ?? null;
  const day: LedgerDay = {
    day: {
      date,
      timeZone,
      slotStarts,
      slotHours,
      pricesCentsPerKwh: curve.rates_cents_per_kwh,
      exportPricesCentsPerKwh: curve.export_rates_cents_per_kwh,
      outdoorTempF: outdoor ?? Array<number>(SLOTS_PER_DAY).fill(SEASONLESS_OUTDOOR_F),
      fromSlot: 0,
    },
    outdoorMeasured: outdoor !== null,
    householdKw,
    consumedKw,
    solarKw,
  };
  const accountPrefs = accounts[0]?.accountPrefs ?? {};
  const thermalOf = (a: (typeof appliances)[number]) => {
    const model = models.find((m) => m.applianceId === a.id);
    return model ? { prefs: planningPreferences(accountPrefs, a.unitPrefs), model, profileHomeSizeSqft: profile.home_size_sqft } : null;
  };
  const rowOf = (id: string) => rows.find((r) => r.appliance_id === id) ?? null;

  const lines = appliances.flatMap((a) => {
    if (!isApplianceType(a.appliance_type)) return [];
    const series = seriesOf(a.id);
    const row = rowOf(a.id);
    const ledger = APPLIANCE_LEDGERS[a.appliance_type](day, {
      config: a.config ?? {},
      constraints: a.constraints ?? {},
      valueAtEnd: series.lastValue,
      powerKw: series.powerKw,
      meanValue: series.meanValue,
      plan:
        row && row.source === 'optimization'
          ? { schedule: row.schedule, baselineCents: row.baseline_cost_cents, optimizedCents: row.optimized_cost_cents }
          : null,
      thermal: a.appliance_type === 'hvac' ? thermalOf(a) : null,
    });
    return ledger ? [{ appliance_id: a.id, appliance_type: a.appliance_type, name: a.name, ledger }] : [];
  });

  const measured = householdKw.some((kw) => kw !== null);
  const householdCents = measured ? householdKw.reduce<number>((s, kw, i) => s + (kw ?? 0) * slotHours[i]! * curve.rates_cents_per_kwh[i]!, 0) : null;
  const firstHvac = ofType('hvac')[0];
  const solarRow = ofType('solar')
    .map((a) => rowOf(a.id))
    .find((r) => r !== null);
  return dayLedger(date, lines, householdCents, {
    household_load_kw: forecastError(home?.load_kw_48 ?? null, householdKw),
    solar_kw: forecastError(numbers(solarRow?.schedule.generation_kw_48), solarKw),
    hvac_temperature_f: firstHvac ? forecastError(numbers(rowOf(firstHvac.id)?.schedule.temp_trajectory), seriesOf(firstHvac.id).meanValue) : null,
  });
}
