import { describe, expect, it } from 'vitest';
import { halfHourMeans, SLOT_MS } from './power-history.js';
import { powerW, productionW } from './readings.js';

const T0 = Date.parse('2026-01-10T00:00:00Z');
const MIN = 60_000;
const row = (ms: number, s: string) => ({ s, lu: ms / 1000 });
const watts = (unit: string) => (s: string) => powerW(s, unit);

describe('halfHourMeans', () => {
  it('weights each state by how long it held, per 30-minute slot, at the slot start', () => {
    const rows = [row(T0, '1000'), row(T0 + 10 * MIN, '4000'), row(T0 + 40 * MIN, '2000')];
    expect(halfHourMeans(rows, watts('W'), T0, T0 + 2 * SLOT_MS)).toEqual([
      { startMs: T0, watts: 3000 }, // 10 min at 1 kW, 20 min at 4 kW
      { startMs: T0 + SLOT_MS, watts: 8000 / 3 }, // 10 min at 4 kW, 20 min at 2 kW
    ]);
  });

  it('converts kW to W, and leaves out slots that are mostly unavailable or before the first row', () => {
    const rows = [row(T0 + 40 * MIN, '1.5'), row(T0 + 70 * MIN, 'unavailable'), row(T0 + 100 * MIN, '0.5')];
    expect(halfHourMeans(rows, watts('kW'), T0, T0 + 4 * SLOT_MS)).toEqual([
      { startMs: T0 + SLOT_MS, watts: 1500 }, // 20 of 30 minutes covered
      { startMs: T0 + 3 * SLOT_MS, watts: 500 }, // 20 of 30 (the slot at 60 min had 10 numeric minutes: left out)
    ]);
  });

  it("reads states the caller's way: a production sensor's standby draw at night is no production", () => {
    const rows = [row(T0, '-0.004'), row(T0 + 20 * MIN, '0.6')];
    expect(halfHourMeans(rows, (s) => productionW(s, 'kW'), T0, T0 + 2 * SLOT_MS)).toEqual([
      { startMs: T0, watts: 200 }, // 20 min at 0, 10 min at 600 W
      { startMs: T0 + SLOT_MS, watts: 600 },
    ]);
  });

  it('answers nothing for no history', () => {
    expect(halfHourMeans([], watts('W'), T0, T0 + 10 * SLOT_MS)).toEqual([]);
  });
});
