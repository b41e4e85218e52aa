import { describe, expect, it } from 'vitest';
import { devicePhase } from './simulator.js';

describe("a device's phase", () => {
  it('is fixed per device and spreads a fleet over the whole interval (readings pushes, daily pulls)', () => {
    const phases = Array.from({ length: 300 }, (_, i) => devicePhase(`sat-${i}`));
    expect(devicePhase('sat-7')).toBe(phases[7]);
    for (const p of phases) expect(p >= 0 && p < 1).toBe(true);
    // Every tenth of the interval holds some of the 300 devices' pushes, none holds a third of them.
    const tenths = Array.from({ length: 10 }, (_, k) => phases.filter((p) => Math.floor(p * 10) === k).length);
    expect(Math.min(...tenths)).toBeGreaterThan(10);
    expect(Math.max(...tenths)).toBeLessThan(100);
  });
});
