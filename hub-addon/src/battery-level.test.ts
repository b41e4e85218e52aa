import type { HassEntity } from 'home-assistant-js-websocket';
import { describe, expect, it } from 'vitest';
import type { HubAppliance } from './appliances.js';
import { capacityOf, levelGap, levelReached, plannedLevelPct, RESUME_BELOW_PCT, socPct } from './battery-level.js';

const sensor = (state: string, unit?: string): HassEntity => ({
  entity_id: 'sensor.soc',
  state,
  attributes: unit === undefined ? {} : { unit_of_measurement: unit },
  last_changed: '',
  last_updated: '',
  context: { id: 'c', parent_id: null, user_id: null },
});
const battery = (entities: HubAppliance['entities'], capacityKwh?: number): HubAppliance => ({
  id: 'b1',
  name: 'Battery',
  type: 'home_battery',
  isActive: true,
  entities,
  override: null,
  ...(capacityKwh === undefined ? {} : { capacityKwh }),
});

describe('socPct', () => {
  it.each([
    ['62.5', '%', 62.5],
    ['40', undefined, 40],
    ['5', 'kWh', 50],
    ['2500', 'Wh', 25],
  ])('reads %s %s of a 10 kWh battery as %s %%', (state, unit, pct) => {
    expect(socPct(sensor(state, unit), 10)).toBeCloseTo(pct, 9);
  });

  it.each([['unavailable'], ['unknown'], [''], ['n/a']])('has no reading when the sensor says %j', (state) => {
    expect(socPct(sensor(state, '%'), 10)).toBeNull();
  });

  it('has no reading from a missing sensor, a unit it cannot convert, or an impossible percentage', () => {
    expect(socPct(undefined, 10)).toBeNull();
    expect(socPct(sensor('3', 'V'), 10)).toBeNull();
    expect(socPct(sensor('140', '%'), 10)).toBeNull();
    expect(socPct(sensor('-2', '%'), 10)).toBeNull();
  });
});

describe('plannedLevelPct', () => {
  const trajectory = [50, 62.5, 80];
  it("reads value_trajectory at the slot's end in the schedule's unit", () => {
    expect(plannedLevelPct({ value_trajectory: trajectory, unit: 'percent' }, 1, 13.5)).toBe(62.5);
    expect(plannedLevelPct({ value_trajectory: [5, 6.75], unit: 'kwh' }, 1, 13.5)).toBeCloseTo(50, 9);
    expect(plannedLevelPct({ value_trajectory: trajectory, unit: 'fahrenheit' }, 1, 13.5)).toBeNull();
    expect(plannedLevelPct({ intervals: [true] }, 0, 13.5)).toBeNull();
  });
});

describe('levelReached', () => {
  it('stops at the level and resumes only well below it', () => {
    expect(levelReached(79.9, 80, false)).toBe(false);
    expect(levelReached(80, 80, false)).toBe(true);
    expect(levelReached(80 - RESUME_BELOW_PCT + 0.1, 80, true)).toBe(true);
    expect(levelReached(80 - RESUME_BELOW_PCT - 0.1, 80, true)).toBe(false);
  });

  it('changes nothing without a reading or a level: a slot starting without one charges', () => {
    expect(levelReached(null, 80, false)).toBe(false);
    expect(levelReached(null, 80, true)).toBe(true);
    expect(levelReached(90, null, false)).toBe(false);
  });
});

describe('capacityOf and levelGap', () => {
  it("takes the config's capacity, else the cloud's default", () => {
    expect(capacityOf(battery({ entity_id: 'select.mode' }, 9.6))).toBe(9.6);
    expect(capacityOf(battery({ entity_id: 'select.mode' }))).toBe(13.5);
  });

  it('names the gap of a battery without a SOC sensor only', () => {
    expect(levelGap(battery({ entity_id: 'select.mode' }))).toContain("set the battery's state-of-charge sensor (soc_entity_id)");
    expect(levelGap(battery({ entity_id: 'select.mode', soc_entity_id: 'sensor.soc' }))).toBeNull();
    expect(levelGap({ ...battery({ entity_id: 'switch.ev' }), type: 'ev_charger' })).toBeNull();
  });
});
