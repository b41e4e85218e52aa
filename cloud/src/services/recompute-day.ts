// Plans one account's appliances for one local day: prices (tariff discounted by forecast solar
// surplus), outdoor forecast, one plan per appliance, the solar split, and the rows to store.
import type { RecomputeResult } from '../contract/index.js';
import { coordinatesOf } from '../domain/forecast/location.js';
import { arrayGeometry, solarArrayFromConfig } from '../domain/solar/array-forecast.js';
import { fitRecentYield, RECENT_YIELD_DAYS, type RecentYield } from '../domain/solar/recent-yield.js';
import { slotMeansKw } from '../domain/solar/slot-means.js';
import { applianceTypes, isApplianceType } from '../domain/appliance-types/index.js';
import { planSolar, type SolarConsumer, type SolarInput } from '../domain/planners/solar.js';
import { discountPricesBySurplus } from '../domain/planners/price-discount.js';
import type { DayContext } from '../domain/planners/types.js';
import { savingsPct } from '../domain/planning/costs.js';
import { keepPastSlots } from '../domain/planning/past-slots.js';
import type { PlanningDay } from '../domain/planning/planning-day.js';
import { buildRateCurve } from '../domain/tariffs/rate-curve.js';
import type { PricePoint } from '../domain/tariffs/price-point.js';
import type { StoredRateSettings } from '../domain/tariffs/rate-settings.js';
import { addDays, dayBoundsUtc, localDateOf, slotDurationsHours, slotStartsUtc, type LocalDate } from '../domain/time/slot-grid.js';
import type { NewScheduleRow, PlanningApplianceRow, ScheduleRow } from '../store/index.js';
import type { ModelRefitService } from './model-refit.js';
import type { ForecastAccount, OutdoorForecastService } from './outdoor-forecast.js';
import { planUnit } from './appliance-planning.js';
import { checked, type PlannedUnit } from './recompute-appliance.js';
import { householdLoadFor } from '../domain/household/account-load.js';
import { householdLoadDaysFor } from '../domain/household/recent-days.js';
import { allocationOrder, headroomKw, homeBlock, type HomeBlock } from '../domain/planning/home-plan.js';
import { minuteOr } from '../domain/planning/stored-values.js';
import type { AccountInputs } from './recompute-inputs.js';

export interface DayDeps {
  outdoorForecast: Pick<OutdoorForecastService, 'resolve'>;
  modelRefit: ModelRefitService;
  defaultAdderCentsPerKwh: number;
  /** The stored dynamic price points covering a local day, or null (cached per run). */
  dynamicPoints: (settings: StoredRateSettings, date: LocalDate, timeZone: string) => Promise<readonly PricePoint[] | null>;
  /** Half-hour means of these appliances' readings in [since, until), watts. */
  readingMeans: (applianceIds: readonly string[], since: Date, until: Date) => Promise<{ applianceId: string; start: Date; meanWatts: number }[]>;
}

/** The rows to store for one day and what to report per appliance. */
export interface DayPlan {
  rows: NewScheduleRow[];
  results: RecomputeResult[];
  /** The home as one system (docs/home-plan.md): load, grid import and export, expected cost. */
  home: HomeBlock;
}

/** Where the account's weather is asked for: its coordinates, else its ZIP (domain/forecast/location.ts). */
const forecastAccount = (account: AccountInputs): ForecastAccount => ({
  userId: account.userId,
  locationZip: account.profile?.location_zip ?? '',
  coordinates: coordinatesOf(account.profile),
  timeZone: account.timeZone,
});

/** Which consumer of the solar allocation a type's planned draw counts as (its spec's), or null. */
const consumerOf = (type: string): SolarConsumer | null => (isApplianceType(type) ? applianceTypes[type].solarConsumer : null);

/** Each array's yield learned from its production readings over the days before `date`, for a day without an irradiance forecast. */
async function recentYields(
  deps: DayDeps,
  solar: readonly PlanningApplianceRow[],
  date: LocalDate,
  timeZone: string,
  location: { lat: number; lon: number },
): Promise<Map<string, RecentYield>> {
  if (solar.length === 0) return new Map();
  const means = await deps.readingMeans(
    solar.map((a) => a.id),
    dayBoundsUtc(addDays(date, -RECENT_YIELD_DAYS), timeZone).start,
    dayBoundsUtc(date, timeZone).start,
  );
  const fits = solar.map((a) => {
    const own = means.filter((m) => m.applianceId === a.id);
    return [a.id, fitRecentYield({ date, timeZone, location, geometry: arrayGeometry(a.config ?? {}), means: own })] as const;
  });
  return new Map(fits.flatMap(([id, fit]) => (fit ? [[id, fit] as const] : [])));
}

