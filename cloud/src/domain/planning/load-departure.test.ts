import { describe, expect, it } from 'vitest';
import { loadDeparts } from './load-departure.js';

describe('loadDeparts', () => {
  it.each([
    ['the planned load', 0.6, 0.6, false],
    ['0.4 kW above a small load (under 0.5 kW)', 0.4, 0.8, false],
    ['1 kW above a 0.6 kW load', 0.6, 1.6, true],
    ['0.8 kW below a 2 kW load (under half of it)', 2, 1.2, false],
    ['1.5 kW below a 2 kW load', 2, 0.5, true],
    ['an oven of 3 kW on a 1.8 kW evening', 1.8, 4.8, true],
  ])('%s', (_, planned, measured, departs) => {
    expect(loadDeparts(planned, measured)).toBe(departs);
  });
});
