// One appliance's day in the ledger: what it cost (from its readings and the prices in force),
// what it would have cost without Offpeak (the type's baseline), and what perfect hindsight
// would have cost (the exact optimum of the type's own planner on what really happened). One
// entry per type, keyed by the type union like the registry. Definitions: docs/ledger.md.
import type { ApplianceType } from '../appliance-types/index.js';
import { planEvCharger } from '../planners/ev-charger.js';
import { planHvac } from '../planners/hvac.js';
import { planHomeBattery } from '../planners/home-battery.js';
import { windowSlots } from '../planners/slots.js';
import type { DayContext } from '../planners/types.js';
import { planWaterHeater } from '../planners/water-heater.js';
import { evChargerInputs, homeBatteryInputs, robotInputs } from '../planning/charge-inputs.js';
import { hvacInputs, type HvacFacts } from '../planning/hvac-inputs.js';
import { waterHeaterInputs } from '../planning/water-heater-inputs.js';
import { SLOTS_PER_DAY, SLOT_MINUTES } from '../time/slot-grid.js';
import { solarFigures, type SolarFigures } from './solar-ledger.js';

/** Where an appliance's actual cost comes from. */
export type CostBasis = 'readings' | 'metered' | 'planned';

/** One appliance's figures, cents; a null baseline or hindsight is not computed for the type (its `note` says why). */
export interface ApplianceLedger {
  actualCents: number;
  baselineCents: number | null;
  hindsightCents: number | null;
  basis: CostBasis;
  /** What the baseline is, in words. */
  baseline: string;
  note: string | null;
  /** A solar array's production and what it was worth. */
  solar?: SolarFigures;
}

/** One appliance's day: its settings, per-slot readings and the day's newest plan. */
export interface ApplianceDay {
  config: Record<string, unknown>;
  constraints: Record<string, unknown>;
  /** Per slot, the last `value` read in it (SoC %, tank F), or null. */
  valueAtEnd: readonly (number | null)[];
  /** Per slot, the mean metered power, kW, or null. */
  powerKw: readonly (number | null)[];
  /** Per slot, the mean value read (a solar array's production, W), or null. */
  meanValue: readonly (number | null)[];
  /** The day's newest schedule row, or null. */
  plan: { schedule: Record<string, unknown>; baselineCents: number; optimizedCents: number } | null;
  /** An HVAC's fitted model, preferences and the home's size, when it has a model. */
  thermal?: Pick<HvacFacts, 'prefs' | 'model' | 'profileHomeSizeSqft'> | null;
}

/** The day as the ledger prices it: the tariff in force (no solar discount) and the measured household load where known. */
export interface LedgerDay {
  /** The day's import and export prices and slots; its outdoor temperatures are the measured ones (null: none measured). */
  day: DayContext;
  outdoorMeasured: boolean;
  /** Per slot, the household's measured load (the whole home's consumption, before solar), kW, or null. */
  householdKw: readonly (number | null)[];
  /** Per slot, the production of all the home's solar arrays, kW, or null where none was read. */
  solarKw: readonly (number | null)[];
}

type Ledger = (day: LedgerDay, appliance: ApplianceDay) => ApplianceLedger | null;

const SLOTS = SLOTS_PER_DAY;

/** The charge (or tank) readings as a trajectory: the first reading's slot, its value, and the value at the end of every slot from there (carried over gaps). */
function trajectory(values: readonly (number | null)[]): { first: number; start: number; ends: number[] } | null {
  const first = values.findIndex((v) => v !== null);
  if (first < 0) return null;
  const ends: number[] = [];
  let last = values[first]!;
  for (let i = first; i < SLOTS; i++) {
    last = values[i] ?? last;
    ends.push(last);
  }
  // The first reading is where the day is known from: its slot is the start state.
  return { first: first + 1, start: values[first]!, ends: ends.slice(1) };
}

const dayFrom = (day: DayContext, fromSlot: number): DayContext => ({ ...day, fromSlot, exportPricesCentsPerKwh: null });

