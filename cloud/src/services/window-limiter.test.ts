import { describe, expect, it } from 'vitest';
import { createWindowLimiter } from './window-limiter.js';

describe('createWindowLimiter', () => {
  it('allows `limit` calls per window and key, then denies with the seconds left, and resets', async () => {
    let t = 1_000_000;
    const limiter = createWindowLimiter(() => t);
    for (let i = 0; i < 3; i++) expect(await limiter.consume('a', 3, 60_000)).toEqual({ allowed: true });
    t += 20_500;
    expect(await limiter.consume('a', 3, 60_000)).toEqual({ allowed: false, retryAfterS: 40 });
    expect(await limiter.consume('b', 3, 60_000)).toEqual({ allowed: true });
    t += 39_500;
    expect(await limiter.consume('a', 3, 60_000)).toEqual({ allowed: true });
    expect(await limiter.consume('a', 0, 60_000)).toEqual({ allowed: true });
  });
});
