// Flexibility a home grants the optimizer on one day: room in degrees (thermal machines) and in
// state of charge (EV, battery), each integrated over the hours it applies.
import { applianceTypes, type ApplianceType } from '../appliance-types/index.js';
import type { DayPlan } from './day-input.js';

/** HVAC: the comfort band's width integrated over the day, F·h (a ±2 F band all day: 96). */
export function bandDegreeHours(highF: readonly number[], lowF: readonly number[], slotHours: readonly number[]): number {
  return slotHours.reduce((sum, h, s) => sum + Math.max(0, highF[s]! - lowF[s]!) * h, 0);
}

/** Water heater: the allowed tank range held over the whole day, F·h. */
export function rangeDegreeHours(minF: number, maxF: number, slotHours: readonly number[]): number {
  return Math.max(0, maxF - minF) * slotHours.reduce((sum, h) => sum + h, 0);
}

/**
 * EV or battery: the state-of-charge band (target minus minimum, percent) held over the charge
 * window, %·h. The window runs from local midnight to the deadline (slots ending at or before it,
 * as planning counts them); the whole day without a deadline or with one at midnight.
 */
export function chargePercentHours(targetPct: number, minPct: number, deadlineMinute: number | null, slotHours: readonly number[]): number {
  const inWindow = (slot: number) => deadlineMinute === null || deadlineMinute === 0 || (slot + 1) * 30 <= deadlineMinute;
  const hours = slotHours.reduce((sum, h, s) => sum + (inWindow(s) ? h : 0), 0);
  return Math.max(0, targetPct - minPct) * hours;
}

/** The machine's degree-hours on the day (a comfort band or a tank range), or null when it has none. */
export function machineDegreeHours(type: ApplianceType, plan: DayPlan | null, slotHours: readonly number[]): number | null {
  if (!plan) return null;
  const kind = applianceTypes[type].metrics.flexibility;
  if (kind === 'comfort_band' && plan.highF && plan.lowF) return bandDegreeHours(plan.highF, plan.lowF, slotHours);
  const { minTempF, maxTempF } = plan.facts;
  if (kind === 'tank_range' && minTempF !== null && maxTempF !== null) return rangeDegreeHours(minTempF, maxTempF, slotHours);
  return null;
}

/** The machine's percent-hours on the day (a charge band before a deadline), or null when it has none. */
export function machinePercentHours(type: ApplianceType, plan: DayPlan | null, slotHours: readonly number[]): number | null {
  if (!plan || applianceTypes[type].metrics.flexibility !== 'charge_window') return null;
  const { targetPct, minPct, deadlineMinute } = plan.facts;
  return targetPct === null || minPct === null ? null : chargePercentHours(targetPct, minPct, deadlineMinute, slotHours);
}
