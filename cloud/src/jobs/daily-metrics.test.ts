import { describe, expect, it } from 'vitest';
import { latestMetricsRunAt } from './daily-metrics.js';

describe('latestMetricsRunAt', () => {
  it.each([
    ['2026-07-15T05:30:00.000Z', '2026-07-15T05:30:00.000Z'],
    ['2026-07-15T05:30:00.010Z', '2026-07-15T05:30:00.000Z'],
    ['2026-07-15T23:59:00.000Z', '2026-07-15T05:30:00.000Z'],
    ['2026-07-15T05:29:59.999Z', '2026-07-14T05:30:00.000Z'],
    ['2026-03-01T01:00:00.000Z', '2026-02-28T05:30:00.000Z'],
  ])('%s -> %s', (now, at) => {
    expect(latestMetricsRunAt(new Date(now)).toISOString()).toBe(at);
  });
});
