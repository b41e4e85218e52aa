// Work the features start from timers, tracked so a caller (tests, the bench) can wait until the
// add-on is idle after moving a simulated clock, and so a slow cycle never makes the next one late:
// timers re-arm first, then their work queues here.

export class TaskTracker {
  private running = 0;
  private waiters: (() => void)[] = [];

  /** Runs `fn` now, counted until it settles (errors are the caller's to catch inside fn). */
  run(fn: () => Promise<void>): void {
    this.running++;
    void fn().finally(() => {
      if (--this.running === 0) for (const w of this.waiters.splice(0)) w();
    });
  }

  get busy(): boolean {
    return this.running > 0;
  }

  /** Resolves when nothing is running. */
  idle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((r) => this.waiters.push(r));
  }
}

/** Runs async jobs one after another (a slot apply never overlaps the previous one). */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();

  push(fn: () => Promise<void>): Promise<void> {
    this.tail = this.tail.then(fn, fn);
    return this.tail;
  }
}
