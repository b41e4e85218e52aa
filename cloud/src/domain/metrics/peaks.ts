// Peak avoidance of one account-day: idle hours in the priciest slots and the off-peak energy share.
import type { PricePeriods } from './price-slots.js';

/** Hours one slot counts for in the idle figures (nominal: a fall-back day still caps at 6 and 3 h). */
const SLOT_NOMINAL_HOURS = 0.5;

export interface PeakIdleHours {
  /** Hours of the priciest quarter (12 slots) when none of the machines ran, 0-6. */
  peakHoursIdle: number;
  /** Same over the three priciest hours (6 slots), 0-3; never more than peakHoursIdle. */
  topPeakHoursIdle: number;
}

/**
 * Idle hours in the day's peak slots. `running` holds, per machine with an activity source, 48
 * flags. Null on a flat-priced day or when no machine has a source.
 */
export function peakIdleHours(periods: PricePeriods, running: readonly (readonly boolean[])[]): PeakIdleHours | null {
  if (running.length === 0 || periods.isFlat) return null;
  const isIdle = (slot: number) => running.every((flags) => !flags[slot]);
  const idleHours = (slots: number[]) => slots.filter(isIdle).length * SLOT_NOMINAL_HOURS;
  return { peakHoursIdle: idleHours(periods.peak), topPeakHoursIdle: idleHours(periods.topPeak) };
}

/** kWh in off-peak slots and in all slots of one machine (48 slots of kWh). */
export function offPeakEnergy(periods: PricePeriods, kwh: readonly number[]): { offPeakKwh: number; totalKwh: number } {
  let offPeakKwh = 0;
  let totalKwh = 0;
  for (const s of periods.offPeak) offPeakKwh += kwh[s]!;
  for (const v of kwh) totalKwh += v;
  return { offPeakKwh, totalKwh };
}

/** Share of the machines' kWh drawn off-peak, percent; null on a flat day or without positive energy. */
export function offPeakSharePct(periods: PricePeriods, energies: readonly { offPeakKwh: number; totalKwh: number }[]): number | null {
  if (periods.isFlat) return null;
  const total = energies.reduce((sum, e) => sum + e.totalKwh, 0);
  return total > 0 ? (energies.reduce((sum, e) => sum + e.offPeakKwh, 0) / total) * 100 : null;
}
