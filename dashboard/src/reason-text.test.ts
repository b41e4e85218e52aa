import { describe, expect, it } from 'vitest';
import { reasonText, slotReasons } from './reason-text.js';

describe('reasonText', () => {
  it('says each decision with its deciding figures', () => {
    expect(reasonText({ code: 'cheapest_left', price_cents: 10, compared_cents: 12.04, compared_at: '04:00', by: '07:00', limit: 'target_charge_pct' })).toBe(
      'On at 10 ¢: among the cheapest slots left before 07:00 (12 ¢ at 04:00 instead)',
    );
    expect(reasonText({ code: 'stored_for', price_cents: 10, compared_cents: 50, compared_at: '17:00' })).toBe(
      'On at 10 ¢: stored for 17:00, when it costs 50 ¢',
    );
    expect(reasonText({ code: 'waits_for_cheaper', price_cents: 30, compared_cents: 10, compared_at: '01:00' })).toBe('Off at 30 ¢: waits for 10 ¢ at 01:00');
    expect(reasonText({ code: 'required', price_cents: 30, limit: 'min_temp_f', by: '06:00' })).toBe(
      "On at 30 ¢: needed now to reach the tank's minimum by 06:00",
    );
    expect(reasonText({ code: 'solar_surplus', price_cents: 5.5, surplus_kw: 2.45, grid_cents: 30, by: '19:00', limit: 'target_charge_pct' })).toBe(
      "On at 5.5 ¢: 2.45 kW of forecast solar surplus lowers the grid's 30 ¢",
    );
    expect(reasonText({ code: 'not_planned', price_cents: null })).toBe('Not planned');
  });

  it('reads a schedule without reasons as none', () => {
    expect(slotReasons({ intervals: [] })).toBeNull();
    expect(slotReasons({ reasons_48: Array.from({ length: 48 }, () => ({ code: 'away', price_cents: 3 })) })?.[0]).toMatch(/^Away/);
  });
});
