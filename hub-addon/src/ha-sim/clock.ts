// The simulated clock: an injected (or the real) clock plus whatever advance() added, and timers
// that fire when that clock passes them, whether it moves by itself or by advance().

interface Timer {
  at: number;
  fn: () => void;
}

export class SimClock {
  private offsetMs = 0;
  private timers: Timer[] = [];
  private wake: NodeJS.Timeout | null = null;

  constructor(private readonly base: () => number = Date.now) {}

  now(): number {
    return this.base() + this.offsetMs;
  }

  /** Move the simulated clock forward, firing every timer that falls due on the way, in order. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error('advance(ms) needs a non-negative number');
    this.offsetMs += ms;
    this.runDue();
  }

  /** When the next timer falls due, if any. */
  nextDue(): number | undefined {
    return this.timers[0]?.at;
  }

  schedule(delayMs: number, fn: () => void): void {
    this.timers.push({ at: this.now() + delayMs, fn });
    this.timers.sort((a, b) => a.at - b.at);
    this.arm();
  }

  runDue(): void {
    const now = this.now();
    while (this.timers.length && this.timers[0]!.at <= now) this.timers.shift()!.fn();
    this.arm();
  }

  stop(): void {
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    this.timers = [];
  }

  private arm(): void {
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    const next = this.timers[0];
    if (!next) return;
    // An injected clock may not follow real time: look again at least once a second.
    this.wake = setTimeout(() => this.runDue(), Math.min(1000, Math.max(0, next.at - this.now())));
    this.wake.unref();
  }
}
