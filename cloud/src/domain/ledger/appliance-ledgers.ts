// One appliance's day in the ledger: what it cost (from its readings and the prices in force),
// what it would have cost without Offpeak (the type's baseline), and what perfect hindsight
// would have cost (the exact optimum of the type's own planner on what really happened). One
// entry per type, keyed by the type union like the registry. Definitions: docs/ledger.md.
import type { ApplianceType } from '../appliance-types/index.js';
import { planEvCharger } from '../planners/ev-charger.js';
import { planHvac } from '../planners/hvac.js';
import { windowSlots } from '../planners/slots.js';
import type { DayContext } from '../planners/types.js';
import { planWaterHeater } from '../planners/water-heater.js';
import { evChargerInputs, robotInputs } from '../planning/charge-inputs.js';
import { hvacInputs } from '../planning/hvac-inputs.js';
import { waterHeaterInputs } from '../planning/water-heater-inputs.js';
import { SLOT_MINUTES } from '../time/slot-grid.js';
import { dayFrom, meteredCents, SLOTS, trajectory, type ApplianceLedger, type CostBasis, type Ledger } from './appliance-day.js';
import { homeBatteryLedger } from './battery-ledger.js';
import { solarLedger } from './solar-ledger.js';

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

/**
 * The dehumidifier on its own humidistat: its planner observes it and plans nothing, so without
 * Offpeak, and in hindsight, it would have run as it did. Its metered power, else no line.
 */
const dehumidifier: Ledger = ({ day }, a) => {
  const metered = meteredCents(day, a.powerKw, () => true);
  if (metered === null) return null;
  return { actualCents: metered, baselineCents: metered, hindsightCents: metered, basis: 'metered', baseline: 'running on its own humidistat', note: null };
};

/** Each type's ledger, keyed by the type union like the registry. */
export const APPLIANCE_LEDGERS = {
  hvac,
  ev_charger: evCharger,
  home_battery: homeBatteryLedger,
  water_heater: waterHeater,
  solar: solarLedger,
  dehumidifier,
  robot,
} satisfies { [T in ApplianceType]: Ledger };
