/** Fixed one-minute windows counted in memory, per key (an IP address or an account email). */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** `limit` 0 disables the limiter. */
  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event for `key`; returns the seconds to wait when the limit is already used up, else 0. */
  hit(key: string): number {
    if (this.limit === 0) return 0;
    const t = this.now();
    if (this.windows.size > 10_000) this.sweep(t);
    let w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= this.limit) return Math.max(1, Math.ceil((w.start + this.windowMs - t) / 1000));
    w.count += 1;
    return 0;
  }

  /** Seconds to wait before `key` may act again, without counting an event. */
  check(key: string): number {
    if (this.limit === 0) return 0;
    const t = this.now();
    const w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs || w.count < this.limit) return 0;
    return Math.max(1, Math.ceil((w.start + this.windowMs - t) / 1000));
  }

  private sweep(t: number): void {
    for (const [key, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(key);
  }
}
