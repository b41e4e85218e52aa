import { describe, expect, it } from 'vitest';
import { dailyWindow, windowStart } from './metrics-window.js';

describe('dailyWindow', () => {
  it('defaults to the 30 days before local today, both included', () => {
    expect(dailyWindow({}, '2026-06-30')).toEqual({ ok: true, start: '2026-05-31', end: '2026-06-30' });
    expect(dailyWindow({ end: '2026-03-01' }, '2026-06-30')).toEqual({ ok: true, start: '2026-01-30', end: '2026-03-01' });
  });

  it.each([
    [{ start: 'june' }, 'start must be ISO YYYY-MM-DD'],
    [{ end: '2026-02-30' }, 'end must be ISO YYYY-MM-DD'],
    [{ start: '2026-06-02', end: '2026-06-01' }, 'start must be <= end'],
    [{ start: '2026-01-01', end: '2026-04-02' }, 'window exceeds 90 days'],
    [{ start: ['2026-01-01'] }, 'start must be ISO YYYY-MM-DD'],
  ])('refuses %j with %s', (query, detail) => {
    expect(dailyWindow(query, '2026-06-30')).toEqual({ ok: false, detail });
  });

  it('accepts exactly 90 days between start and end', () => {
    expect(dailyWindow({ start: '2026-01-01', end: '2026-04-01' }, '2026-06-30')).toEqual({ ok: true, start: '2026-01-01', end: '2026-04-01' });
  });
});

describe('windowStart', () => {
  it('covers `days` days ending on the latest', () => {
    expect(windowStart('2026-06-30', 1)).toBe('2026-06-30');
    expect(windowStart('2026-06-30', 30)).toBe('2026-06-01');
  });
});
