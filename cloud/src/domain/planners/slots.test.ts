import { describe, expect, it } from 'vitest';
import { deadlineEnd, endLabel, horizon, todayArray, windowSlots } from './slots.js';
import type { DayContext } from './types.js';

const on = (flags: boolean[]) => flags.flatMap((b, i) => (b ? [i] : []));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('deadlineEnd', () => {
  it.each([
    ['no deadline: the end of today', 0, null, 48],
    ['slots ending at or before 07:00 from midnight', 0, 420, 14],
    ['07:10 still ends the count at the 07:00 slot', 0, 430, 14],
    ['a deadline inside the current slot: the current slot counts in full', 10, 310, 11],
    ["a deadline at the plan start is tomorrow's", 14, 420, 48 + 14],
    ["a deadline before the plan start is tomorrow's", 36, 420, 48 + 14],
    ['midnight is the end of today', 36, 0, 48],
  ])('%s', (_name, fromSlot, minute, end) => {
    expect(deadlineEnd(fromSlot, minute)).toBe(end);
  });
});

describe('windowSlots', () => {
  it.each([
    ['on slot boundaries', 600, 720, range(20, 23)],
    ['a slot the window only touches counts', 615, 705, range(20, 23)],
    ['a window inside one slot', 610, 620, [20]],
    ['wrapping midnight', 1320, 120, [...range(0, 3), ...range(44, 47)]],
  ])('%s', (_name, start, end, slots) => {
    expect(on(windowSlots(start, end))).toEqual(slots);
  });
});

describe('horizon', () => {
  const day: DayContext = {
    date: '2026-01-14',
    timeZone: 'UTC',
    slotStarts: [],
    slotHours: Array.from({ length: 48 }, (_, i) => (i === 3 ? 1.5 : 0.5)),
    pricesCentsPerKwh: Array.from({ length: 48 }, (_, i) => i),
    exportPricesCentsPerKwh: null,
    outdoorTempF: Array(48).fill(60),
    fromSlot: 46,
  };

  it("runs from the plan start into tomorrow at today's prices, half an hour a slot", () => {
    expect(horizon(day, 52)).toEqual([
      { index: 46, hours: 0.5, price: 46, exportPrice: null },
      { index: 47, hours: 0.5, price: 47, exportPrice: null },
      { index: 48, hours: 0.5, price: 0, exportPrice: null },
      { index: 49, hours: 0.5, price: 1, exportPrice: null },
      { index: 50, hours: 0.5, price: 2, exportPrice: null },
      { index: 51, hours: 0.5, price: 3, exportPrice: null },
    ]);
  });

  it("takes today's slot lengths and export prices", () => {
    const slots = horizon({ ...day, fromSlot: 3, exportPricesCentsPerKwh: Array(48).fill(4) }, 4);
    expect(slots).toEqual([{ index: 3, hours: 1.5, price: 3, exportPrice: 4 }]);
  });
});

describe('todayArray and endLabel', () => {
  it('fills before the start and after the horizon', () => {
    expect(todayArray(45, [1, 2], 0, 9)).toEqual([...Array(45).fill(0), 1, 2, 9]);
  });

  it.each([
    [13, '07:00'],
    [47, 'midnight'],
    [48 + 13, '07:00 tomorrow'],
  ])('labels the end of slot %i as %s', (index, label) => {
    expect(endLabel(index)).toBe(label);
  });
});
