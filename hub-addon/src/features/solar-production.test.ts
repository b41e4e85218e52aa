import { describe, expect, it } from 'vitest';
import type { HubAppliance } from '../appliances.js';
import { SOLAR_BACKFILL_DAYS, solarBackfillFile, solarBackfillTargets } from './solar-production.js';

const T0 = Date.parse('2026-06-10T12:00:00Z');
const array = (id: string, entities: HubAppliance['entities'], isActive = true): HubAppliance => ({
  id,
  name: `Roof ${id}`,
  type: 'solar',
  isActive,
  entities,
  override: null,
});

describe('solarBackfillTargets', () => {
  it('backfills each active array with a production sensor, 14 days, remembered per appliance', () => {
    const appliances = [
      array('a1', { production_sensor_entity_id: 'sensor.pv_east' }),
      array('a2', {}),
      array('a3', { production_sensor_entity_id: 'sensor.pv_old' }, false),
      { ...array('e1', { entity_id: 'switch.ev', power_entity_id: 'sensor.ev_power' }), type: 'ev_charger' as const },
      array('a4', { production_sensor_entity_id: 'sensor.pv_west' }),
    ];
    const targets = solarBackfillTargets(appliances);
    expect(targets.map((t) => [t.entityId, t.file, t.days])).toEqual([
      ['sensor.pv_east', solarBackfillFile('a1'), SOLAR_BACKFILL_DAYS],
      ['sensor.pv_west', solarBackfillFile('a4'), SOLAR_BACKFILL_DAYS],
    ]);
  });

  it("queues each half hour's mean as a reading of its array, kW read as W, at the slot start", () => {
    const [t] = solarBackfillTargets([array('a1', { production_sensor_entity_id: 'sensor.pv' })]);
    expect(t!.wattsOf('2.5', 'kW')).toBe(2500);
    expect(t!.wattsOf('-0.01', 'kW')).toBe(0);
    expect(t!.wattsOf('unavailable', 'kW')).toBeNull();
    expect(t!.reading({ startMs: T0, watts: 2345.5 })).toEqual({
      kind: 'appliance',
      applianceId: 'a1',
      reading: { timestamp: '2026-06-10T12:00:00.000Z', state: 'PRODUCING', value: 2346 },
    });
    expect(t!.reading({ startMs: T0, watts: 250_000 })).toBeNull();
  });
});
