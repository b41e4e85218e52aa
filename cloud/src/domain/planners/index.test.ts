import { describe, expect, it } from 'vitest';
import { APPLIANCE_TYPES } from '../appliance-types/index.js';
import { planners } from './index.js';

describe('planners registry', () => {
  it('has exactly one planner per appliance type', () => {
    expect(Object.keys(planners).sort()).toEqual([...APPLIANCE_TYPES].sort());
    for (const type of APPLIANCE_TYPES) expect(typeof planners[type]).toBe('function');
  });
});
