// The device's local clock without a time-zone database: the offset in effect now
// and the one DST transition ahead are all it knows. local = utc + offset; at `next_transition`
// the offset switches, so a spring-forward skips slots and a fall-back repeats them, exactly as
// the cloud's wall-clock slot formula does.
import { DAY_MS, MINUTE_MS, SLOT_MINUTES } from '@offpeak/cloud/contract';

/** What the device knows about its offset: GET /devices/config's offset fields. */
export interface OffsetInfo {
  utc_offset_minutes_now: number;
  next_transition: { at_utc: string; utc_offset_minutes_after: number } | null;
}

/** The slot on the local-midnight grid that an instant falls in. */
export interface LocalSlot {
  /** Local date, YYYY-MM-DD: the key of that day's plan. */
  date: string;
  /** 0..47: floor(local minute of day / 30). */
  index: number;
  /** Offset used, minutes east of UTC. */
  offsetMinutes: number;
}

const SLOT_MS = SLOT_MINUTES * MINUTE_MS;

/** The UTC offset in effect at `nowMs`: the one after the transition once it has passed. */
export function offsetAt(info: OffsetInfo, nowMs: number): number {
  const t = info.next_transition;
  return t && nowMs >= Date.parse(t.at_utc) ? t.utc_offset_minutes_after : info.utc_offset_minutes_now;
}

/** The local date and slot index of an instant. */
export function localSlotAt(info: OffsetInfo, nowMs: number): LocalSlot {
  const offsetMinutes = offsetAt(info, nowMs);
  const localMs = nowMs + offsetMinutes * MINUTE_MS;
  const dayStart = Math.floor(localMs / DAY_MS) * DAY_MS;
  return {
    date: new Date(dayStart).toISOString().slice(0, 10),
    index: Math.floor((localMs - dayStart) / SLOT_MS),
    offsetMinutes,
  };
}

/** The first instant after `nowMs` where the local slot may change: a half hour of local time or the transition. */
export function nextBoundaryMs(info: OffsetInfo, nowMs: number): number {
  const offsetMs = offsetAt(info, nowMs) * MINUTE_MS;
  const candidate = (Math.floor((nowMs + offsetMs) / SLOT_MS) + 1) * SLOT_MS - offsetMs;
  const t = info.next_transition ? Date.parse(info.next_transition.at_utc) : NaN;
  // The wall clock jumps at the transition even when it is not on a half hour of the old offset.
  return t > nowMs && t < candidate ? t : candidate;
}

/** Same slot of the same local day. */
export function sameSlot(a: LocalSlot | null, b: LocalSlot | null): boolean {
  return !!a && !!b && a.date === b.date && a.index === b.index && a.offsetMinutes === b.offsetMinutes;
}
