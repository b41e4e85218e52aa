import { describe, expect, it } from 'vitest';
import { DEFAULT_HOME_SIZE_SQFT, estimateRatedPowerKw } from './hvac-rated-power.js';

describe('estimateRatedPowerKw', () => {
  it.each([
    ['central_ac', 1800, { cool: 3, heat: 0.5 }],
    ['central_ac', 3000, { cool: 5, heat: 0.5 }],
    ['central_ac', 20000, { cool: 6, heat: 0.5 }],
    ['central_ac', 100, { cool: 0.5, heat: 0.5 }],
    ['furnace', 1200, { cool: 2, heat: 0.5 }],
    ['heat_pump', 2400, { cool: 4, heat: 4.4 }],
    ['mini_split', 1500, { cool: 2, heat: 2.2 }],
    ['window_ac', 400, { cool: 0.73, heat: 1.5 }],
    ['window_ac', 3000, { cool: 1.5, heat: 1.5 }],
  ] as const)('%s in %s sq ft draws %j kW at full duty', (type, sqft, expected) => {
    expect(estimateRatedPowerKw(type, sqft)).toEqual(expected);
  });

  it('assumes a central AC in a typical home when the config says nothing', () => {
    expect(DEFAULT_HOME_SIZE_SQFT).toBe(1800);
    expect(estimateRatedPowerKw(null, null)).toEqual({ cool: 3, heat: 0.5 });
    expect(estimateRatedPowerKw(undefined, 0)).toEqual({ cool: 3, heat: 0.5 });
  });
});