/** Battery idle: the house imports its whole load; the battery's own cost is what it changes. */
const homeBattery: Ledger = ({ day, householdKw }, a) => {
  const t = trajectory(a.valueAtEnd);
  if (!t || t.first >= SLOTS) return null;
  const { input } = homeBatteryInputs({ config: a.config, constraints: a.constraints, recentValue: t.start });
  const kwh = (pct: number) => (pct / 100) * input.capacityKwh;
  const load = Array.from({ length: SLOTS }, (_, i) => householdKw[i] ?? input.householdLoadKw[i] ?? 0);
  let cents = 0;
  let previous = t.start;
  t.ends.forEach((pct, k) => {
    const i = t.first + k;
    const delta = kwh(pct - previous);
    const price = day.pricesCentsPerKwh[i]!;
    // Charging buys delta / ηc; discharging saves the import it covers (no more than the house's load).
    if (delta > 0) cents += (delta / input.chargeEfficiency) * price;
    else cents -= Math.min(-delta * input.dischargeEfficiency, load[i]! * day.slotHours[i]!) * price;
    previous = pct;
  });
  const end = t.ends.at(-1) ?? t.start;
  // The charge the day leaves behind (or takes) counts at the planner's refill price, as in the plan.
  const refill = Math.max(0, Math.min(...day.pricesCentsPerKwh.slice(t.first))) / input.chargeEfficiency;
  cents += refill * kwh(t.start - end);
  const lowest = Math.min(t.start, ...t.ends);
  const highest = Math.max(t.start, ...t.ends);
  const best = planHomeBattery(dayFrom(day, t.first), {
    ...input,
    socPct: t.start,
    targetPct: end,
    deadlineMinute: null,
    minPct: Math.min(input.minPct, lowest),
    maxPct: Math.max(input.maxPct, highest),
    householdLoadKw: load,
    householdLoadDaysKw: null,
    chargeHeadroomKw: null,
  });
  return {
    actualCents: cents,
    baselineCents: 0,
    hindsightCents: best.optimizedCostCents - best.baselineCostCents,
    basis: 'readings',
    baseline: 'the battery idle: the house imports its whole load',
    note: null,
  };
};

/** A battery charged from the grid (an EV, a robot on its dock) as the ledger reads it. */
interface Charger {
  capacityKwh: number;
  maxChargeRateKw: number;
  /** Share of the drawn energy the battery gains. */
  efficiency: number;
  /** Per slot of the day, whether it could not charge then (a robot out on its tasks). */
  isAway: (slot: number) => boolean;
  baseline: string;
}

/** The energy the battery took that day, its cost, on arrival (from the first reading at the full rate) and at best. */
function chargerLedger(day: DayContext, t: NonNullable<ReturnType<typeof trajectory>>, c: Charger): ApplianceLedger {
  const kwh = (pct: number) => (pct / 100) * c.capacityKwh;
  let cents = 0;
  let gained = 0;
  let lastCharge = -1;
  let previous = t.start;
  t.ends.forEach((pct, k) => {
    const delta = kwh(pct - previous);
    if (delta > 0) {
      cents += (delta / c.efficiency) * day.pricesCentsPerKwh[t.first + k]!;
      gained += delta;
      lastCharge = t.first + k;
    }
    previous = pct;
  });
  if (lastCharge < 0) return { actualCents: 0, baselineCents: 0, hindsightCents: 0, basis: 'readings', baseline: c.baseline, note: null };
  let left = gained;
  let baseline = 0;
  for (let i = t.first; i < SLOTS && left > 1e-9; i++) {
    if (c.isAway(i)) continue;
    const gain = Math.min(left, c.maxChargeRateKw * day.slotHours[i]! * c.efficiency);
    baseline += (gain / c.efficiency) * day.pricesCentsPerKwh[i]!;
    left -= gain;
  }
  const best = planEvCharger(dayFrom(day, t.first), {
    socPct: t.start,
    capacityKwh: c.capacityKwh,
    maxChargeRateKw: c.maxChargeRateKw,
    efficiency: c.efficiency,
    targetPct: t.start + (100 * gained) / c.capacityKwh,
    minPct: 0,
    deadlineMinute: lastCharge + 1 >= SLOTS ? null : (lastCharge + 1) * SLOT_MINUTES,
    blockedSlots: Array.from({ length: SLOTS }, (_, i) => c.isAway(i)),
  });
  return { actualCents: cents, baselineCents: baseline, hindsightCents: best.optimizedCostCents, basis: 'readings', baseline: c.baseline, note: null };
}

/** Charging on arrival: the energy the car took that day, from its first reading at the full rate. */
const evCharger: Ledger = ({ day }, a) => {
  const t = trajectory(a.valueAtEnd);
  if (!t || t.first >= SLOTS) return null;
  const { input } = evChargerInputs({ config: a.config, constraints: a.constraints, recentValue: t.start });
  return chargerLedger(day, t, { ...input, isAway: () => false, baseline: 'charging on arrival' });
};

/** Charging whenever docked: the energy the robot took that day, on its dock from its first reading (its tasks window aside). */
const robot: Ledger = ({ day }, a) => {
  const t = trajectory(a.valueAtEnd);
  if (!t || t.first >= SLOTS) return null;
  const { input } = robotInputs({ config: a.config, constraints: a.constraints, recentValue: t.start });
  const away = input.tasksWindow ? windowSlots(input.tasksWindow.startMinute, input.tasksWindow.endMinute) : [];
  return chargerLedger(day, t, { ...input, efficiency: 1, isAway: (i) => away[i] === true, baseline: 'charging whenever it is docked' });
};

