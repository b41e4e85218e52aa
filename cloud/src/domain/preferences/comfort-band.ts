// The comfort band on the local-day slot grid (48 half-hour slots from local midnight); the
// optimizer plans inside it and defaults schedules display it. Rules: docs/appliances-and-preferences.md.
import { SLOT_MINUTES, SLOTS_PER_DAY, minuteOfDay } from '../time/slot-grid.js';
import { HOME_BAND_F, SAVINGS_BAND_F, type Preferences } from './defaults.js';

export interface ComfortBand {
  /** Upper bound per slot, F. */
  high: number[];
  /** Lower bound per slot, F. */
  low: number[];
}

export type ComfortInputs = Pick<Preferences, 'base_temperature' | 'savings_level' | 'time_away' | 'time_home' | 'hourly_high_temps_f' | 'hourly_low_temps_f'>;

const MINUTES_PER_DAY = 24 * 60;

/** True when every minute of the slot lies in the half-open away window (which may wrap midnight). */
function isAwaySlot(slot: number, awayMin: number, homeMin: number): boolean {
  const length = (homeMin - awayMin + MINUTES_PER_DAY) % MINUTES_PER_DAY; // 0 when equal: never away
  const offset = (slot * SLOT_MINUTES - awayMin + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return offset + SLOT_MINUTES <= length;
}

/**
 * The 48-slot comfort band. With the hourly arrays set, each hour's bounds apply to both of its
 * slots. Otherwise base +/- 2 F while home and base +/- the savings level's band (2, 6, 12 F) in
 * the away window [time_away, time_home), counting a slot as away only when all of it is.
 */
export function comfortBand(prefs: ComfortInputs): ComfortBand {
  const { hourly_high_temps_f: hourlyHigh, hourly_low_temps_f: hourlyLow } = prefs;
  if (hourlyHigh && hourlyLow) {
    const perSlot = (hourly: number[]) => Array.from({ length: SLOTS_PER_DAY }, (_, s) => hourly[Math.floor(s / 2)]!);
    return { high: perSlot(hourlyHigh), low: perSlot(hourlyLow) };
  }
  const awayMin = minuteOfDay(prefs.time_away);
  const homeMin = minuteOfDay(prefs.time_home);
  const high: number[] = [];
  const low: number[] = [];
  for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
    const half = isAwaySlot(slot, awayMin, homeMin) ? SAVINGS_BAND_F[prefs.savings_level] : HOME_BAND_F;
    high.push(prefs.base_temperature + half);
    low.push(prefs.base_temperature - half);
  }
  return { high, low };
}
