// Command-phase rules (ids, formats, unknown commands), feature negotiation, coalescing, ping/pong.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConnection, createLongLivedTokenAuth, getStates } from 'home-assistant-js-websocket';
import { WebSocket } from 'ws';
import { startHaSim, type HaSimHandle } from '../../src/ha-sim/index.js';
import { connectHaws, fixture, RawClient, sleep, startFixtureSim, TOKEN } from './helpers.js';

let ha: HaSimHandle;
beforeEach(async () => {
  ha = await startFixtureSim();
});
afterEach(async () => {
  await ha.stop();
});

const err = (id: unknown, code: string, message: string) => ({ id, type: 'result', success: false, error: { code, message } });

describe('command phase', () => {
  it('rejects bad ids and types and keeps the connection open', async () => {
    const c = await RawClient.authed(ha.wsUrl);
    c.send({ id: 5, type: 'ping' });
    expect(await c.reply(5)).toEqual({ id: 5, type: 'pong' });
    c.send({ id: 5, type: 'ping' });
    await c.waitFor(() => c.messages().length >= 4);
    c.send({ id: 4, type: 'get_states' });
    c.send({ type: 'get_states' });
    c.send({ id: 0, type: 'get_states' });
    c.send({ id: 6, type: 7 });
    c.send({ id: 7, type: 'no_such_command' });
    c.send({ id: 8, type: 'get_states', foo: 1 });
    c.send({ id: 9, type: 'ping' });
    await c.reply(9);
    const after = c.messages().slice(3);
    expect(after).toEqual([
      err(5, 'id_reuse', 'Identifier values have to increase.'),
      err(4, 'id_reuse', 'Identifier values have to increase.'),
      err(null, 'invalid_format', 'Message incorrectly formatted.'),
      err(0, 'invalid_format', 'Message incorrectly formatted.'),
      err(6, 'invalid_format', 'Message incorrectly formatted.'),
      err(7, 'unknown_command', 'Unknown command.'),
      err(8, 'invalid_format', "extra keys not allowed @ data['foo']. Got 1"),
      { id: 9, type: 'pong' },
    ]);
    expect(c.closed).toBe(false);
    c.close();
  });

  it('reports a schema error with the humanized voluptuous text', async () => {
    const c = await RawClient.authed(ha.wsUrl);
    c.send({ id: 1, type: 'unsubscribe_events' });
    expect(await c.reply(1)).toEqual(err(1, 'invalid_format', "required key not provided @ data['subscription']. Got None"));
    c.send({ id: 2, type: 'unsubscribe_events', subscription: 99 });
    expect(await c.reply(2)).toEqual(err(2, 'not_found', 'Subscription not found.'));
    c.close();
  });

  it('closes the connection on invalid JSON or a binary frame, without a result', async () => {
    const c = await RawClient.authed(ha.wsUrl);
    c.send('{"id": 1, "type": ');
    await c.waitClosed();
    expect(c.messages().map((m) => m.type)).toEqual(['auth_required', 'auth_ok']);
    const d = await RawClient.authed(ha.wsUrl);
    d.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await d.waitClosed();
  });

  it('answers ping with a pong that is not a result', async () => {
    const conn = await connectHaws(ha.url);
    await conn.ping();
    conn.close();
    const c = await RawClient.authed(ha.wsUrl);
    c.send({ id: 3, type: 'ping' });
    expect(await c.reply(3)).toEqual({ id: 3, type: 'pong' });
    c.close();
  });
});

