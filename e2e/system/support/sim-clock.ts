// The one accelerated clock of a system test: simulated time = startMs + (real now - anchorMs) *
// rate. The cloud gets it as OFFPEAK_CLOCK_START/ANCHOR/RATE (so a restarted instance carries on
// the same clock); the add-on, the Home Assistant simulator and the satellite run on simulated
// clocks built from the same three numbers.
import type { SimulatedClock } from '@offpeak/firmware-sim';
import { fleetClock, HOUR, MINUTE, type FleetClock } from '../../bench/system/fleet-clock.js';

export { HOUR, MINUTE };

/** The load benchmark's fleet clock (e2e/bench/system/fleet-clock.ts), every client on it unskewed. */
export interface SharedClock extends FleetClock {
  /** A SimulatedClock (add-on, simulator, satellite) reading the same time from now on. */
  simulated(): SimulatedClock;
}

/**
 * `startMs` is read `delayMs` real milliseconds from now (before that, the clock reads earlier
 * times): room to start the processes before the first instant the test cares about.
 */
export function sharedClock(startMs: number, rate: number, delayMs = 0): SharedClock {
  const clock = fleetClock(startMs, rate, delayMs);
  return { ...clock, simulated: () => clock.forHome(0) };
}

export const SLOT = 30 * MINUTE;

/** Local date (YYYY-MM-DD) and slot index of an instant in a zone, from Intl (independent of the cloud's slot grid). */
export function localSlot(ms: number, zone: string): { date: string; index: number; label: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const index = Number(parts.hour) * 2 + (Number(parts.minute) >= 30 ? 1 : 0);
  return { date, index, label: `${date} ${parts.hour}:${Number(parts.minute) >= 30 ? '30' : '00'}` };
}
