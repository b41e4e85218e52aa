import { describe, expect, it } from 'vitest';
import { backoffDelayMs, retry } from './backoff.js';
import { CloudError, SimulatedClock } from '@offpeak/client-kit';
import { seededRandom } from './random.js';

const policy = { baseMs: 1000, maxMs: 60_000 };

describe('backoff', () => {
  it('doubles up to the cap, with jitter in the upper half', () => {
    const random = seededRandom(1);
    for (let attempt = 0; attempt < 12; attempt++) {
      const cap = Math.min(60_000, 1000 * 2 ** attempt);
      for (let i = 0; i < 20; i++) {
        const d = backoffDelayMs(attempt, policy, random);
        expect(d).toBeGreaterThanOrEqual(cap / 2);
        expect(d).toBeLessThanOrEqual(cap);
      }
    }
    expect(backoffDelayMs(0, policy, () => 0)).toBe(500);
    expect(backoffDelayMs(1000, policy, () => 1)).toBe(60_000);
  });

  it('retries unreachable and 5xx failures on the clock, and gives up on final ones at once', async () => {
    const clock = new SimulatedClock({ startMs: 0, speed: 1_000_000 });
    const failures = [
      new CloudError(0, 'ECONNREFUSED', '/x'),
      new CloudError(503, 'Database unavailable', '/x'),
      new CloudError(429, 'Rate limit exceeded', '/x'),
    ];
    const waits: number[] = [];
    let calls = 0;
    const value = await retry(
      async () => {
        const f = failures[calls++];
        if (f) throw f;
        return 'ok';
      },
      { clock, random: () => 0.5, policy, onRetry: (_e, _a, d) => waits.push(d) },
    );
    expect(value).toBe('ok');
    expect(waits).toEqual([750, 1500, 3000]);
    expect(clock.now()).toBeGreaterThanOrEqual(5250);

    for (const status of [400, 401, 403, 404, 409, 422]) {
      let n = 0;
      const err = await retry(() => (n++, Promise.reject(new CloudError(status, 'no', '/x'))), { clock, random: () => 0.5 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CloudError);
      expect(n).toBe(1);
    }
    clock.dispose();
  });

  it('stops waiting when aborted, and retries at once when woken', async () => {
    const clock = new SimulatedClock({ startMs: 0, speed: 0 });
    const stop = new AbortController();
    const stopped = retry(() => Promise.reject(new CloudError(0, 'down', '/x')), { clock, random: () => 0, signal: stop.signal });
    await new Promise((r) => setTimeout(r, 5));
    stop.abort(new Error('stopped'));
    await expect(stopped).rejects.toThrow('stopped');

    let wake = new AbortController();
    let calls = 0;
    const woken = retry(() => (++calls < 2 ? Promise.reject(new CloudError(0, 'down', '/x')) : Promise.resolve(calls)), {
      clock,
      random: () => 0,
      wake: () => wake.signal,
    });
    await new Promise((r) => setTimeout(r, 5));
    wake.abort();
    wake = new AbortController();
    await expect(woken).resolves.toBe(2);
    expect(clock.now()).toBe(0);
  });
});
