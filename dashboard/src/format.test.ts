import { describe, expect, it } from 'vitest';
import { addDays, currentSlot, formatInstant, localToday, slotLabel, usd } from './format.js';

describe('format', () => {
  it('labels slots by their local start', () => {
    expect([slotLabel(0), slotLabel(1), slotLabel(33), slotLabel(47)]).toEqual(['00:00', '00:30', '16:30', '23:30']);
  });

  it("shows instants in the account's zone, not the browser's", () => {
    const at = '2026-11-25T17:05:00Z';
    expect(formatInstant(at, 'America/Chicago')).toBe('Nov 25, 11:05');
    expect(formatInstant(at, 'Asia/Tokyo')).toBe('Nov 26, 02:05');
    expect(localToday('Asia/Tokyo', new Date(at))).toBe('2026-11-26');
    expect(currentSlot('America/Chicago', new Date(at))).toBe(22);
    expect(formatInstant(null, 'UTC')).toBe('never');
  });

  it('shows dollars with the sign before them: a credit or a negative saving reads -$0.90', () => {
    expect([usd(1.4), usd(-0.9), usd(-0.001), usd(null)]).toEqual(['$1.40', '-$0.90', '$0.00', '—']);
  });

  it('adds days across month ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
