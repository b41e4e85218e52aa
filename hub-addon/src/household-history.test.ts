import { describe, expect, it } from 'vitest';
import { halfHourMeans, SLOT_MS } from './household-history.js';

const T0 = Date.parse('2026-01-10T00:00:00Z');
const MIN = 60_000;
const row = (ms: number, s: string) => ({ s, lu: ms / 1000 });
const at = (ms: number) => new Date(ms).toISOString();

describe('halfHourMeans', () => {
  it('weights each state by how long it held, per 30-minute slot, at the slot start', () => {
    const rows = [row(T0, '1000'), row(T0 + 10 * MIN, '4000'), row(T0 + 40 * MIN, '2000')];
    expect(halfHourMeans(rows, 'W', T0, T0 + 2 * SLOT_MS)).toEqual([
      { timestamp: at(T0), value: 3000 }, // 10 min at 1 kW, 20 min at 4 kW
      { timestamp: at(T0 + SLOT_MS), value: 2667 }, // 10 min at 4 kW, 20 min at 2 kW
    ]);
  });

  it('converts kW to W, and leaves out slots that are mostly unavailable or before the first row', () => {
    const rows = [row(T0 + 40 * MIN, '1.5'), row(T0 + 70 * MIN, 'unavailable'), row(T0 + 100 * MIN, '0.5')];
    expect(halfHourMeans(rows, 'kW', T0, T0 + 4 * SLOT_MS)).toEqual([
      { timestamp: at(T0 + SLOT_MS), value: 1500 }, // 20 of 30 minutes covered
      { timestamp: at(T0 + 3 * SLOT_MS), value: 500 }, // 20 of 30 (the slot at 60 min had 10 numeric minutes: left out)
    ]);
  });

  it('answers nothing for no history', () => {
    expect(halfHourMeans([], 'W', T0, T0 + 10 * SLOT_MS)).toEqual([]);
  });
});
