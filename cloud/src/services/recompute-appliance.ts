// Plans one appliance of an account's day: builds its input from what is stored, calls the
// planner of its type, and says what the recompute reports for it (3.6).
import type { RecomputeStatus } from '../contract/index.js';
import { planners } from '../domain/planners/index.js';
import { defaultsSchedule } from '../domain/planners/hvac.js';
import type { DayContext, MissedLimit, PlanInputs, Planner, PlanResult } from '../domain/planners/types.js';
import { evChargerInputs, homeBatteryInputs, robotInputs, type ApplianceFacts, type BuiltInput, type HomeContext } from '../domain/planning/charge-inputs.js';
import { batteryFlowKw, blockedSlots, onOffDrawKw } from '../domain/planning/home-plan.js';
import { hvacInputs } from '../domain/planning/hvac-inputs.js';
import { planProblem } from '../domain/planning/plan-check.js';
import { planningPreferences } from '../domain/planning/unit-preferences.js';
import { warmupDetail } from '../domain/planning/warmup-detail.js';
import { waterHeaterInputs } from '../domain/planning/water-heater-inputs.js';
import { comfortBand } from '../domain/preferences/comfort-band.js';
import { currentIndoorTempF, recentDuty } from '../domain/thermal/current-temperature.js';
import type { PlanningApplianceRow, ScheduleSource } from '../store/index.js';
import type { ModelRefitService } from './model-refit.js';
import type { AccountInputs } from './recompute-inputs.js';

type BuiltType = 'ev_charger' | 'home_battery' | 'robot' | 'water_heater';

/** What the home gives each appliance's plan: its household load and the import limit's headroom left (docs/home-plan.md). */
export interface HomeShare {
  householdLoadKw: readonly number[];
  loadSource: string;
  /** 48 kW left under the import limit after the load and the appliances planned before, or null without a limit. */
  headroomKw: readonly number[] | null;
}

export const NO_LIMIT_HOME: HomeShare = { householdLoadKw: [], loadSource: 'typical', headroomKw: null };

/** How a type planned one appliance at a time gets its input, and what it draws from the grid. */
interface RegularType<T extends BuiltType> {
  inputs: (facts: ApplianceFacts, home: HomeShare) => BuiltInput<PlanInputs[T]>;
  /** Grid draw of a slot that is on, kW, for the solar allocation; null when too small to count (a robot's dock). */
  drawKw: ((input: PlanInputs[T]) => number) | null;
  /** The signed grid flow per slot of a plan (kW; a battery delivering is negative), for the import limit and the home block. */
  flowKw: (input: PlanInputs[T], schedule: Record<string, unknown>, ctx: DayContext) => number[];
}

const onOff = (schedule: Record<string, unknown>, kw: number) => onOffDrawKw(Array.isArray(schedule.intervals) ? schedule.intervals : [], kw);

const REGULAR: { [T in BuiltType]: RegularType<T> } = {
  ev_charger: {
    // A slot without room for the charger's full draw is closed to it.
    inputs: (facts, home) => withBlocked(evChargerInputs(facts), (i) => blockedSlots(home.headroomKw, i.maxChargeRateKw)),
    drawKw: (i) => i.maxChargeRateKw,
    flowKw: (i, schedule) => onOff(schedule, i.maxChargeRateKw),
  },
  home_battery: {
    // The battery's charging is capped at the headroom itself (it can charge at any power).
    inputs: (facts, home) => homeBatteryInputs(facts, homeContext(home)),
    drawKw: (i) => i.maxChargeRateKw,
    // The trajectory is rounded to 0.01 %: the planner kept charging within its rate and headroom exactly.
    flowKw: (i, schedule, ctx) =>
      batteryFlowKw(Array.isArray(schedule.value_trajectory) ? (schedule.value_trajectory as number[]) : [], i.socPct, i.capacityKwh, i.chargeEfficiency, i.dischargeEfficiency, ctx.slotHours).map((kw, slot) =>
        slot < ctx.fromSlot ? 0 : Math.min(kw, i.maxChargeRateKw, i.chargeHeadroomKw?.[slot] ?? Infinity),
      ),
  },
  robot: { inputs: (facts) => robotInputs(facts), drawKw: null, flowKw: (i, schedule) => onOff(schedule, i.maxChargeRateKw) },
  water_heater: {
    inputs: (facts, home) => withBlocked(waterHeaterInputs(facts), (i) => blockedSlots(home.headroomKw, i.elementWatts / 1000)),
    drawKw: (i) => i.elementWatts / 1000,
    flowKw: (i, schedule) => onOff(schedule, i.elementWatts / 1000),
  },
};

function homeContext(home: HomeShare): HomeContext | undefined {
  if (home.householdLoadKw.length !== 48) return undefined;
  return { householdLoadKw: home.householdLoadKw, loadSource: home.loadSource, chargeHeadroomKw: home.headroomKw ? home.headroomKw.map((h) => Math.max(0, h)) : null };
}

function withBlocked<I extends { blockedSlots?: boolean[] | null }>(built: BuiltInput<I>, blocked: (input: I) => boolean[] | null): BuiltInput<I> {
  const slots = blocked(built.input);
  if (!slots || !slots.some(Boolean)) return built;
  return { input: { ...built.input, blockedSlots: slots }, used: { ...built.used, import_limited_slots: slots.filter(Boolean).length } };
}