/** The account's prices and weather for the day, solar-discounted when it has arrays. */
async function dayContext(deps: DayDeps, account: AccountInputs, day: PlanningDay, solar: PlanningApplianceRow[], now: Date) {
  const { timeZone } = account;
  const settings = { ...account.rateSettings, pricing_location: account.profile?.pricing_location ?? null };
  const curveOf = async (date: LocalDate) =>
    buildRateCurve({
      settings,
      date,
      timeZone,
      defaultAdderCentsPerKwh: deps.defaultAdderCentsPerKwh,
      dynamicPoints: await deps.dynamicPoints(settings, date, timeZone),
    });
  const curve = await curveOf(day.date);
  // Tomorrow's prices are known when its curve comes from the account's own source (a day-ahead
  // zone's once published; a tariff's always), not from a fallback: storage then plans both days.
  const next = await curveOf(addDays(day.date, 1));
  const tomorrow =
    next.source === next.pricing_source ? { pricesCentsPerKwh: next.rates_cents_per_kwh, exportPricesCentsPerKwh: next.export_rates_cents_per_kwh } : null;
  const forecast = await deps.outdoorForecast.resolve(forecastAccount(account), day.date, now, {
    needIrradiance: solar.length > 0,
  });
  const base: DayContext = {
    date: day.date,
    timeZone,
    slotStarts: slotStartsUtc(day.date, timeZone),
    slotHours: slotDurationsHours(day.date, timeZone),
    pricesCentsPerKwh: curve.rates_cents_per_kwh,
    // The export curve of the rate settings (net metering: the import curve before any solar
    // discount), or null when exports earn nothing.
    exportPricesCentsPerKwh: curve.export_rates_cents_per_kwh,
    tomorrow,
    outdoorTempF: forecast.tempsF,
    fromSlot: day.fromSlot,
  };
  const recent = forecast.irradiance === null ? await recentYields(deps, solar, day.date, timeZone, forecast.location) : new Map<string, RecentYield>();
  const solarInput = {
    arrays: solar.map((a) => solarArrayFromConfig(a.id, a.config ?? {}, account.solarFits.get(a.id) ?? null, recent.get(a.id) ?? null)),
    location: forecast.location,
    irradiance: forecast.irradiance,
    measuredKw: new Map(solar.map((a) => [a.id, slotMeansKw(account.solarMeans.get(a.id) ?? [], base.slotStarts)])),
  };
  const firstPass = solar.length > 0 ? planSolar(base, solarInput) : null;
  // A two-day horizon's solar: tomorrow's forecast from tomorrow's weather.
  const tomorrowGenerationKw = firstPass && tomorrow ? await tomorrowSolarKw(deps, account, base, tomorrow, solarInput, now) : null;
  const ctx: DayContext = firstPass
    ? {
        ...base,
        pricesCentsPerKwh: discountPricesBySurplus(base.pricesCentsPerKwh, firstPass.schedule.surplus_kw_48, base.exportPricesCentsPerKwh),
        solarDiscount: { tariffCentsPerKwh: base.pricesCentsPerKwh, surplusKw: firstPass.schedule.surplus_kw_48 },
      }
    : base;
  const common = {
    pricing_source: curve.source,
    outdoor_source: forecast.source,
    solar_discount: firstPass !== null,
    export_rates_set: base.exportPricesCentsPerKwh !== null,
    tomorrow_prices_known: tomorrow !== null,
  };
  return { ctx, solarInput, common, tariffPrices: base.pricesCentsPerKwh, generationKw: firstPass?.schedule.generation_kw_48 ?? null, tomorrowGenerationKw };
}

/** Tomorrow's solar generation forecast, 48 kW, from its own weather (no measured production yet). */
async function tomorrowSolarKw(
  deps: DayDeps,
  account: AccountInputs,
  today: DayContext,
  prices: NonNullable<DayContext['tomorrow']>,
  solarInput: Omit<SolarInput, 'plannedLoadsKw'>,
  now: Date,
): Promise<number[]> {
  const date = addDays(today.date, 1);
  const { timeZone } = account;
  const forecast = await deps.outdoorForecast.resolve(forecastAccount(account), date, now, {
    needIrradiance: true,
  });
  const day: DayContext = {
    ...today,
    date,
    slotStarts: slotStartsUtc(date, timeZone),
    slotHours: slotDurationsHours(date, timeZone),
    pricesCentsPerKwh: prices.pricesCentsPerKwh,
    exportPricesCentsPerKwh: prices.exportPricesCentsPerKwh,
    tomorrow: null,
    outdoorTempF: forecast.tempsF,
    fromSlot: 0,
  };
  return planSolar(day, { ...solarInput, irradiance: forecast.irradiance, measuredKw: undefined }).schedule.generation_kw_48;
}

