import { describe, expect, it } from 'vitest';
import { conformancePct, hourHistogram, runsFromClasses } from './adherence.js';

const at = (hhmm: string) => new Date(`2026-06-01T${hhmm}:00Z`);

describe('runsFromClasses', () => {
  it('finds the runs of override (1) and defect (2) readings, any other class ending them', () => {
    // 12 readings: an override of 3, a defect of 1, a defect of 2 cut by an unjudged reading, an override of 1 at the end.
    const times = ['08:00', '08:05', '08:10', '09:00', '10:00', '10:05', '11:00'].map(at);
    expect(runsFromClasses('311123022301', times)).toEqual([
      { kind: 'override', start: at('08:00'), end: at('08:10'), readings: 3 },
      { kind: 'defect', start: at('09:00'), end: at('09:00'), readings: 1 },
      { kind: 'defect', start: at('10:00'), end: at('10:05'), readings: 2 },
      { kind: 'override', start: at('11:00'), end: at('11:00'), readings: 1 },
    ]);
  });

  it('splits an override directly followed by a defect', () => {
    expect(runsFromClasses('1122', ['08:00', '08:05', '08:10', '08:15'].map(at)).map((r) => [r.kind, r.readings])).toEqual([
      ['override', 2],
      ['defect', 2],
    ]);
  });

  it('finds nothing in a day without overrides or defects', () => {
    expect(runsFromClasses('33330000', [])).toEqual([]);
    expect(runsFromClasses('', [])).toEqual([]);
  });
});

describe('conformancePct and hourHistogram', () => {
  it('is the share of judged readings that conformed, null with none', () => {
    expect(conformancePct(8, 6)).toBe(75);
    expect(conformancePct(0, 0)).toBeNull();
  });

  it('counts episodes by local start hour', () => {
    const e = (startHour: number) => ({ start: at('00:00'), end: at('00:00'), startHour, readings: 1 });
    const h = hourHistogram([e(7), e(7), e(23)]);
    expect(h).toHaveLength(24);
    expect([h[7], h[23], h.reduce((a, b) => a + b)]).toEqual([2, 1, 3]);
  });
});