/** What to store for an appliance planned today: the schedule body and its figures. */
export interface PlannedBody {
  schedule: Record<string, unknown>;
  source: ScheduleSource;
  mode: string | null;
  modelConfidence: number | null;
  baselineCents: number;
  optimizedCents: number;
  used: Record<string, unknown>;
  missed: MissedLimit[];
}

/** One appliance's outcome: a body to store (none for observe, skipped, failed) and its planned grid draw. */
export interface PlannedUnit {
  status: RecomputeStatus;
  detail?: string;
  body?: PlannedBody;
  /** kW per slot the plan draws, for the solar allocation. */
  loadKw?: number[];
  /** Signed grid flow per slot, kW (draws positive, a battery's delivery negative), for the import limit and the home block. */
  flowKw?: number[];
}

const isBuilt = (type: string): type is BuiltType => Object.hasOwn(REGULAR, type);

/** A regular appliance: its input from what is stored, its type's planner. */
export function planRegular<T extends BuiltType>(type: T, account: AccountInputs, appliance: PlanningApplianceRow, ctx: DayContext, home: HomeShare = NO_LIMIT_HOME): PlannedUnit {
  const spec: RegularType<T> = REGULAR[type];
  const facts: ApplianceFacts = { config: appliance.config ?? {}, constraints: appliance.constraints, recentValue: account.recentValues.get(appliance.id) ?? null };
  const built = spec.inputs(facts, home);
  const result: PlanResult = (planners[type] as Planner<T>)(ctx, built.input);
  const kw = spec.drawKw?.(built.input) ?? 0;
  const intervals = result.schedule.intervals;
  return {
    status: 'ok',
    body: { schedule: result.schedule, source: 'optimization', mode: null, modelConfidence: null, baselineCents: result.baselineCostCents, optimizedCents: result.optimizedCostCents, used: built.used, missed: result.missed },
    ...(kw > 0 && Array.isArray(intervals) && { loadKw: intervals.map((on) => (on === true ? kw : 0)) }),
    flowKw: spec.flowKw(built.input, result.schedule as Record<string, unknown>, ctx),
  };
}

/**
 * An HVAC: with a thermal model, the optimized setpoints; without one, the warm-up check (which
 * fits the model the moment warm-up ends) and else the defaults row from the comfort band.
 */
export async function planHvacUnit(
  deps: { modelRefit: ModelRefitService },
  account: AccountInputs,
  appliance: PlanningApplianceRow,
  ctx: DayContext,
  now: Date,
  isToday: boolean,
): Promise<PlannedUnit> {
  const prefs = planningPreferences(account.accountPrefs, appliance.unitPrefs);
  let model = account.models.get(appliance.id) ?? null;
  let warmup = null;
  if (!model) {
    const outcome = await deps.modelRefit.endWarmup(account.userId, appliance.id, account.warmupCounts.get(appliance.id) ?? 0, now);
    if (outcome.model) {
      model = outcome.model;
      account.models.set(appliance.id, model);
    } else warmup = outcome.warmup;
  }
  if (!model) {
    return {
      status: 'calibrating',
      detail: warmupDetail(warmup),
      body: { schedule: defaultsSchedule(comfortBand(prefs)), source: 'defaults', mode: prefs.optimization_mode, modelConfidence: null, baselineCents: 0, optimizedCents: 0, used: { optimization_mode: prefs.optimization_mode, warm_up: warmupDetail(warmup) }, missed: [] },
    };
  }
  const recent = account.hvacReadings.get(appliance.id) ?? [];
  const indoorTempF = isToday ? currentIndoorTempF(recent, now) : null;
  const facts = { config: appliance.config ?? {}, prefs, model, indoorTempF, recentDuty: recentDuty(recent, now, model.ratedPowerW), profileHomeSizeSqft: account.profile?.home_size_sqft ?? 0 };
  const built = hvacInputs(facts, ctx.fromSlot);
  const result = planners.hvac(ctx, built.input);
  return {
    status: 'ok',
    flowKw: result.plannedPowerKw,
    body: { schedule: result.schedule, source: 'optimization', mode: prefs.optimization_mode, modelConfidence: model.confidence, baselineCents: result.baselineCostCents, optimizedCents: result.optimizedCostCents, used: built.used, missed: result.missed },
  };
}

/** A planned unit, or `failed` when its plan has a hole (a broken model gives NaN setpoints). */
export function checked(unit: PlannedUnit): PlannedUnit {
  const body = unit.body;
  const problem = body && planProblem({ schedule: body.schedule, baselineCostCents: body.baselineCents, optimizedCostCents: body.optimizedCents });
  return problem ? { status: 'failed', detail: `invalid plan: ${problem}` } : unit;
}

/** Plans one non-solar appliance, never throwing: an error is a `failed` outcome with a short reason. */
export async function planUnit(
  deps: { modelRefit: ModelRefitService },
  account: AccountInputs,
  appliance: PlanningApplianceRow,
  ctx: DayContext,
  now: Date,
  isToday: boolean,
  home: HomeShare = NO_LIMIT_HOME,
): Promise<PlannedUnit> {
  try {
    if (appliance.appliance_type === 'hvac') return checked(await planHvacUnit(deps, account, appliance, ctx, now, isToday));
    if (appliance.appliance_type === 'dehumidifier') return { status: 'observe' };
    if (isBuilt(appliance.appliance_type)) return checked(planRegular(appliance.appliance_type, account, appliance, ctx, home));
    return { status: 'skipped', detail: `unknown appliance type ${JSON.stringify(appliance.appliance_type)}` };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { status: 'failed', detail: `planning failed: ${message.slice(0, 160)}` };
  }
}
