// An EV's plug sensor on the simulator and the real built cloud: each charge reading carries
// `plugged_in` from the binary sensor the EV's config names (on: plugged in), so a car plugged in
// or out reaches the cloud with the next 5-minute push, where it re-plans the rest of the day.
import { describe, expect, it } from 'vitest';
import { cloudForFile, pastBoundary, startHarness, type Harness } from './support/harness.js';
import { houseFixture } from './support/house.js';

const MIN = 60_000;
const world = cloudForFile();
const PLUG = 'binary_sensor.ev_plug';
const plugEntity = (state: string) => ({ entity_id: PLUG, state, attributes: { device_class: 'plug', friendly_name: 'EV plug' } });

/** The readings the add-on sent for the car, oldest first. */
const carReadings = (h: Harness, carId: string) =>
  h.requests.filter((r) => r.path === `/api/v1/appliances/${carId}/readings` && r.status === 201).flatMap((r) => r.body.readings as Record<string, unknown>[]);

describe('an EV with a plug sensor', () => {
  it('sends plugged_in with each charge reading, and the change when the car is unplugged', async () => {
    let carId = '';
    const h = await startHarness({
      cloud: world.cloud,
      startMs: pastBoundary(30 * MIN),
      fixture: (now) => houseFixture(now, [plugEntity('on')]),
      prepare: async (account) => {
        carId = await account.createAppliance('ev_charger', 'Car', {
          entity_id: 'switch.ev_charger',
          soc_entity_id: 'sensor.ev_battery',
          plug_entity_id: PLUG,
          battery_capacity_kwh: 60,
          max_charge_rate_kw: 7,
        });
      },
    });
    world.running.push(h);
    await h.advance(10 * MIN);
    expect(carReadings(h, carId).at(-1)).toMatchObject({ value: 40, plugged_in: true });

    h.ha.setState(PLUG, 'off', { device_class: 'plug', friendly_name: 'EV plug' });
    await h.advance(5 * MIN);
    expect(carReadings(h, carId).at(-1)).toMatchObject({ value: 40, plugged_in: false });
  });
});