/** Plans every active appliance of the account for `day`; never throws for one appliance's failure. */
export async function planAccountDay(
  deps: DayDeps,
  account: AccountInputs,
  day: PlanningDay,
  previous: ReadonlyMap<string, ScheduleRow>,
  madeBy: Pick<NewScheduleRow, 'trigger' | 'changes'>,
  now: Date,
): Promise<DayPlan> {
  const active = account.appliances.filter((a) => a.is_active);
  const solar = active.filter((a) => a.appliance_type === 'solar');
  const { ctx, solarInput, common, tariffPrices, generationKw: forecastKw, tomorrowGenerationKw } = await dayContext(deps, account, day, solar, now);
  const solarShare = forecastKw ? { generationKw: forecastKw, tariffPricesCentsPerKwh: tariffPrices } : null;
  const isToday = day.date === localDateOf(now, account.timeZone);
  const load = householdLoadFor(account.householdMeans, account.profile?.household_load_kw_48 ?? null, account.timeZone, day.date);
  // The measured days behind the load: the spread a battery is planned for (null unless measured).
  const loadDays = householdLoadDaysFor(account.householdMeans, load, account.timeZone, day.date);
  const tomorrow = ctx.tomorrow
    ? {
        householdLoadKw: householdLoadFor(account.householdMeans, account.profile?.household_load_kw_48 ?? null, account.timeZone, addDays(day.date, 1))
          .loadKw48,
        generationKw: tomorrowGenerationKw,
      }
    : null;
  const maxImportKw = account.profile?.max_import_kw ?? null;
  const planned = new Map<string, PlannedUnit>();
  // Comfort first, then deadlines: each appliance gets what the import limit leaves after the
  // household load and the appliances planned before it (docs/home-plan.md).
  const order = allocationOrder(
    active
      .filter((a) => a.appliance_type !== 'solar')
      .map((a) => ({ id: a.id, type: a.appliance_type, deadlineMinute: minuteOr(a.constraints, 'deadline_time'), appliance: a })),
  );
  const flows: number[][] = [];
  for (const { appliance } of order) {
    const home = {
      householdLoadKw: load.loadKw48,
      householdLoadDaysKw: loadDays,
      loadSource: load.source,
      headroomKw: headroomKw(maxImportKw, load.loadKw48, flows),
      solar: solarShare,
      tomorrow,
    };
    const unit = await planUnit(deps, account, appliance, ctx, now, isToday, home, previous.get(appliance.id) ?? null);
    planned.set(appliance.id, unit);
    if (unit.flowKw) flows.push(unit.flowKw);
  }
  let generationKw: number[] | null = null;
  if (solar.length > 0) {
    // Second pass: the planned draws take their share of the generation, in allocation order.
    const loads: Partial<Record<SolarConsumer, number[]>> = {};
    for (const appliance of active) {
      const consumer = consumerOf(appliance.appliance_type);
      const kw = planned.get(appliance.id)?.loadKw;
      if (consumer && kw) loads[consumer] = (loads[consumer] ?? new Array<number>(kw.length).fill(0)).map((x, i) => x + (kw[i] ?? 0));
    }
    const result = planSolar(ctx, { ...solarInput, plannedLoadsKw: loads });
    generationKw = result.schedule.generation_kw_48;
    for (const appliance of solar) {
      planned.set(
        appliance.id,
        checked({
          status: 'forecast',
          body: {
            schedule: result.schedule,
            source: 'optimization',
            mode: null,
            modelConfidence: null,
            baselineCents: 0,
            optimizedCents: 0,
            used: result.constraintsUsed[appliance.id] ?? {},
            missed: [],
          },
        }),
      );
    }
  }

  const rows: NewScheduleRow[] = [];
  const results: RecomputeResult[] = [];
  for (const appliance of active) {
    const unit = planned.get(appliance.id)!;
    const detail = unit.detail ?? limitDetail(maxImportKw, unit.body?.missed ?? []);
    results.push({
      appliance_id: appliance.id,
      appliance_type: appliance.appliance_type,
      name: appliance.name,
      status: unit.status,
      ...(detail && { detail }),
    });
    const body = unit.body;
    if (!body) continue;
    const savings = body.source === 'defaults' ? 0 : savingsPct(body.baselineCents, body.optimizedCents);
    rows.push({
      user_id: account.userId,
      appliance_id: appliance.id,
      local_date: day.date,
      schedule: keepPastSlots(appliance.appliance_type, body.schedule, previous.get(appliance.id)?.schedule ?? null, day.fromSlot),
      source: body.source,
      mode: body.mode,
      estimated_savings_pct: savings,
      model_confidence: body.modelConfidence,
      baseline_cost_cents: body.baselineCents,
      optimized_cost_cents: body.optimizedCents,
      savings_pct: savings,
      from_slot: day.fromSlot,
      ...madeBy,
      // Solar rows carry exactly the solar constraints_used object (it has export_rates_set); others the inputs used.
      constraints_used: appliance.appliance_type === 'solar' ? body.used : { ...body.used, ...common },
      missed: body.missed,
    });
  }
  const home = homeBlock({
    loadKw: load.loadKw48,
    source: load.source,
    flowsKw: flows,
    generationKw,
    pricesCentsPerKwh: tariffPrices,
    exportPricesCentsPerKwh: ctx.exportPricesCentsPerKwh,
    slotHours: ctx.slotHours,
    maxImportKw,
  });
  return { rows, results, home };
}

/** With an import limit, a limit a plan could not meet is named in the recompute's `detail` (the limit may be why). */
function limitDetail(maxImportKw: number | null, missed: readonly { limit: string; message: string }[]): string | undefined {
  if (maxImportKw === null || missed.length === 0) return undefined;
  return `within max_import_kw ${maxImportKw} kW: ${missed.map((m) => `${m.limit} ${m.message}`).join('; ')}`;
}
