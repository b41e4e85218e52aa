// Time for the clients of the cloud: the real clock, or a simulated one that runs N times faster
// than real time (or only when advanced by hand), so tests and benches live through a day in
// seconds. Timers fire on the clock's own time, never early.

/** Opaque handle of a timer. */
export interface TimerHandle {
  readonly id: number;
}

/** A source of time and timers in milliseconds since the epoch. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Resolves after `ms` of the clock's time; rejects with the signal's reason when aborted. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(signal!.reason);
    };
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// Node caps a timer's delay at 2^31-1 ms; longer waits are re-armed.
const MAX_REAL_DELAY_MS = 2 ** 31 - 1;

/** Wall-clock time. */
export class RealClock implements Clock {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private nextId = 1;

  now(): number {
    return Date.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(
      id,
      setTimeout(
        () => {
          this.timers.delete(id);
          fn();
        },
        Math.min(MAX_REAL_DELAY_MS, Math.max(0, ms)),
      ),
    );
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    clearTimeout(this.timers.get(handle.id));
    this.timers.delete(handle.id);
  }
}

/** Options of a simulated clock. */
export interface SimulatedClockOptions {
  /** Simulated time at creation, ms since the epoch. */
  startMs: number;
  /** Simulated ms per real ms; 0 = time moves only with advance(). Default 1. */
  speed?: number;
}

/** A clock running `speed` times faster than real time, with timers scheduled on simulated time. */
export class SimulatedClock implements Clock {
  private simBase: number;
  private realBase = performance.now();
  private rate: number;
  private readonly timers = new Map<number, { due: number; fn: () => void }>();
  private nextId = 1;
  private real: NodeJS.Timeout | undefined;

  constructor(options: SimulatedClockOptions) {
    this.simBase = options.startMs;
    this.rate = options.speed ?? 1;
  }

  /** Current speed factor. */
  get speed(): number {
    return this.rate;
  }

  now(): number {
    return this.simBase + (performance.now() - this.realBase) * this.rate;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { due: this.now() + Math.max(0, ms), fn });
    this.arm();
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle.id);
    this.arm();
  }

  /** Changes the speed from now on. */
  setSpeed(speed: number): void {
    this.simBase = this.now();
    this.realBase = performance.now();
    this.rate = speed;
    this.arm();
  }

  /** Jumps simulated time forward, firing the timers that fall due on the way, in order. */
  advance(ms: number): void {
    this.simBase += ms;
    this.fire();
  }

  /** Stops the real timer behind the simulated ones (pending simulated timers are dropped). */
  dispose(): void {
    this.timers.clear();
    this.arm();
  }

  private fire(): void {
    for (;;) {
      const now = this.now();
      let next: [number, { due: number; fn: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].due <= now && (!next || entry[1].due < next[1].due)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      next[1].fn();
    }
    this.arm();
  }

  private arm(): void {
    clearTimeout(this.real);
    this.real = undefined;
    if (this.rate <= 0 || this.timers.size === 0) return;
    const due = Math.min(...[...this.timers.values()].map((t) => t.due));
    // Rounded up so the callback never runs before its simulated due time.
    const delay = Math.min(MAX_REAL_DELAY_MS, Math.max(0, Math.ceil((due - this.now()) / this.rate)));
    this.real = setTimeout(() => this.fire(), delay);
  }
}
