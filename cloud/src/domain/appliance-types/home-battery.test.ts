// The home battery's efficiencies (config) and ceiling (constraint).
import { describe, expect, it } from 'vitest';
import { parseConfig, parseConstraints } from './index.js';

describe('home_battery physics fields', () => {
  it('accepts both efficiencies and max_charge_pct', () => {
    const config = { entity_id: 'switch.b', charge_efficiency: 0.9, discharge_efficiency: 0.5 };
    expect(parseConfig('home_battery', config)).toMatchObject({ ok: true, value: config });
    const constraints = { target_charge_pct: 60, min_charge_pct: 10, max_charge_pct: 90 };
    expect(parseConstraints('home_battery', constraints)).toEqual({ ok: true, value: constraints });
  });

  it.each([
    [{ charge_efficiency: 0.49 }, 'charge_efficiency: must be between 0.5 and 1'],
    [{ discharge_efficiency: 1.01 }, 'discharge_efficiency: must be between 0.5 and 1'],
    [{ charge_efficiency: '0.9' }, 'charge_efficiency: must be a number'],
  ])('refuses config %j: %s', (over, detail) => {
    expect(parseConfig('home_battery', { entity_id: 'switch.b', ...over })).toEqual({ ok: false, detail });
  });

  it.each([
    [{ max_charge_pct: 101 }, 'max_charge_pct: must be between 0 and 100'],
    [{ target_charge_pct: 95, max_charge_pct: 90 }, 'target_charge_pct: must be at most max_charge_pct'],
    [{ min_charge_pct: 95, max_charge_pct: 90 }, 'min_charge_pct: must be at most max_charge_pct'],
  ])('refuses constraints %j: %s', (constraints, detail) => {
    expect(parseConstraints('home_battery', constraints)).toEqual({ ok: false, detail });
  });
});
