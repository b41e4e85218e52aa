// How one appliance of an account's day is planned: a regular type's input from what is stored
// and its planner, or an HVAC's thermal model, warm-up and setpoints; and what the recompute
// reports for it. Which one a type uses is services/appliance-planning.ts.
import type { RecomputeStatus } from '../contract/index.js';
import type { ApplianceType } from '../domain/appliance-types/index.js';
import { defaultsSchedule, planHvac } from '../domain/planners/hvac.js';
import type { DayContext, MissedLimit, PlanInputs, Planner, PlanResult } from '../domain/planners/types.js';
import { dayStartPct, type ApplianceFacts, type BuiltInput, type EarlierPlan } from '../domain/planning/charge-inputs.js';
import { hvacInputs } from '../domain/planning/hvac-inputs.js';
import { planProblem } from '../domain/planning/plan-check.js';
import { planningPreferences } from '../domain/planning/unit-preferences.js';
import { warmupDetail } from '../domain/planning/warmup-detail.js';
import { comfortBand } from '../domain/preferences/comfort-band.js';
import { currentIndoorTempF, recentDuty } from '../domain/thermal/current-temperature.js';
import type { PlanningApplianceRow, ScheduleSource } from '../store/index.js';
import type { ModelRefitService } from './model-refit.js';
import type { AccountInputs } from './recompute-inputs.js';

/** What the home gives each appliance's plan: its household load and the import limit's headroom left (docs/home-plan.md). */
export interface HomeShare {
  householdLoadKw: readonly number[];
  /** The measured days behind the load (the spread a battery is planned for), or null. */
  householdLoadDaysKw: readonly (readonly number[])[] | null;
  loadSource: string;
  /** 48 kW left under the import limit after the load and the appliances planned before, or null without a limit. */
  headroomKw: readonly number[] | null;
  /** The day's solar forecast (48 kW) and the tariff's prices before its surplus discount, or null without an array. */
  solar: { generationKw: readonly number[]; tariffPricesCentsPerKwh: readonly number[] } | null;
  /** With tomorrow's prices known (a two-day horizon): tomorrow's load profile and solar forecast (null without an array); else null. */
  tomorrow: { householdLoadKw: readonly number[]; generationKw: readonly number[] | null } | null;
}

export const NO_LIMIT_HOME: HomeShare = {
  householdLoadKw: [],
  householdLoadDaysKw: null,
  loadSource: 'typical',
  headroomKw: null,
  solar: null,
  tomorrow: null,
};

/** Everything planning one appliance may use. */
export interface UnitArgs {
  deps: { modelRefit: ModelRefitService };
  account: AccountInputs;
  appliance: PlanningApplianceRow;
  ctx: DayContext;
  now: Date;
  isToday: boolean;
  home: HomeShare;
  /** The newest row of the appliance for the planned day, when a re-plan follows one. */
  earlier: EarlierPlan | null;
}

/**
 * How a type planned one appliance at a time gets its input from what is stored, and what it
 * draws from the grid (its part of services/appliance-planning.ts).
 */
export interface RegularType<T extends ApplianceType> {
  inputs: (facts: ApplianceFacts, home: HomeShare) => BuiltInput<PlanInputs[T]>;
  /** Grid draw of a slot that is on, kW, for the solar allocation; null when too small to count (a robot's dock). */
  drawKw: ((input: PlanInputs[T]) => number) | null;
  /** The signed grid flow per slot of a plan (kW; a battery delivering is negative), for the import limit and the home block. */
  flowKw: (input: PlanInputs[T], schedule: Record<string, unknown>, ctx: DayContext) => number[];
  /**
   * True for a type planned against the solar forecast itself (a battery behind the same meter):
   * it gets the tariff's prices, since the surplus discount would count the sun twice.
   */
  seesSolar?: boolean;
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

/** A regular appliance: its input from what is stored, its type's planner. */
export function planRegular<T extends ApplianceType>(
  spec: RegularType<T>,
  planner: Planner<T>,
  account: AccountInputs,
  appliance: PlanningApplianceRow,
  ctx: DayContext,
  home: HomeShare = NO_LIMIT_HOME,
  earlier: EarlierPlan | null = null,
  isToday = true,
): PlannedUnit {
  const facts: ApplianceFacts = {
    config: appliance.config ?? {},
    constraints: appliance.constraints,
    recentValue: account.recentValues.get(appliance.id) ?? null,
    // A plan of the whole day starts it; a re-plan of its rest keeps the day's start.
    dayStartPct: ctx.fromSlot > 0 ? dayStartPct(earlier) : null,
    plannedAhead: !isToday,
    pluggedIn: isToday ? (account.recentPlugged.get(appliance.id) ?? null) : null,
  };
  const built = spec.inputs(facts, home);
  const day = spec.seesSolar && home.solar ? { ...ctx, pricesCentsPerKwh: [...home.solar.tariffPricesCentsPerKwh] } : ctx;
  const result: PlanResult = planner(day, built.input);
  const kw = spec.drawKw?.(built.input) ?? 0;
  const intervals = result.schedule.intervals;
  return {
    status: 'ok',
    body: {
      schedule: result.schedule,
      source: 'optimization',
      mode: null,
      modelConfidence: null,
      baselineCents: result.baselineCostCents,
      optimizedCents: result.optimizedCostCents,
      used: built.used,
      missed: result.missed,
    },
    ...(kw > 0 && Array.isArray(intervals) && { loadKw: intervals.map((on) => (on === true ? kw : 0)) }),
    flowKw: spec.flowKw(built.input, result.schedule as Record<string, unknown>, day),
  };
}

/**
 * An HVAC: with a thermal model, the optimized setpoints; without one, the warm-up check (which
 * fits the model the moment warm-up ends) and else the defaults row from the comfort band.
 */
export async function planHvacUnit({ deps, account, appliance, ctx, now, isToday }: UnitArgs): Promise<PlannedUnit> {
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
      body: {
        schedule: defaultsSchedule(comfortBand(prefs)),
        source: 'defaults',
        mode: prefs.optimization_mode,
        modelConfidence: null,
        baselineCents: 0,
        optimizedCents: 0,
        used: { optimization_mode: prefs.optimization_mode, warm_up: warmupDetail(warmup) },
        missed: [],
      },
    };
  }
  const recent = account.hvacReadings.get(appliance.id) ?? [];
  const indoorTempF = isToday ? currentIndoorTempF(recent, now) : null;
  const facts = {
    config: appliance.config ?? {},
    prefs,
    model,
    indoorTempF,
    recentDuty: recentDuty(recent, now, model.ratedPowerW),
    profileHomeSizeSqft: account.profile?.home_size_sqft ?? 0,
  };
  const built = hvacInputs(facts, ctx.fromSlot);
  const result = planHvac(ctx, built.input);
  return {
    status: 'ok',
    flowKw: result.plannedPowerKw,
    body: {
      schedule: result.schedule,
      source: 'optimization',
      mode: prefs.optimization_mode,
      modelConfidence: model.confidence,
      baselineCents: result.baselineCostCents,
      optimizedCents: result.optimizedCostCents,
      used: built.used,
      missed: result.missed,
    },
  };
}

/** A planned unit, or `failed` when its plan has a hole (a broken model gives NaN setpoints). */
export function checked(unit: PlannedUnit): PlannedUnit {
  const body = unit.body;
  const problem = body && planProblem({ schedule: body.schedule, baselineCostCents: body.baselineCents, optimizedCostCents: body.optimizedCents });
  return problem ? { status: 'failed', detail: `invalid plan: ${problem}` } : unit;
}
