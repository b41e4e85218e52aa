// Slot boundaries counted one by one, for days when the local clock jumps: which boundaries a
// home should apply between two instants (from Intl, independent of the cloud, the add-on and the
// satellite), and which each home did apply, every time it applied one. A repeated hour's slots
// appear twice (once per offset), a skipped hour's not at all.
import type { HomeA, HomeB } from './homes.js';
import { localSlot } from './sim-clock.js';

const HALF_HOUR = 30 * 60_000;

export interface Boundary {
  atMs: number;
  date: string;
  index: number;
  offsetMinutes: number;
  /** `2027-11-07 01:30 EST (slot 3)`. */
  label: string;
}

/** The zone's offset from UTC at an instant, in minutes east. */
export function offsetMinutesAt(ms: number, zone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const abbreviation = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')!.value;

/** Every instant in [fromMs, toMs) where the local clock reads :00 or :30 (zones with whole-hour or half-hour offsets). */
export function expectedBoundaries(fromMs: number, toMs: number, zone: string): Boundary[] {
  const out: Boundary[] = [];
  for (let t = Math.ceil(fromMs / HALF_HOUR) * HALF_HOUR; t < toMs; t += HALF_HOUR) {
    const s = localSlot(t, zone);
    out.push({
      atMs: t,
      date: s.date,
      index: s.index,
      offsetMinutes: offsetMinutesAt(t, zone),
      label: `${s.label} ${abbreviation(t, zone)} (slot ${s.index})`,
    });
  }
  return out;
}

/** One boundary a home applied: when (its own clock) and which slot it took it for. */
export interface Application {
  atMs: number;
  date: string;
  index: number;
  offsetMinutes?: number;
  /** The add-on: the date of the schedule it applied when that was not the slot's date. */
  staleScheduleDate?: string;
}

/** Home A: the add-on's `applied` / `already as planned` lines for the thermostat at slot boundaries. */
export function addonApplications(home: HomeA): Application[] {
  return home.lines
    .filter((l) => (l.msg === 'applied' || l.msg === 'already as planned') && l.type === 'hvac' && l.reason === 'slot boundary')
    .map((l) => ({ atMs: Date.parse(l.time), date: l.date, index: l.slot, ...(l.stale_schedule_date && { staleScheduleDate: l.stale_schedule_date }) }));
}

/** Home B: records every slot the satellite moves into (a new date, index or offset), as it happens. */
export function recordSatelliteSlots(home: HomeB): { applications: Application[]; stop(): void } {
  const applications: Application[] = [];
  let last = '';
  const watch = setInterval(() => {
    const s = home.sim.state();
    const slot = s.applied?.slot;
    if (!slot) return;
    const key = `${slot.date}#${slot.index}@${slot.offsetMinutes}`;
    if (key === last) return;
    last = key;
    applications.push({ atMs: Date.parse(s.now), date: slot.date, index: slot.index, offsetMinutes: slot.offsetMinutes });
  }, 10);
  return { applications, stop: () => clearInterval(watch) };
}

/**
 * Each expected boundary applied exactly once and as the slot it is, nothing applied in between
 * (a skipped slot, a second application): one line per fault naming the home and the slot.
 * An application counts for the boundary at or before it (homes apply a moment after the instant).
 */
export function boundaryFaults(home: string, expected: Boundary[], applied: Application[]): string[] {
  const faults: string[] = [];
  if (expected.length === 0) return faults;
  const first = expected[0]!.atMs;
  const end = expected[expected.length - 1]!.atMs + HALF_HOUR;
  const inWindow = applied.filter((a) => a.atMs >= first && a.atMs < end);
  for (const b of expected) {
    const at = inWindow.filter((a) => Math.floor(a.atMs / HALF_HOUR) * HALF_HOUR === b.atMs);
    if (at.length === 0) faults.push(`${home}: slot ${b.label} was not applied`);
    else if (at.length > 1) faults.push(`${home}: slot ${b.label} was applied ${at.length} times (${at.map(describe).join(', ')})`);
    for (const a of at) {
      const offsetWrong = a.offsetMinutes !== undefined && a.offsetMinutes !== b.offsetMinutes;
      if (a.date !== b.date || a.index !== b.index || offsetWrong) faults.push(`${home}: at the boundary of slot ${b.label} it applied ${describe(a)}`);
      if (a.staleScheduleDate) faults.push(`${home}: slot ${b.label} was applied from the schedule of ${a.staleScheduleDate}`);
    }
  }
  return faults;
}

function describe(a: Application): string {
  return `${a.date} slot ${a.index}${a.offsetMinutes !== undefined ? ` at UTC${a.offsetMinutes >= 0 ? '+' : ''}${a.offsetMinutes / 60}` : ''} (at ${new Date(a.atMs).toISOString()})`;
}
