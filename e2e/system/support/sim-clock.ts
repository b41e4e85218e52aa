// The one accelerated clock of a system test: simulated time = startMs + (real now - anchorMs) *
// rate. The cloud gets it as OFFPEAK_CLOCK_START/ANCHOR/RATE (so a restarted instance carries on
// the same clock); the add-on, the Home Assistant simulator and the satellite run on simulated
// clocks built from the same three numbers.
import { SimulatedClock } from '@offpeak/firmware-sim';

export interface SharedClock {
  startMs: number;
  anchorMs: number;
  rate: number;
  now(): number;
  /** The environment that puts a cloud instance on this clock. */
  env(): Record<string, string>;
  /** A SimulatedClock (add-on, satellite, simulator) reading the same time from now on. */
  simulated(): SimulatedClock;
  /** Resolves once simulated time reaches `simMs` (a real wait of (simMs - now) / rate). */
  until(simMs: number): Promise<void>;
}

/**
 * `startMs` is read `delayMs` real milliseconds from now (before that, the clock reads earlier
 * times): room to start the processes before the first instant the test cares about.
 */
export function sharedClock(startMs: number, rate: number, delayMs = 0): SharedClock {
  const anchorMs = Date.now() + delayMs;
  const now = () => startMs + (Date.now() - anchorMs) * rate;
  return {
    startMs,
    anchorMs,
    rate,
    now,
    env: () => ({ OFFPEAK_CLOCK_START: new Date(startMs).toISOString(), OFFPEAK_CLOCK_ANCHOR: new Date(anchorMs).toISOString(), OFFPEAK_CLOCK_RATE: String(rate) }),
    simulated: () => new SimulatedClock({ startMs: now(), speed: rate }),
    until: async (simMs) => {
      for (;;) {
        const left = (simMs - now()) / rate;
        if (left <= 0) return;
        await new Promise((r) => setTimeout(r, Math.min(left, 1000)));
      }
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const SLOT = 30 * MINUTE;

/** Local date (YYYY-MM-DD) and slot index of an instant in a zone, from Intl (independent of the cloud's slot grid). */
export function localSlot(ms: number, zone: string): { date: string; index: number; label: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const index = Number(parts.hour) * 2 + (Number(parts.minute) >= 30 ? 1 : 0);
  return { date, index, label: `${date} ${parts.hour}:${Number(parts.minute) >= 30 ? '30' : '00'}` };
}