/** The water heater on its own thermostat at the maximum, from the first tank reading, on the planner's tank model. */
const waterHeater: Ledger = ({ day }, a) => {
  const t = trajectory(a.valueAtEnd);
  if (!t || t.first >= SLOTS) return null;
  const { input } = waterHeaterInputs({ config: a.config, constraints: a.constraints, recentValue: t.start });
  const model = planWaterHeater(dayFrom(day, t.first), { ...input, blockedSlots: null });
  const from = (i: number) => i >= t.first;
  const metered = meteredCents(day, a.powerKw, from);
  const intervals = Array.isArray(a.plan?.schedule.intervals) ? (a.plan.schedule.intervals as unknown[]) : null;
  const planned = intervals
    ? intervals.reduce<number>((s, on, i) => s + (on === true && from(i) ? (input.elementWatts / 1000) * day.slotHours[i]! * day.pricesCentsPerKwh[i]! : 0), 0)
    : null;
  const actual = metered ?? planned;
  if (actual === null) return null;
  return {
    actualCents: actual,
    baselineCents: model.baselineCostCents,
    hindsightCents: model.optimizedCostCents,
    basis: metered !== null ? 'metered' : 'planned',
    baseline: `its own thermostat at ${Math.round(input.maxTempF)} F`,
    note: 'baseline and hindsight are the tank model with its typical hot-water draws, from the first tank reading of the day',
  };
};

const HVAC_BASELINE = "holding the comfort band's middle (the base setpoint)";

/**
 * The HVAC holding the band's middle. With a fitted model and measured outdoor temperatures, the
 * baseline and hindsight are the HVAC planner's on that day's weather from the first indoor
 * reading; else the baseline is the day's plan's and hindsight is not computed.
 */
const hvac: Ledger = ({ day, outdoorMeasured }, a) => {
  const metered = meteredCents(day, a.powerKw, () => true);
  const actual = metered ?? a.plan?.optimizedCents ?? null;
  if (actual === null) return null;
  const basis: CostBasis = metered !== null ? 'metered' : 'planned';
  const t = trajectory(a.valueAtEnd);
  if (a.thermal && outdoorMeasured && t && t.first < SLOTS) {
    const { input } = hvacInputs({ config: a.config, ...a.thermal, indoorTempF: t.start }, t.first);
    const best = planHvac(dayFrom(day, t.first), { ...input, optimizeFan: false, optimizeMode: false });
    // The slots before the first indoor reading count as they ran in all three costs.
    const before = meteredCents(day, a.powerKw, (i) => i < t.first) ?? 0;
    return {
      actualCents: actual,
      baselineCents: best.baselineCostCents + before,
      hindsightCents: best.optimizedCostCents + before,
      basis,
      baseline: HVAC_BASELINE,
      note: "baseline and hindsight are the thermal model on the day's measured outdoor temperatures, from the first indoor reading",
    };
  }
  if (!a.plan) return null;
  return {
    actualCents: actual,
    baselineCents: a.plan.baselineCents,
    hindsightCents: null,
    basis,
    baseline: HVAC_BASELINE,
    note: "hindsight needs a fitted thermal model and the day's measured outdoor temperatures: not computed; its actual cost counts in the home's hindsight",
  };
};

/** Cost of the metered power in the slots `counts` keeps, or null when no slot was metered. */
function meteredCents(day: DayContext, powerKw: readonly (number | null)[], counts: (i: number) => boolean): number | null {
  let cents = 0;
  let metered = false;
  powerKw.forEach((kw, i) => {
    if (kw === null || !counts(i)) return;
    metered = true;
    cents += kw * day.slotHours[i]! * day.pricesCentsPerKwh[i]!;
  });
  return metered ? cents : null;
}

/**
 * The dehumidifier on its own humidistat: its planner observes it and plans nothing, so without
 * Offpeak, and in hindsight, it would have run as it did. Its metered power, else no line.
 */
const dehumidifier: Ledger = ({ day }, a) => {
  const metered = meteredCents(day, a.powerKw, () => true);
  if (metered === null) return null;
  return { actualCents: metered, baselineCents: metered, hindsightCents: metered, basis: 'metered', baseline: 'running on its own humidistat', note: null };
};

/**
 * A solar array credits the home with what its production was worth (a negative cost). Offpeak
 * switches nothing on it and the household's load is the same in all three costs, so its
 * baseline and hindsight are that same credit.
 */
const solar: Ledger = (ledgerDay, a) => {
  const producedKw = a.meanValue.map((w) => (w === null ? null : w / 1000));
  if (producedKw.every((kw) => kw === null)) return null;
  const f = solarFigures(ledgerDay, producedKw);
  const credit = -(f.selfConsumedCents + f.exportCents);
  return {
    actualCents: credit,
    baselineCents: credit,
    hindsightCents: credit,
    basis: 'metered',
    baseline: 'the same production: Offpeak switches nothing on the panels',
    note: f.slotsWithoutLoad > 0 ? `${f.slotsWithoutLoad} producing half-hours had no household load measured: their production counts as exported` : null,
    solar: f,
  };
};

/** Each type's ledger, keyed by the type union like the registry. */
export const APPLIANCE_LEDGERS = {
  hvac,
  ev_charger: evCharger,
  home_battery: homeBattery,
  water_heater: waterHeater,
  solar,
  dehumidifier,
  robot,
} satisfies { [T in ApplianceType]: Ledger };
