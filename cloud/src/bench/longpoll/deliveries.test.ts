import { describe, expect, it } from 'vitest';
import { classifyDeliveries } from './deliveries.js';

describe('classifyDeliveries', () => {
  it('tells on-time, late, pending (never taken), lost (taken, never received) and duplicated apart', () => {
    const report = classifyDeliveries(
      [
        { commandId: 1, sentMs: 0, arrivedMs: [40] },
        { commandId: 2, sentMs: 100, arrivedMs: [9_100] },
        { commandId: 3, sentMs: 200, arrivedMs: [] },
        { commandId: 4, sentMs: 300, arrivedMs: [] },
        { commandId: 5, sentMs: 400, arrivedMs: [420, 500] },
      ],
      new Set([1, 2, 4, 5]),
      5_000,
    );
    expect(report).toEqual({ wakeMs: [20, 40, 9_000], onTime: 2, late: 1, pending: 1, lost: 1, duplicated: 1 });
  });
});
