import { describe, expect, it } from 'vitest';
import { cronMatches } from './scheduler.js';

describe('cronMatches', () => {
  it('matches the minute, hour and weekday of the rules the scheduler writes, in UTC', () => {
    expect(cronMatches('0 4 * * *', new Date('2026-03-08T04:00:00Z'))).toBe(true);
    expect(cronMatches('0 4 * * *', new Date('2026-03-08T04:01:00Z'))).toBe(false);
    expect(cronMatches('30 5 * * *', new Date('2026-03-08T05:30:00Z'))).toBe(true);
    // 2026-03-08 is a Sunday.
    expect(cronMatches('0 3 * * 0', new Date('2026-03-08T03:00:00Z'))).toBe(true);
    expect(cronMatches('0 3 * * 0', new Date('2026-03-09T03:00:00Z'))).toBe(false);
  });
});
