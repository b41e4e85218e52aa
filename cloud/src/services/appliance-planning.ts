// The services' part of the appliance type registry (the pure part is domain/appliance-types/):
// per type, what the recompute loads for it and how it plans it. Keyed by the same type union
// with `satisfies`, so a type without an entry does not compile.
import { applianceTypes, type ApplianceType } from '../domain/appliance-types/index.js';
import type { DayContext, Planner } from '../domain/planners/types.js';
import { evChargerInputs, homeBatteryInputs, robotInputs, type BuiltInput, type EarlierPlan, type HomeContext } from '../domain/planning/charge-inputs.js';
import { batteryFlowKw, blockedSlots, onOffDrawKw } from '../domain/planning/home-plan.js';
import { waterHeaterInputs } from '../domain/planning/water-heater-inputs.js';
import type { PlanningApplianceRow } from '../store/index.js';
import type { ModelRefitService } from './model-refit.js';
import { NO_LIMIT_HOME, checked, planHvacUnit, planRegular, type HomeShare, type PlannedUnit, type RegularType, type UnitArgs } from './recompute-appliance.js';
import type { AccountInputs } from './recompute-inputs.js';

/** What the recompute loads for an appliance of the type (services/recompute-inputs.ts). */
export interface TypeLoads {
  /** Its newest reading's value of the last two hours (SoC %, tank F). */
  recentValue: boolean;
  /** Its thermal model, or the readings that warm one up, and its recent indoor readings. */
  thermalModel: boolean;
}

/**
 * How the recompute plans the type: `unit` plans each appliance against the import limit's
 * headroom; `observe` plans nothing (status observe); `forecast` is planned with the day's solar
 * pass (services/recompute-day.ts), not one at a time.
 */
export type TypePlanning = { loads: TypeLoads } & (
  { kind: 'unit'; plan: (args: UnitArgs) => PlannedUnit | Promise<PlannedUnit> } | { kind: 'observe' } | { kind: 'forecast' }
);

const NOTHING: TypeLoads = { recentValue: false, thermalModel: false };
const RECENT_VALUE: TypeLoads = { ...NOTHING, recentValue: true };

const onOff = (schedule: Record<string, unknown>, kw: number) => onOffDrawKw(Array.isArray(schedule.intervals) ? schedule.intervals : [], kw);

function homeContext(home: HomeShare): HomeContext | undefined {
  if (home.householdLoadKw.length !== 48) return undefined;
  // A two-day horizon sees tomorrow's own load profile and solar forecast (96 values each).
  const { tomorrow } = home;
  const solarKw = home.solar && (tomorrow?.generationKw ? [...home.solar.generationKw, ...tomorrow.generationKw] : home.solar.generationKw);
  return {
    householdLoadKw: tomorrow ? [...home.householdLoadKw, ...tomorrow.householdLoadKw] : home.householdLoadKw,
    householdLoadDaysKw: home.householdLoadDaysKw,
    loadSource: home.loadSource,
    chargeHeadroomKw: home.headroomKw ? home.headroomKw.map((h) => Math.max(0, h)) : null,
    solarKw: solarKw ?? null,
  };
}

function withBlocked<I extends { blockedSlots?: boolean[] | null }>(built: BuiltInput<I>, blocked: (input: I) => boolean[] | null): BuiltInput<I> {
  const slots = blocked(built.input);
  if (!slots || !slots.some(Boolean)) return built;
  return { input: { ...built.input, blockedSlots: slots }, used: { ...built.used, import_limited_slots: slots.filter(Boolean).length } };
}

/** A type planned one appliance at a time from its newest reading, config and constraints. */
function regular<T extends ApplianceType>(type: T, spec: RegularType<T>): TypePlanning {
  // The registry's `satisfies` ties each entry's planner to its own type.
  const planner = applianceTypes[type].planner as Planner<T>;
  return {
    kind: 'unit',
    loads: RECENT_VALUE,
    plan: ({ account, appliance, ctx, home, earlier, isToday }) => planRegular(spec, planner, account, appliance, ctx, home, earlier, isToday),
  };
}

