// The Home Assistant link on the simulator: the Supervisor's proxy path, a refused token (retried
// with backoff, never crashing), service errors surfacing with Home Assistant's code.
import { afterEach, describe, expect, it } from 'vitest';
import { HaLink, HaServiceError } from '../src/ha.js';
import { startHaSim, type HaSimHandle } from '../src/ha-sim/index.js';
import { createLogger } from '../src/log.js';
import { HA_TOKEN, waitFor } from './support/harness.js';
import { houseFixture } from './support/house.js';

let ha: HaSimHandle;
let link: HaLink | undefined;
const logs: Record<string, any>[] = [];
const log = createLogger({ level: 'debug', write: (l) => logs.push(JSON.parse(l)) });

afterEach(async () => {
  link?.stop();
  await ha?.stop();
  logs.length = 0;
});

describe('HaLink', () => {
  it('connects through the Supervisor path /core/websocket and reads the unit system and entities', async () => {
    ha = await startHaSim({ fixture: houseFixture(Date.now()), token: HA_TOKEN });
    link = new HaLink({ url: ha.wsUrl.replace('/api/websocket', '/core/websocket'), token: HA_TOKEN, log });
    await link.start();
    expect(link.haVersion).toBe('2026.8.0');
    expect(link.temperatureUnit).toBe('°F');
    await waitFor(() => link!.entity('climate.living_room'), 5_000, 'entities');
    expect(logs.find((l) => l.msg === 'connected to Home Assistant')).toMatchObject({ ha_version: '2026.8.0', unit: '°F', time_zone: 'America/New_York' });
  });

  it('keeps retrying a refused token without crashing, and never logs it', async () => {
    ha = await startHaSim({ fixture: houseFixture(Date.now()), token: HA_TOKEN });
    link = new HaLink({ url: ha.wsUrl, token: 'wrong-token-value', log, maxBackoffMs: 200 });
    void link.start();
    await waitFor(() => logs.filter((l) => l.msg === 'Home Assistant refused the access token; retrying').length >= 2, 10_000, 'two refusals');
    expect(link.connected).toBe(false);
    expect(JSON.stringify(logs)).not.toContain('wrong-token-value');
  });

  it("turns Home Assistant's service errors into HaServiceError with its code", async () => {
    ha = await startHaSim({ fixture: houseFixture(Date.now()), token: HA_TOKEN });
    link = new HaLink({ url: ha.wsUrl, token: HA_TOKEN, log });
    await link.start();
    await expect(link.call('climate', 'set_temperature', 'climate.living_room', { temperature: 120 })).rejects.toMatchObject({
      name: 'HaServiceError',
      code: 'service_validation_error',
    });
    await expect(link.call('climate', 'set_foo', 'climate.living_room')).rejects.toBeInstanceOf(HaServiceError);
    // A call on an entity Home Assistant lacks succeeds and does nothing (Core's behaviour).
    await expect(link.call('switch', 'turn_on', 'switch.ghost')).resolves.toBeUndefined();
  });
});
