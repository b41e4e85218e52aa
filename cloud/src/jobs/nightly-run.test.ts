import { describe, expect, it } from 'vitest';
import { latestNightlyAt } from './nightly-run.js';

describe('latestNightlyAt', () => {
  it.each([
    ['2026-07-15T04:00:00.000Z', '2026-07-15T04:00:00.000Z'],
    ['2026-07-15T04:00:00.010Z', '2026-07-15T04:00:00.000Z'],
    ['2026-07-15T23:59:00.000Z', '2026-07-15T04:00:00.000Z'],
    ['2026-07-15T03:59:59.999Z', '2026-07-14T04:00:00.000Z'],
    ['2026-03-01T01:00:00.000Z', '2026-02-28T04:00:00.000Z'],
  ])('%s -> %s', (now, at) => {
    expect(latestNightlyAt(new Date(now)).toISOString()).toBe(at);
  });
});