/** Every appliance type's planning, by type. */
export const appliancePlanning = {
  hvac: {
    kind: 'unit',
    loads: { ...NOTHING, thermalModel: true },
    plan: planHvacUnit,
  },
  ev_charger: regular('ev_charger', {
    // A slot without room for the charger's full draw is closed to it.
    inputs: (facts, home) => withBlocked(evChargerInputs(facts), (i) => blockedSlots(home.headroomKw, i.maxChargeRateKw)),
    drawKw: (i) => i.maxChargeRateKw,
    flowKw: (i, schedule) => onOff(schedule, i.maxChargeRateKw),
  }),
  home_battery: regular('home_battery', {
    // The battery's charging is capped at the headroom itself (it can charge at any power).
    inputs: (facts, home) => homeBatteryInputs(facts, homeContext(home)),
    // Behind the same meter as the arrays: it stores their surplus and covers the load net of them.
    seesSolar: true,
    drawKw: (i) => i.maxChargeRateKw,
    // The trajectory is rounded to 0.01 %: the planner kept charging within its rate and headroom
    // exactly, and without an export curve delivering within the household load.
    flowKw: (i, schedule, ctx) =>
      batteryFlowKw(
        Array.isArray(schedule.value_trajectory) ? (schedule.value_trajectory as number[]) : [],
        i.socPct,
        i.capacityKwh,
        i.chargeEfficiency,
        i.dischargeEfficiency,
        ctx.slotHours,
      ).map((kw, slot) =>
        slot < ctx.fromSlot
          ? 0
          : Math.max(
              Math.min(kw, i.maxChargeRateKw, i.chargeHeadroomKw?.[slot] ?? Infinity),
              ctx.exportPricesCentsPerKwh ? -Infinity : -(i.householdLoadKw[slot] ?? 0),
            ),
      ),
  }),
  water_heater: regular('water_heater', {
    inputs: (facts, home) => withBlocked(waterHeaterInputs(facts), (i) => blockedSlots(home.headroomKw, i.elementWatts / 1000)),
    drawKw: (i) => i.elementWatts / 1000,
    flowKw: (i, schedule) => onOff(schedule, i.elementWatts / 1000),
  }),
  // Its learned yield fit is loaded for it by type: the day's solar pass is solar's alone.
  solar: { kind: 'forecast', loads: NOTHING },
  dehumidifier: { kind: 'observe', loads: NOTHING },
  robot: regular('robot', { inputs: (facts) => robotInputs(facts), drawKw: null, flowKw: (i, schedule) => onOff(schedule, i.maxChargeRateKw) }),
} satisfies Record<ApplianceType, TypePlanning>;

/** The planning of a stored type, or undefined for a type this version does not know. */
export const planningOf = (type: string): TypePlanning | undefined =>
  Object.hasOwn(appliancePlanning, type) ? appliancePlanning[type as ApplianceType] : undefined;

/** True when the recompute loads `what` for appliances of `type`. */
export const loads = (type: string, what: keyof TypeLoads): boolean => planningOf(type)?.loads[what] === true;

/** Plans one appliance planned on its own (not solar), never throwing: an error is a `failed` outcome with a short reason. */
export async function planUnit(
  deps: { modelRefit: ModelRefitService },
  account: AccountInputs,
  appliance: PlanningApplianceRow,
  ctx: DayContext,
  now: Date,
  isToday: boolean,
  home: HomeShare = NO_LIMIT_HOME,
  earlier: EarlierPlan | null = null,
): Promise<PlannedUnit> {
  const planning = planningOf(appliance.appliance_type);
  // A row of a type this version does not know (written by a newer one): reported, not planned.
  if (!planning) return { status: 'skipped', detail: `unknown appliance type ${JSON.stringify(appliance.appliance_type)}` };
  try {
    switch (planning.kind) {
      case 'unit':
        return checked(await planning.plan({ deps, account, appliance, ctx, now, isToday, home, earlier }));
      case 'observe':
        return { status: 'observe' };
      case 'forecast':
        // The day plans these together from the first pass's forecast; one alone is a caller's bug.
        throw new Error(`${appliance.appliance_type} is planned with the day's solar pass`);
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { status: 'failed', detail: `planning failed: ${message.slice(0, 160)}` };
  }
}
