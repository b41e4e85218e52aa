import { describe, expect, it } from 'vitest';
import { DEFAULT_SOC_PCT, EV_DEFAULTS, evChargerInputs, homeBatteryInputs, robotInputs, stateOfCharge } from './charge-inputs.js';
import { TYPICAL_HOUSEHOLD_LOAD_KW } from './household-load.js';

const facts = (config: Record<string, unknown> = {}, constraints: Record<string, unknown> = {}, recentValue: number | null = null) => ({
  config,
  constraints,
  recentValue,
});

describe('stateOfCharge', () => {
  it('is the recent reading, else current_charge_pct, else the default', () => {
    expect(stateOfCharge(facts({}, { current_charge_pct: 30 }, 64))).toEqual({ socPct: 64, source: 'reading' });
    expect(stateOfCharge(facts({}, { current_charge_pct: 30 }))).toEqual({ socPct: 30, source: 'current_charge_pct' });
    expect(stateOfCharge(facts())).toEqual({ socPct: DEFAULT_SOC_PCT, source: 'default' });
    expect(stateOfCharge(facts({}, { current_charge_pct: 'x' }, 140))).toEqual({ socPct: 100, source: 'reading' });
  });
});

describe('evChargerInputs', () => {
  it('takes config and constraints, with the defaults for what is unset', () => {
    const built = evChargerInputs(facts({ battery_capacity_kwh: 75, max_charge_rate_kw: 11 }, { target_charge_pct: 90, deadline_time: '07:30' }, 40));
    expect(built.input).toEqual({
      socPct: 40,
      capacityKwh: 75,
      maxChargeRateKw: 11,
      efficiency: EV_DEFAULTS.efficiency,
      targetPct: 90,
      minPct: 0,
      deadlineMinute: 450,
      isUnplugged: false,
    });
    expect(built.used).toMatchObject({ deadline_time: '07:30', soc_pct: 40, soc_source: 'reading', battery_capacity_kwh: 75 });
  });

  it('ignores malformed stored values and caps a minimum above the target', () => {
    const built = evChargerInputs(facts({ battery_capacity_kwh: 'big' }, { target_charge_pct: 60, min_charge_pct: 90, deadline_time: '25:00' }));
    expect(built.input).toMatchObject({ capacityKwh: EV_DEFAULTS.battery_capacity_kwh, targetPct: 60, minPct: 60, deadlineMinute: null });
    expect(built.used.deadline_time).toBeNull();
  });
});

describe('homeBatteryInputs', () => {
  it('without a target ends the day where it started, with the typical household load', () => {
    const built = homeBatteryInputs(facts({ capacity_kwh: 10 }, {}, 35));
    expect(built.input).toMatchObject({
      capacityKwh: 10,
      targetPct: 35,
      minPct: 10,
      maxPct: 100,
      chargeEfficiency: 0.95,
      dischargeEfficiency: 0.95,
      deadlineMinute: null,
      isDayStartFloor: true,
    });
    expect(built.input.householdLoadKw).toEqual([...TYPICAL_HOUSEHOLD_LOAD_KW]);
    expect(built.input.chargeHeadroomKw).toBeNull();
    expect(built.used).toMatchObject({ household_load: 'typical', charge_efficiency: 0.95, max_charge_pct: 100 });
  });

  it('reads both efficiencies and the ceiling, keeps the target under it, and takes the home context', () => {
    const load = Array.from({ length: 48 }, () => 2);
    const headroom = Array.from({ length: 48 }, () => 3);
    const built = homeBatteryInputs(facts({ charge_efficiency: 0.9, discharge_efficiency: 0.85 }, { target_charge_pct: 95, max_charge_pct: 80 }, 50), {
      householdLoadKw: load,
      loadSource: 'measured',
      chargeHeadroomKw: headroom,
    });
    expect(built.input).toMatchObject({ chargeEfficiency: 0.9, dischargeEfficiency: 0.85, maxPct: 80, targetPct: 80, isDayStartFloor: false });
    expect(built.input.householdLoadKw).toEqual(load);
    expect(built.input.chargeHeadroomKw).toEqual(headroom);
    expect(built.used.household_load).toBe('measured');
  });
});

describe('robotInputs', () => {
  it('reads a tasks window that may wrap midnight', () => {
    const built = robotInputs(facts({}, { tasks_window_start: '22:00', tasks_window_end: '02:00', current_charge_pct: 70 }));
    expect(built.input).toMatchObject({ socPct: 70, tasksWindow: { startMinute: 1320, endMinute: 120 }, targetPct: 100, minPct: 20 });
  });

  it('has no window when one end is missing', () => {
    expect(robotInputs(facts({}, { tasks_window_start: '22:00' })).input.tasksWindow).toBeNull();
  });
});
