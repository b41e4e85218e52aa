// A charger's power sensor on the simulator and the real built cloud: each charge reading carries
// `power_watts` from the sensor the EV's config names (kW as W), beside the whole-home power that
// includes it, so the cloud can take the charging out of the household's own load.
import { describe, expect, it } from 'vitest';
import { cloudForFile, pastBoundary, startHarness, type Harness } from './support/harness.js';
import { houseFixture } from './support/house.js';

const MIN = 60_000;
const world = cloudForFile();
const POWER = 'sensor.ev_charger_power';

const sent = (h: Harness, path: string) =>
  h.requests.filter((r) => r.path === path && r.status === 201).flatMap((r) => r.body.readings as Record<string, unknown>[]);

describe('an EV with a power sensor', () => {
  it('sends power_watts with each charge reading, and the whole-home power as it reads', async () => {
    let carId = '';
    const h = await startHarness({
      cloud: world.cloud,
      startMs: pastBoundary(30 * MIN),
      fixture: (now) => houseFixture(now, [{ entity_id: POWER, state: '7.2', attributes: { unit_of_measurement: 'kW', device_class: 'power' } }]),
      prepare: async (account) => {
        carId = await account.createAppliance('ev_charger', 'Car', {
          entity_id: 'switch.ev_charger',
          soc_entity_id: 'sensor.ev_battery',
          power_entity_id: POWER,
          battery_capacity_kwh: 60,
        });
      },
    });
    world.running.push(h);
    h.ha.setState('sensor.household_power', '8.4', { unit_of_measurement: 'kW', device_class: 'power' });
    await h.advance(10 * MIN);
    expect(sent(h, `/api/v1/appliances/${carId}/readings`).at(-1)).toMatchObject({ value: 40, power_watts: 7200 });
    expect(sent(h, '/api/v1/household-load/readings').at(-1)).toMatchObject({ value: 8400 });

    h.ha.setState(POWER, '0', { unit_of_measurement: 'kW', device_class: 'power' });
    await h.advance(5 * MIN);
    expect(sent(h, `/api/v1/appliances/${carId}/readings`).at(-1)).toMatchObject({ value: 40, power_watts: 0 });
  });
});
