import { describe, expect, it } from 'vitest';
import { historyWindow } from './history-window.js';

const TODAY = '2026-07-15';

describe('historyWindow', () => {
  it('defaults to the 14 days before today, both inclusive', () => {
    expect(historyWindow({}, TODAY)).toEqual({ ok: true, start: '2026-07-01', end: TODAY });
    expect(historyWindow({ end: '2026-03-10' }, TODAY)).toEqual({ ok: true, start: '2026-02-24', end: '2026-03-10' });
    expect(historyWindow({ start: '2026-07-10' }, TODAY)).toEqual({ ok: true, start: '2026-07-10', end: TODAY });
  });

  it('accepts exactly 90 days and one day', () => {
    expect(historyWindow({ start: '2026-04-16', end: TODAY }, TODAY)).toMatchObject({ ok: true });
    expect(historyWindow({ start: TODAY, end: TODAY }, TODAY)).toMatchObject({ ok: true });
  });

  it.each([
    [{ start: '2026-04-15', end: TODAY }, 'window exceeds 90 days'],
    [{ start: '2026-07-16', end: TODAY }, 'start must be <= end'],
    [{ start: '2026-07-20' }, 'start must be <= end'],
    [{ start: '15/07/2026' }, 'start must be ISO YYYY-MM-DD'],
    [{ start: '2026-02-30' }, 'start must be ISO YYYY-MM-DD'],
    [{ start: ['2026-07-01', '2026-07-02'] }, 'start must be ISO YYYY-MM-DD'],
    [{ end: '' }, 'end must be ISO YYYY-MM-DD'],
    [{ start: 'x', end: 'y' }, 'start must be ISO YYYY-MM-DD'],
  ])('%j -> %s', (query, detail) => {
    expect(historyWindow(query, TODAY)).toEqual({ ok: false, detail });
  });
});
