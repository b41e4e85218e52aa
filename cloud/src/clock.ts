/**
 * The cloud's clock: what instant it is for planning (which local day and slot, which readings are
 * fresh, when a job is due). Production reads the system clock; the system tests run the whole
 * service on an accelerated clock (OFFPEAK_CLOCK_START, OFFPEAK_CLOCK_RATE) so a day passes in a
 * few minutes. Only the composition root builds one; everything else receives it.
 *
 * Real durations stay real: long-poll waits, token lifetimes, rate-limit windows, leases in the
 * database, the HTTP server's timeouts.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export interface ClockSetting {
  /** The simulated instant at the real instant `anchorMs`. */
  startMs: number;
  /**
   * The real instant at which the clock reads `startMs` (OFFPEAK_CLOCK_ANCHOR, default the process
   * start): processes given the same three values share one clock, a restarted cloud included.
   */
  anchorMs: number;
  /** Simulated milliseconds per real millisecond (1 = real time). */
  rate: number;
}

/** A clock that reads `startMs` at the real instant `anchorMs` and runs `rate` times faster than real time. */
export function acceleratedClock(setting: ClockSetting, realNow: () => number = Date.now): Clock {
  return () => new Date(setting.startMs + (realNow() - setting.anchorMs) * setting.rate);
}

export function clockFor(setting: ClockSetting | null): Clock {
  return setting ? acceleratedClock(setting) : systemClock;
}
