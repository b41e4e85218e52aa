import { describe, expect, it } from 'vitest';
import { ceilingDay, ceilingExceededDetail, dailyCeiling, secondsUntilReset } from './daily-ceiling.js';

describe('dailyCeiling', () => {
  it.each([
    [0, 1440, 1440],
    [1, 1440, 1440],
    [3, 1440, 4320],
    [2, 5, 10],
  ])('%i active appliances at %i each -> %i', (active, perAppliance, expected) => {
    expect(dailyCeiling(active, perAppliance)).toBe(expected);
  });

  it('leaves a 5-minute cadence (288 a day) five times of headroom per appliance at the default', () => {
    expect(dailyCeiling(1, 1440) / 288).toBe(5);
  });
});

describe('ceilingDay and secondsUntilReset', () => {
  it('counts by UTC day of receipt', () => {
    expect(ceilingDay(new Date('2024-07-01T23:59:59Z'))).toBe('2024-07-01');
    expect(ceilingDay(new Date('2024-07-02T00:00:00Z'))).toBe('2024-07-02');
    expect(ceilingDay(new Date('2024-07-01T20:00:00-05:00'))).toBe('2024-07-02');
  });

  it('waits until the next 00:00 UTC, at least one second', () => {
    expect(secondsUntilReset(new Date('2024-07-01T23:00:00Z'))).toBe(3600);
    expect(secondsUntilReset(new Date('2024-07-01T23:59:59.500Z'))).toBe(1);
    expect(secondsUntilReset(new Date('2024-07-01T00:00:00Z'))).toBe(86_400);
  });
});

describe('ceilingExceededDetail', () => {
  it('explains the ceiling, today’s use and the reset', () => {
    expect(ceilingExceededDetail({ perAppliance: 1440, activeAppliances: 1, storedToday: 1438, batch: 5 })).toBe(
      'Rate limit exceeded: at most 1440 readings per day (1440 per active appliance x 1 active appliance); 1438 already stored today and this batch of 5 would exceed it; resets at 00:00 UTC',
    );
    expect(ceilingExceededDetail({ perAppliance: 10, activeAppliances: 3, storedToday: 30, batch: 1 })).toBe(
      'Rate limit exceeded: at most 30 readings per day (10 per active appliance x 3 active appliances); 30 already stored today and this batch of 1 would exceed it; resets at 00:00 UTC',
    );
  });

  it('says why an account without active appliances still has one appliance’s worth', () => {
    expect(ceilingExceededDetail({ perAppliance: 4, activeAppliances: 0, storedToday: 3, batch: 2 })).toBe(
      "Rate limit exceeded: at most 4 readings per day (4 per active appliance; an account with no active appliance gets one appliance's worth); 3 already stored today and this batch of 2 would exceed it; resets at 00:00 UTC",
    );
  });
});
