// Turning a pulled schedule into the day plan the device applies: one setpoint per
// slot, `setpoint_temps[idx]` or the midpoint of high and low when it is null, plus the optional
// per-slot mode and fan arrays. Pure.
import { FAN_SPEEDS, HVAC_MODES, type ApplianceScheduleResponse, type FanSpeed, type HvacMode } from './wire.js';
import { SLOTS_PER_DAY as SLOTS } from '@offpeak/cloud/contract';

/** One local day's plan, keyed by its local date. */
export interface DayPlan {
  date: string;
  setpoints: number[];
  /** `schedule.room_target_temps`, echoed by readings as `room_target`. */
  roomTargets: number[] | null;
  modes: HvacMode[] | null;
  fans: FanSpeed[] | null;
  source: 'optimization' | 'defaults';
}

/** Plans kept: yesterday's (late pulls), today's and tomorrow's (an early nightly run). */
export const MAX_PLANS = 3;

const isSlotNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.length === SLOTS && v.every((x) => typeof x === 'number' && Number.isFinite(x));
const isSlotLabels = <T extends string>(v: unknown, allowed: readonly string[]): v is T[] =>
  Array.isArray(v) && v.length === SLOTS && v.every((x) => typeof x === 'string' && allowed.includes(x));

/** The plan a schedule answer carries, or null when it has none usable (`{}`, wrong lengths, non-numbers). */
export function planFromSchedule(res: ApplianceScheduleResponse): DayPlan | null {
  const s = res.schedule ?? {};
  let setpoints: number[];
  if (s.setpoint_temps != null) {
    if (!isSlotNumbers(s.setpoint_temps)) return null;
    setpoints = [...s.setpoint_temps];
  } else {
    if (!isSlotNumbers(s.high_temps) || !isSlotNumbers(s.low_temps)) return null;
    const low = s.low_temps;
    setpoints = s.high_temps.map((high, i) => (high + low[i]!) / 2);
  }
  return {
    date: res.date,
    setpoints,
    roomTargets: isSlotNumbers(s.room_target_temps) ? [...s.room_target_temps] : null,
    modes: isSlotLabels<HvacMode>(s.mode_schedule, HVAC_MODES) ? [...s.mode_schedule] : null,
    fans: isSlotLabels<FanSpeed>(s.fan_schedule, FAN_SPEEDS) ? [...s.fan_schedule] : null,
    source: res.source,
  };
}

/** The stored plans with `plan` put in place of that date's, keeping the MAX_PLANS latest dates. */
export function storePlan(plans: readonly DayPlan[], plan: DayPlan): DayPlan[] {
  return [...plans.filter((p) => p.date !== plan.date), plan].sort((a, b) => a.date.localeCompare(b.date)).slice(-MAX_PLANS);
}

/** The comfort band midpoint of a slot: the watchdog's setpoint. */
export function bandMidpoint(band: { high_temps_f: number[]; low_temps_f: number[] }, index: number): number | null {
  const high = band.high_temps_f[index];
  const low = band.low_temps_f[index];
  return high !== undefined && low !== undefined && Number.isFinite(high) && Number.isFinite(low) ? (high + low) / 2 : null;
}
