// The figures of one account-day and of each of its machines (docs/metrics-and-rankings.md).
import { dollarsFromCents } from '../planning/costs.js';
import { conformancePct, hourHistogram } from './adherence.js';
import { inBandSlots } from './comfort.js';
import type { AccountDayInput, AdherenceCounts, MachineDayInput } from './day-input.js';
import { machineDegreeHours, machinePercentHours } from './flexibility.js';
import { machineActivity, type ActivitySource, type MachineActivity } from './machine-activity.js';
import { offPeakEnergy, offPeakSharePct, peakIdleHours } from './peaks.js';
import { mean, round, round1, round1OrNull } from './rounding.js';
import { measuredCostCents, modeledSavings } from './savings.js';

/** One machine's figures of the day. */
export interface MachineDayFigures {
  applianceId: string;
  type: string;
  activitySource: ActivitySource | null;
  powerCoveragePct: number;
  kwh: number | null;
  offPeakKwh: number | null;
  modeledUsd: number | null;
  realizedUsd: number | null;
  degreeHours: number | null;
  percentHours: number | null;
  inBandPct: number | null;
  conformancePct: number | null;
  overrideEvents: number | null;
  conformanceDefects: number | null;
}

/** The account's figures of the day, as stored (the contract's daily fields plus adherence). */
export interface DailyFigures {
  modeledUsd: number | null;
  realizedUsd: number | null;
  savingsPct: number | null;
  peakHoursIdle: number | null;
  topPeakHoursIdle: number | null;
  offPeakKwhSharePct: number | null;
  degreeHours: number | null;
  percentHours: number | null;
  inBandHomePct: number | null;
  conformancePct: number | null;
  overrideEvents: number | null;
  /** 24 counts by local start hour; null when overrideEvents is. */
  overrideByHour: number[] | null;
  conformanceDefects: number | null;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const known = <T>(values: readonly (T | null)[]) => values.filter((v): v is T => v !== null);
const hasData = (m: MachineDayInput) => m.plan !== null || m.readings !== null;

/** What the figures of one machine-day are built from. */
interface MachineDay {
  machine: MachineDayInput;
  activity: MachineActivity;
  energy: { offPeakKwh: number; totalKwh: number } | null;
  /** HVAC with a plan and readings: its measured slots in and out of the band. */
  band: { inBand: number; measured: number } | null;
  /** HVAC: how its readings compare with the plan and the thermostat. */
  adherence: AdherenceCounts | null;
}

function machineDay(m: MachineDayInput, input: AccountDayInput): MachineDay {
  const activity = machineActivity(m.readings, m.plan, m.type === 'hvac', input.slotHours);
  const isHvac = m.type === 'hvac';
  return {
    machine: m,
    activity,
    energy: activity.kwh ? offPeakEnergy(input.pricePeriods, activity.kwh) : null,
    band: isHvac && m.readings && m.plan?.highF && m.plan.lowF ? inBandSlots(m.readings.indoorF, m.plan.highF, m.plan.lowF) : null,
    adherence: isHvac ? m.adherence : null,
  };
}

function machineFigures(d: MachineDay, input: AccountDayInput): MachineDayFigures {
  const { machine: m, activity, energy, band, adherence } = d;
  const baseline = m.plan && m.plan.baselineCents > 0 ? m.plan.baselineCents : null;
  return {
    applianceId: m.applianceId,
    type: m.type,
    activitySource: activity.source,
    powerCoveragePct: activity.powerCoveragePct,
    kwh: energy ? round(energy.totalKwh, 3) : null,
    offPeakKwh: energy ? round(energy.offPeakKwh, 3) : null,
    modeledUsd: baseline !== null ? dollarsFromCents(baseline - m.plan!.optimizedCents) : null,
    realizedUsd:
      baseline !== null && activity.source === 'metered'
        ? dollarsFromCents(baseline - measuredCostCents(activity.kwh!, input.pricesCentsPerKwh, m.plan!.fromSlot))
        : null,
    degreeHours: round1OrNull(machineDegreeHours(m.type, m.plan, input.slotHours)),
    percentHours: round1OrNull(machinePercentHours(m.type, m.plan, input.slotHours)),
    inBandPct: band && band.measured > 0 ? round1((band.inBand / band.measured) * 100) : null,
    conformancePct: adherence ? round1OrNull(conformancePct(adherence.considered, adherence.conforming)) : null,
    overrideEvents: adherence?.canShowOverrides ? adherence.overrides.length : null,
    conformanceDefects: adherence && adherence.considered > 0 ? adherence.defects.length : null,
  };
}

/** The account's figures: savings and energy over all machines; comfort and adherence pooled over its HVACs. */
function accountFigures(days: readonly MachineDay[], figures: readonly MachineDayFigures[], input: AccountDayInput): DailyFigures {
  const modeled = modeledSavings(known(days.map((d) => d.machine.plan)));
  const realized = known(figures.map((f) => f.realizedUsd));
  const idle = peakIdleHours(input.pricePeriods, known(days.map((d) => d.activity.running)));
  const bands = known(days.map((d) => d.band));
  const measuredSlots = sum(bands.map((b) => b.measured));
  const adherence = known(days.map((d) => d.adherence));
  const judged = adherence.filter((a) => a.considered > 0);
  const showing = adherence.filter((a) => a.canShowOverrides);
  const overrides = showing.flatMap((a) => a.overrides);
  return {
    modeledUsd: modeled ? dollarsFromCents(modeled.cents) : null,
    realizedUsd: realized.length > 0 ? round(sum(realized), 4) : null,
    savingsPct: modeled ? modeled.pct : null,
    peakHoursIdle: idle?.peakHoursIdle ?? null,
    topPeakHoursIdle: idle?.topPeakHoursIdle ?? null,
    offPeakKwhSharePct: round1OrNull(offPeakSharePct(input.pricePeriods, known(days.map((d) => d.energy)))),
    degreeHours: round1OrNull(mean(known(figures.map((f) => f.degreeHours)))),
    percentHours: round1OrNull(mean(known(figures.map((f) => f.percentHours)))),
    inBandHomePct: measuredSlots > 0 ? round1((sum(bands.map((b) => b.inBand)) / measuredSlots) * 100) : null,
    conformancePct: judged.length > 0 ? round1OrNull(conformancePct(sum(judged.map((a) => a.considered)), sum(judged.map((a) => a.conforming)))) : null,
    overrideEvents: showing.length > 0 ? overrides.length : null,
    overrideByHour: showing.length > 0 ? hourHistogram(overrides) : null,
    conformanceDefects: judged.length > 0 ? sum(judged.map((a) => a.defects.length)) : null,
  };
}

/** The day's figures; null when no machine had a plan or a reading that day (no row is stored). */
export function dayMetrics(input: AccountDayInput): { account: DailyFigures; machines: MachineDayFigures[] } | null {
  const days = input.machines.filter(hasData).map((m) => machineDay(m, input));
  if (days.length === 0) return null;
  const machines = days.map((d) => machineFigures(d, input));
  return { account: accountFigures(days, machines, input), machines };
}
