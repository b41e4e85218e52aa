// The one accelerated clock of a whole-system run (this benchmark, and the system tests through
// e2e/system/support/sim-clock.ts): simulated time = startMs + (real now - anchorMs) * rate. The
// cloud reads it from OFFPEAK_CLOCK_START/ANCHOR/RATE (cloud/src/clock.ts); every home runs a
// SimulatedClock on the same time, held back by the home's own skew (homes' clocks and timers are
// not in step; docs/system-tests.md "Load: npm run bench:system").
import { SimulatedClock } from '@offpeak/firmware-sim';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface FleetClock {
  startMs: number;
  anchorMs: number;
  rate: number;
  now(): number;
  /** The simulated time at the real instant `realMs`, and the real instant of simulated `simMs`. */
  simAt(realMs: number): number;
  realAt(simMs: number): number;
  /** The environment that puts the cloud on this clock. */
  env(): Record<string, string>;
  /** A home's clock: the fleet's time minus `skewMs`, at the same rate. */
  forHome(skewMs: number): SimulatedClock;
  /** A home's clock standing still at `startMs - skewMs` until `release`d. */
  frozenHome(skewMs: number): SimulatedClock;
  /** Starts a frozen home clock at the fleet's time minus `skewMs` (timers due on the way fire at once). */
  release(home: SimulatedClock, skewMs: number): void;
  /** Resolves once simulated time reaches `simMs`. */
  until(simMs: number): Promise<void>;
}

/** The clock reads `startMs` `delayMs` real ms from now (earlier times before that: room for set-up). */
export function fleetClock(startMs: number, rate: number, delayMs: number): FleetClock {
  return fleetClockAt(startMs, rate, Date.now() + delayMs);
}

/** The same clock in another process: it reads `startMs` at the real instant `anchorMs`. */
export function fleetClockAt(startMs: number, rate: number, anchorMs: number): FleetClock {
  const simAt = (realMs: number) => startMs + (realMs - anchorMs) * rate;
  const now = () => simAt(Date.now());
  return {
    startMs,
    anchorMs,
    rate,
    now,
    simAt,
    realAt: (simMs) => anchorMs + (simMs - startMs) / rate,
    env: () => ({
      OFFPEAK_CLOCK_START: new Date(startMs).toISOString(),
      OFFPEAK_CLOCK_ANCHOR: new Date(anchorMs).toISOString(),
      OFFPEAK_CLOCK_RATE: String(rate),
    }),
    forHome: (skewMs) => new SimulatedClock({ startMs: now() - skewMs, speed: rate }),
    frozenHome: (skewMs) => new SimulatedClock({ startMs: startMs - skewMs, speed: 0 }),
    release: (home, skewMs) => {
      home.advance(Math.max(0, now() - skewMs - home.now()));
      home.setSpeed(rate);
    },
    until: async (simMs) => {
      for (;;) {
        const left = (simMs - now()) / rate;
        if (left <= 0) return;
        await new Promise((r) => setTimeout(r, Math.min(left, 1000)));
      }
    },
  };
}
