import { describe, expect, it } from 'vitest';
import { DAILY_METRICS_AT, dailyCron, NIGHTLY_RUN_AT } from './job-times.js';

describe('dailyCron', () => {
  it('fires the nightly run at 04:00 UTC and the metrics at 05:30 UTC', () => {
    expect(dailyCron(NIGHTLY_RUN_AT)).toBe('0 4 * * *');
    expect(dailyCron(DAILY_METRICS_AT)).toBe('30 5 * * *');
  });
});
