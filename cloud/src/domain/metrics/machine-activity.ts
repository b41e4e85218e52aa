// When a machine ran during the day and how much energy it drew per slot, from the best source
// the day offers: trusted metering, else the HVAC's reported action, else the plan.
import type { DayPlan, SlotReadings } from './day-input.js';

/** A machine's power (or action) is trusted on a day when at least this share of its slots has it. */
export const TRUSTED_COVERAGE = 0.8;
/** A metered slot drawing at most this much is idle, W. */
export const IDLE_MAX_W = 50;
/** hvac_action values (lower-cased) that mean the unit is drawing power. */
export const RUNNING_ACTIONS = ['cooling', 'heating', 'drying', 'preheating', 'defrosting'] as const;

/** Where the activity figures of a machine-day come from, strongest first. */
export type ActivitySource = 'metered' | 'reported' | 'planned';

export interface MachineActivity {
  source: ActivitySource | null;
  /** Share of the day's slots (0 h slots aside) with a power reading, percent. */
  powerCoveragePct: number;
  /** Per slot: ran (not idle); null without a source. */
  running: boolean[] | null;
  /** Per slot energy, kWh; null when the source says nothing about energy (reported). */
  kwh: number[] | null;
}

/** Share (0-1) of the day's real slots (longer than 0 h) where `has(slot)` holds. */
export function slotCoverage(slotHours: readonly number[], has: (slot: number) => boolean): number {
  let real = 0;
  let covered = 0;
  for (let slot = 0; slot < slotHours.length; slot++) {
    if (slotHours[slot]! <= 0) continue;
    real++;
    if (has(slot)) covered++;
  }
  return real === 0 ? 0 : covered / real;
}

/**
 * The machine's activity on the day:
 * - metered: power on at least TRUSTED_COVERAGE of the slots. A slot's energy is its mean power
 *   times its length; a slot without power takes the mean of the covered slots. Running means
 *   drawing more than IDLE_MAX_W.
 * - reported (HVAC): hvac_action on at least TRUSTED_COVERAGE of the slots. Running means some
 *   reading of the slot reported a running action; a slot with no action is not credited as idle.
 *   No energy.
 * - planned (EV, battery, robot, water heater with a plan): running in the slots the plan turns
 *   it on, drawing its rated power there.
 */
export function machineActivity(readings: SlotReadings | null, plan: DayPlan | null, isHvac: boolean, slotHours: readonly number[]): MachineActivity {
  const powerCoverage = readings ? slotCoverage(slotHours, (s) => readings.powerW[s] !== null) : 0;
  const powerCoveragePct = Math.round(powerCoverage * 1000) / 10;
  if (readings && powerCoverage >= TRUSTED_COVERAGE) {
    const covered = readings.powerW.filter((w): w is number => w !== null);
    const meanW = covered.reduce((sum, w) => sum + w, 0) / covered.length;
    const watts = readings.powerW.map((w) => w ?? meanW);
    return {
      source: 'metered',
      powerCoveragePct,
      running: watts.map((w) => w > IDLE_MAX_W),
      kwh: watts.map((w, s) => (w / 1000) * slotHours[s]!),
    };
  }
  if (isHvac && readings && slotCoverage(slotHours, (s) => readings.actionCount[s]! > 0) >= TRUSTED_COVERAGE) {
    return {
      source: 'reported',
      powerCoveragePct,
      running: readings.actionCount.map((n, s) => n === 0 || readings.runningCount[s]! > 0),
      kwh: null,
    };
  }
  if (plan?.on && plan.facts.ratedKw !== null) {
    const kw = plan.facts.ratedKw;
    return { source: 'planned', powerCoveragePct, running: [...plan.on], kwh: plan.on.map((on, s) => (on ? kw * slotHours[s]! : 0)) };
  }
  return { source: null, powerCoveragePct, running: null, kwh: null };
}