describe('feature negotiation and coalescing', () => {
  it('haws sends supported_features with id 1 first, and gets result null', async () => {
    const seen: unknown[] = [];
    const received: unknown[] = [];
    class Spy extends WebSocket {
      constructor(url: string) {
        super(url);
        const send = this.send.bind(this);
        this.send = ((data: string) => {
          seen.push(JSON.parse(data));
          send(data);
        }) as typeof this.send;
        this.on('message', (d) => received.push(JSON.parse(d.toString())));
      }
    }
    (globalThis as { WebSocket?: unknown }).WebSocket = Spy;
    const conn = await createConnection({ auth: createLongLivedTokenAuth(ha.url, TOKEN) });
    await getStates(conn);
    expect(seen[0]).toEqual({ type: 'auth', access_token: TOKEN });
    expect(seen[1]).toEqual({ type: 'supported_features', id: 1, features: { coalesce_messages: 1 } });
    expect(seen[2]).toMatchObject({ type: 'get_states', id: 3 });
    const flat = received.flatMap((f) => (Array.isArray(f) ? f : [f]));
    expect(flat).toContainEqual({ id: 1, type: 'result', success: true, result: null });
    conn.close();
  });

  it('haws does not negotiate features with a 2022.8.0 core, and still gets its entities', async () => {
    const old = await startHaSim({ fixture: { ...fixture(), ha_version: '2022.8.0' }, token: TOKEN });
    const seen: { type: string }[] = [];
    class Spy extends WebSocket {
      constructor(url: string) {
        super(url);
        const send = this.send.bind(this);
        this.send = ((data: string) => {
          seen.push(JSON.parse(data));
          send(data);
        }) as typeof this.send;
      }
    }
    (globalThis as { WebSocket?: unknown }).WebSocket = Spy;
    const conn = await createConnection({ auth: createLongLivedTokenAuth(old.url, TOKEN) });
    expect(conn.haVersion).toBe('2022.8.0');
    expect((await getStates(conn)).length).toBe(11);
    expect(seen.map((m) => m.type)).not.toContain('supported_features');
    conn.close();
    await old.stop();
  });

  it('coalesces queued messages into one array frame once negotiated', async () => {
    const c = await RawClient.authed(ha.wsUrl);
    c.send({ id: 1, type: 'supported_features', features: { coalesce_messages: 1 } });
    await c.reply(1);
    const before = c.frames.length;
    c.send([
      { id: 2, type: 'ping' },
      { id: 3, type: 'get_config' },
      { id: 4, type: 'ping' },
    ]);
    await c.reply(4);
    await sleep(50);
    const frames = c.frames.slice(before);
    expect(frames).toHaveLength(1);
    expect(Array.isArray(frames[0])).toBe(true);
    expect((frames[0] as { id: number }[]).map((m) => m.id)).toEqual([2, 3, 4]);
    c.close();
  });

  it('sends one message per frame without the feature, even for an array of commands', async () => {
    const c = await RawClient.authed(ha.wsUrl);
    const before = c.frames.length;
    c.send([
      { id: 2, type: 'ping' },
      { id: 3, type: 'ping' },
      { id: 4, type: 'ping' },
    ]);
    await c.reply(4);
    await sleep(50);
    expect(c.frames.slice(before)).toEqual([
      { id: 2, type: 'pong' },
      { id: 3, type: 'pong' },
      { id: 4, type: 'pong' },
    ]);
    c.close();
  });

  it('haws handles coalesced bursts: the state change arrives before the call result resolves', async () => {
    const conn = await connectHaws(ha.url);
    const events: string[] = [];
    await conn.subscribeEvents((e: { data: { new_state: { state: string } } }) => events.push(e.data.new_state.state), 'state_changed');
    await conn.sendMessagePromise({ type: 'call_service', domain: 'switch', service: 'turn_on', target: { entity_id: 'switch.ev_charger' } });
    expect(events).toEqual(['on']);
    conn.close();
  });
});

describe('command schemas', () => {
  it('validates supported_features, subscribe_events and call_service fields', async () => {
    const c = await RawClient.authed(ha.wsUrl);
    c.send({ id: 1, type: 'supported_features', features: [] });
    expect(await c.reply(1)).toEqual(err(1, 'invalid_format', "expected a dictionary for dictionary value @ data['features']. Got []"));
    c.send({ id: 2, type: 'subscribe_events', event_type: 5 });
    expect(await c.reply(2)).toEqual(err(2, 'invalid_format', "expected str for dictionary value @ data['event_type']. Got 5"));
    c.send({ id: 3, type: 'call_service', domain: 'switch', service: 'turn_on', return_response: 'yes' });
    expect(await c.reply(3)).toEqual(err(3, 'invalid_format', "expected bool for dictionary value @ data['return_response']. Got 'yes'"));
    c.send({ id: 4, type: 'call_service', service: 'turn_on' });
    expect(await c.reply(4)).toEqual(err(4, 'invalid_format', "required key not provided @ data['domain']. Got None"));
    c.send({ id: 5, type: 'call_service', domain: 'switch', service: 'turn_on', target: { entity_id: 'switch.ev_charger', foo: 1 } });
    expect(await c.reply(5)).toEqual(err(5, 'invalid_format', "extra keys not allowed @ data['target']['foo']. Got 1"));
    c.send({ id: 6, type: 'call_service', domain: 'switch', service: 'turn_on' });
    expect(await c.reply(6)).toEqual(err(6, 'invalid_format', 'must contain at least one of entity_id, device_id, area_id, floor_id, label_id.'));
    c.close();
  });
});
