// Dropped connections, restarts and hung sockets, as haws sees them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callService, createConnection, createLongLivedTokenAuth, subscribeEntities, type Connection, type HassEntities } from 'home-assistant-js-websocket';
import { WebSocket } from 'ws';
import type { HaSimHandle } from '../../src/ha-sim/index.js';
import { sleep, startFixtureSim, TOKEN, until } from './helpers.js';

let ha: HaSimHandle;
let conn: Connection | undefined;
const sent: { id?: number; type: string }[] = [];

/** ws with every sent message recorded. */
class Spy extends WebSocket {
  constructor(url: string) {
    super(url);
    const send = this.send.bind(this);
    this.send = ((data: string) => {
      sent.push(JSON.parse(data));
      send(data);
    }) as typeof this.send;
  }
}

beforeEach(async () => {
  sent.length = 0;
  ha = await startFixtureSim();
  (globalThis as { WebSocket?: unknown }).WebSocket = Spy;
  conn = await createConnection({ auth: createLongLivedTokenAuth(ha.url, TOKEN) });
});
afterEach(async () => {
  conn?.close();
  await ha.stop();
});

function once(c: Connection, event: 'ready' | 'disconnected'): Promise<void> {
  return new Promise((resolve) => {
    const handler = () => {
      c.removeEventListener(event, handler);
      resolve();
    };
    c.addEventListener(event, handler);
  });
}

describe('reconnection', () => {
  for (const noCloseFrame of [false, true]) {
    it(`reconnects after a drop (${noCloseFrame ? 'no close frame' : 'close frame'}), restarts ids at 2 and re-subscribes`, async () => {
      let map: HassEntities = {};
      subscribeEntities(conn!, (m) => (map = m));
      await until(() => map['switch.ev_charger']);
      const disconnected = once(conn!, 'disconnected');
      const ready = once(conn!, 'ready');
      sent.length = 0;
      const t0 = Date.now();
      ha.dropConnections({ noCloseFrame });
      await disconnected;
      ha.setState('switch.ev_charger', 'on');
      await ready;
      expect(Date.now() - t0).toBeLessThan(1500);
      expect(sent.map((m) => [m.type, m.id])).toEqual([
        ['auth', undefined],
        ['supported_features', 1],
        ['subscribe_entities', 2],
      ]);
      await until(() => map['switch.ev_charger']?.state === 'on');
    });
  }

  it('rejects a pending call with code 3 when the socket drops', async () => {
    ha.hangConnections();
    const pending = callService(conn!, 'switch', 'turn_on', undefined, { entity_id: 'switch.ev_charger' });
    const outcome = pending.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await sleep(200);
    ha.dropConnections({ noCloseFrame: true });
    expect(await outcome).toEqual({ type: 'result', success: false, error: { code: 3, message: 'Connection lost' } });
    expect(ha.getState('switch.ev_charger')!.state).toBe('off');
  });

  it('a hung connection answers nothing, not even ping', async () => {
    ha.hangConnections();
    const ping = conn!.ping().then(() => 'pong');
    expect(await Promise.race([ping, sleep(500).then(() => 'silent')])).toBe('silent');
    ha.dropConnections({ noCloseFrame: true });
    await ping.catch(() => undefined);
  });

  it('restart() keeps state and port; haws comes back by itself', async () => {
    await callService(conn!, 'climate', 'set_temperature', { temperature: 71 }, { entity_id: 'climate.living_room' });
    const port = ha.port;
    const ready = once(conn!, 'ready');
    await ha.restart({ downMs: 300 });
    expect(ha.port).toBe(port);
    await ready;
    expect(ha.getState('climate.living_room')!.attributes.temperature).toBe(71);
    await callService(conn!, 'switch', 'turn_on', undefined, { entity_id: 'switch.ev_charger' });
    expect(ha.getState('switch.ev_charger')!.state).toBe('on');
  });
});

describe('hung connection at the WebSocket level', () => {
  it('answers no WebSocket ping either', async () => {
    const raw = new WebSocket(ha.wsUrl);
    await new Promise((r) => raw.once('open', r));
    let pongs = 0;
    raw.on('pong', () => pongs++);
    raw.ping();
    await until(() => pongs === 1);
    ha.hangConnections();
    raw.ping();
    await sleep(300);
    expect(pongs).toBe(1);
    raw.terminate();
  });
});
