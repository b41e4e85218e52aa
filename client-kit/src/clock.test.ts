import { describe, expect, it } from 'vitest';
import { RealClock, SimulatedClock, sleep } from './clock.js';

describe('SimulatedClock', () => {
  it('moves only with advance() at speed 0, firing due timers in time order and never early', () => {
    const clock = new SimulatedClock({ startMs: 1_000_000, speed: 0 });
    const fired: [string, number][] = [];
    clock.setTimeout(() => fired.push(['b', clock.now()]), 2000);
    clock.setTimeout(() => fired.push(['a', clock.now()]), 1000);
    const c = clock.setTimeout(() => fired.push(['c', clock.now()]), 1500);
    clock.clearTimeout(c);
    clock.advance(999);
    expect(fired).toEqual([]);
    clock.advance(5000);
    expect(fired.map(([n]) => n)).toEqual(['a', 'b']);
    expect(fired.every(([, at]) => at >= 1_000_000 + 1000)).toBe(true);
    expect(clock.now()).toBe(1_005_999);
  });

  it('runs timers on simulated time at N times real speed', async () => {
    const clock = new SimulatedClock({ startMs: 0, speed: 600 });
    const realStart = performance.now();
    const simFired = await new Promise<number>((resolve) => clock.setTimeout(() => resolve(clock.now()), 60_000));
    const realElapsed = performance.now() - realStart;
    expect(simFired).toBeGreaterThanOrEqual(60_000);
    // One simulated minute at 600x is 100 real ms.
    expect(realElapsed).toBeGreaterThanOrEqual(95);
    expect(realElapsed).toBeLessThan(1000);
    clock.dispose();
  });

  it('keeps time continuous across speed changes', () => {
    const clock = new SimulatedClock({ startMs: 5000, speed: 0 });
    clock.advance(10);
    expect(clock.now()).toBe(5010);
    clock.setSpeed(1000);
    const running = clock.now();
    expect(running).toBeGreaterThanOrEqual(5010);
    expect(running).toBeLessThan(5010 + 1000 * 50);
    clock.setSpeed(0);
    const frozen = clock.now();
    expect(frozen).toBeGreaterThanOrEqual(running);
    expect(clock.now()).toBe(frozen);
    expect(clock.speed).toBe(0);
  });

  it('sleeps on the clock and rejects with the abort reason', async () => {
    const clock = new SimulatedClock({ startMs: 0, speed: 0 });
    const done = sleep(clock, 100);
    clock.advance(100);
    await expect(done).resolves.toBeUndefined();
    const ac = new AbortController();
    const pending = sleep(clock, 100, ac.signal);
    ac.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    await expect(sleep(clock, 1, ac.signal)).rejects.toThrow('stop');
  });
});

describe('RealClock', () => {
  it('follows the wall clock and cancels timers', async () => {
    const clock = new RealClock();
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(5);
    let fired = false;
    clock.clearTimeout(clock.setTimeout(() => (fired = true), 1));
    await sleep(clock, 10);
    expect(fired).toBe(false);
  });
});
