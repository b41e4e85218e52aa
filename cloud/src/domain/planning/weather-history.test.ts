import { describe, expect, it } from 'vitest';
import { weatherPointsFromPushes } from './weather-history.js';

describe('weatherPointsFromPushes', () => {
  it('turns pushes into hourly points, a later push replacing an earlier one hour by hour', () => {
    const at = (h: number) => new Date(Date.UTC(2026, 6, 15, h));
    const points = weatherPointsFromPushes([
      { startsAt: at(0), hourlyTempsF: [60, 61, 62] },
      { startsAt: at(1), hourlyTempsF: [71, Number.NaN, 73] },
    ]);
    expect(points).toEqual([
      { at: at(0), tempF: 60 },
      { at: at(1), tempF: 71 },
      { at: at(2), tempF: 62 },
      { at: at(3), tempF: 73 },
    ]);
  });
});
