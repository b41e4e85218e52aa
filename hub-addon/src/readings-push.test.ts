import { describe, expect, it } from 'vitest';
import { drawPushDelayMs, nextMarkMs, PUSH_DELAY_WINDOW_MS } from './readings-push.js';

const MIN = 60_000;

describe('the push delay of an install', () => {
  it('is drawn in [0, 4) minutes and spreads a fleet over the whole window', () => {
    expect(drawPushDelayMs(() => 0)).toBe(0);
    expect(drawPushDelayMs(() => 0.999_999)).toBeLessThan(PUSH_DELAY_WINDOW_MS);
    expect(PUSH_DELAY_WINDOW_MS).toBeLessThan(5 * MIN);
    const delays = Array.from({ length: 1000 }, () => drawPushDelayMs());
    const perMinute = [0, 1, 2, 3].map((m) => delays.filter((d) => Math.floor(d / MIN) === m).length);
    for (const n of perMinute) expect(n).toBeGreaterThan(190);
  });
});

describe('the capture marks', () => {
  it('are the next 5-minute mark of the clock, never the present one', () => {
    const mark = Date.parse('2026-11-18T15:10:00Z');
    expect(nextMarkMs(mark - 1, 5 * MIN)).toBe(mark);
    expect(nextMarkMs(mark, 5 * MIN)).toBe(mark + 5 * MIN);
  });
});
