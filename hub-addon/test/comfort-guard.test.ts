// The comfort guard on the simulator: with the cloud unreachable and the house outside the comfort
// band of the cached plan, the thermostat gets the band's middle and readings say the guard is in
// control; a person's change in the slot wins over it; with the cloud reachable it does nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SchedulesView } from '@offpeak/cloud/contract';
import type { HubAppliance } from '../src/appliances.js';
import { SimulatedClock } from '@offpeak/client-kit';
import type { AddonContext } from '../src/context.js';
import { DEFAULT_TIMING } from '../src/context.js';
import { runComfortGuard } from '../src/features/comfort-guard.js';
import { collectReadings } from '../src/features/readings.js';
import { HaLink } from '../src/ha.js';
import { localSlotAt } from '../src/local-time.js';
import { LINK_OK } from '../src/link-status.js';
import { startHaSim, type HaSimHandle } from '../src/ha-sim/index.js';
import { createLogger, silentLogger } from '../src/log.js';
import { ReadingBuffer } from '../src/reading-buffer.js';
import { controlOf, initialState } from '../src/state.js';
import { SerialQueue, TaskTracker } from '../src/tasks.js';
import { HA_TOKEN, waitFor } from './support/harness.js';
import { houseFixture } from './support/house.js';

const START = Date.parse('2026-07-01T16:05:00Z'); // 12:05 in New York, slot 24
const HVAC: HubAppliance = {
  id: '0b7c8a1e-0000-4000-8000-000000000001',
  name: 'Living room',
  type: 'hvac',
  isActive: true,
  entities: { entity_id: 'climate.living_room' },
  override: null,
};
// A cached plan that pre-cools at the band's low edge (70) inside a 70-76 F band.
const VIEW = {
  date: '2026-07-01',
  optimization_enabled: true,
  appliances: [
    {
      appliance_id: HVAC.id,
      appliance_type: 'hvac',
      name: HVAC.name,
      optimization_enabled: true,
      source: 'optimization',
      savings_pct: 5,
      entities: HVAC.entities,
      schedule: {
        intervals: [...Array(48).keys()],
        high_temps: Array(48).fill(76),
        low_temps: Array(48).fill(70),
        setpoint_temps: Array(48).fill(70),
        temp_trajectory: null,
      },
    },
  ],
} as unknown as SchedulesView;

let ha: HaSimHandle;
let link: HaLink;
let ctx: AddonContext;
let logs: Record<string, any>[];

beforeEach(async () => {
  const clock = new SimulatedClock({ startMs: START, speed: 0 });
  ha = await startHaSim({ fixture: houseFixture(START), token: HA_TOKEN, clock: () => clock.now() });
  ha.setAttributes('climate.living_room', { temperature: 70, current_temperature: 79 });
  link = new HaLink({ url: ha.wsUrl, token: HA_TOKEN, log: silentLogger });
  await link.start();
  logs = [];
  const state = initialState();
  Object.assign(state, { timezone: 'America/New_York', appliances: [HVAC], view: VIEW });
  state.links.cloud = { state: 'unreachable', reason: 'no answer', fix: 'wait' };
  ctx = {
    config: {} as never,
    clock,
    log: createLogger({ level: 'debug', write: (l) => logs.push(JSON.parse(l)) }),
    ha: link,
    cloud: {} as never,
    buffer: {} as ReadingBuffer,
    state,
    version: '0.1.0',
    tasks: new TaskTracker(),
    commands: new SerialQueue(),
    timing: DEFAULT_TIMING,
  };
  await waitFor(() => link.entity('climate.living_room')?.attributes.current_temperature === 79, 5_000, 'entity map');
});

afterEach(async () => {
  link.stop();
  await ha.stop();
});

describe('the comfort guard', () => {
  it('sets the band middle when the house is out of band and the cloud unreachable, and readings say so', async () => {
    await runComfortGuard(ctx);
    expect(ha.getState('climate.living_room')!.attributes.temperature).toBe(73);
    expect(logs.find((l) => l.msg === 'comfort guard applied')).toMatchObject({ entity_id: 'climate.living_room', data: { temperature: 73 } });
    await waitFor(() => link.entity('climate.living_room')?.attributes.temperature === 73, 5_000, 'guard setpoint seen');
    const [reading] = collectReadings(ctx);
    expect(reading).toMatchObject({
      kind: 'hvac',
      reading: { override_active: true, indoor_temp: 79, target_temp: 73, commanded_setpoint: 73, target_temp_step: 1, target_temp_step_unit: 'F' },
    });
  });

  it('does nothing while the cloud answers, inside the band, or after a person changed the thermostat in this slot', async () => {
    const down = ctx.state.links.cloud;
    ctx.state.links.cloud = LINK_OK;
    await runComfortGuard(ctx);
    ctx.state.links.cloud = down;
    controlOf(ctx.state, HVAC.id).overrideSlotKey = localSlotAt(START, ctx.state.timezone).key;
    await runComfortGuard(ctx);
    controlOf(ctx.state, HVAC.id).overrideSlotKey = null;
    ha.setAttributes('climate.living_room', { current_temperature: 75 });
    await waitFor(() => link.entity('climate.living_room')?.attributes.current_temperature === 75, 5_000, 'in band');
    await runComfortGuard(ctx);
    expect(ha.serviceCalls).toEqual([]);
    expect(ha.getState('climate.living_room')!.attributes.temperature).toBe(70);
  });
});
