import { describe, expect, it } from 'vitest';
import { withReasons } from './stored-reasons.js';

describe('withReasons', () => {
  it('keeps the reasons a plan was stored with', () => {
    const stored = { intervals: [true], reasons_48: Array.from({ length: 48 }, () => ({ code: 'cheapest_left', price_cents: 9 })), summary: 'Charges.' };
    expect(withReasons(stored, 'optimization')).toBe(stored);
  });

  it('serves a plan stored without reasons as not planned, saying so', () => {
    const served = withReasons({ intervals: [true] }, 'optimization');
    expect(served.reasons_48).toHaveLength(48);
    expect(served.reasons_48).toContainEqual({ code: 'not_planned', price_cents: null });
    expect(served.summary).toMatch(/without recorded reasons/);
    expect(withReasons({ high_temps: [75] }, 'defaults').summary).toMatch(/no plan/);
  });

  it('leaves the empty schedule of an appliance with no plan empty', () => {
    expect(withReasons({}, 'defaults')).toEqual({});
  });
});
