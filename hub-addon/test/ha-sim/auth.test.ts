// Auth phase: Core's on /api/websocket, the Supervisor proxy's on /core/websocket and /core/api/websocket.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERR_INVALID_AUTH, getStates } from 'home-assistant-js-websocket';
import { WebSocket } from 'ws';
import type { HaSimHandle } from '../../src/ha-sim/index.js';
import { connectHaws, RawClient, startFixtureSim, sleep, TOKEN } from './helpers.js';

let ha: HaSimHandle;
beforeEach(async () => {
  ha = await startFixtureSim({ authTimeoutMs: 300 });
});
afterEach(async () => {
  await ha.stop();
});

describe('auth phase', () => {
  it('sends auth_required and auth_ok with the fixture ha_version', async () => {
    const c = await RawClient.open(ha.wsUrl);
    await c.waitFor(() => c.frames.length >= 1);
    expect(c.frames[0]).toEqual({ type: 'auth_required', ha_version: '2026.8.0' });
    c.send({ type: 'auth', access_token: TOKEN });
    await c.waitFor(() => c.frames.length >= 2);
    expect(c.frames[1]).toEqual({ type: 'auth_ok', ha_version: '2026.8.0' });
    c.close();
  });

  it('answers a wrong token with auth_invalid and closes', async () => {
    const c = await RawClient.open(ha.wsUrl);
    c.send({ type: 'auth', access_token: 'wrong' });
    await c.waitClosed();
    expect(c.frames).toEqual([
      { type: 'auth_required', ha_version: '2026.8.0' },
      { type: 'auth_invalid', message: 'Invalid access token or password' },
    ]);
  });

  it('makes haws reject with ERR_INVALID_AUTH and not retry', async () => {
    await expect(connectHaws(ha.url, 'wrong')).rejects.toBe(ERR_INVALID_AUTH);
    await sleep(1200);
    expect(ha.connectionCount).toBe(0);
  });

  it('refuses a malformed auth message with the voluptuous text', async () => {
    const c = await RawClient.open(ha.wsUrl);
    c.send({ type: 'auth', access_token: TOKEN, api_password: 'x' });
    await c.waitClosed();
    expect(c.frames[1]).toEqual({
      type: 'auth_invalid',
      message: "Auth message incorrectly formatted: two or more values in the same group of exclusion 'auth' @ data[<auth>]. Got None",
    });
    const d = await RawClient.open(ha.wsUrl);
    d.send({ type: 'login', access_token: TOKEN });
    await d.waitClosed();
    expect(d.frames[1]).toEqual({
      type: 'auth_invalid',
      message: "Auth message incorrectly formatted: not a valid value for dictionary value @ data['type']. Got 'login'",
    });
  });

  it('closes a client that sends no auth message in time, without auth_ok', async () => {
    const c = await RawClient.open(ha.wsUrl);
    await c.waitClosed(2000);
    expect(c.frames).toEqual([{ type: 'auth_required', ha_version: '2026.8.0' }]);
  });

  it('closes on invalid JSON during auth', async () => {
    const c = await RawClient.open(ha.wsUrl);
    c.send('{not json');
    await c.waitClosed();
    expect(c.frames).toHaveLength(1);
  });
});

describe('Supervisor proxy paths', () => {
  for (const path of ['/core/websocket', '/core/api/websocket']) {
    it(`${path} authenticates with the token and serves commands`, async () => {
      const c = await RawClient.authed(ha.url.replace('http', 'ws') + path);
      c.send({ id: 1, type: 'ping' });
      expect(await c.reply(1)).toEqual({ id: 1, type: 'pong' });
      c.send({ id: 2, type: 'supervisor/api', endpoint: '/info', method: 'get' });
      expect(await c.reply(2)).toMatchObject({ id: 2, type: 'result', success: false, error: { code: 'unauthorized' } });
      c.close();
    });

    it(`${path} refuses another token with "Invalid access"`, async () => {
      const c = await RawClient.open(ha.url.replace('http', 'ws') + path);
      c.send({ type: 'auth', access_token: 'not-the-supervisor-token' });
      await c.waitClosed();
      expect(c.frames).toEqual([
        { type: 'auth_required', ha_version: '2026.8.0' },
        { type: 'auth_invalid', message: 'Invalid access' },
      ]);
    });
  }

  it('haws pointed at http://host/core reaches /core/api/websocket', async () => {
    const conn = await connectHaws(`${ha.url}/core`);
    expect((await getStates(conn)).length).toBeGreaterThan(5);
    conn.close();
  });

  it('answers an unknown path with 404 and no upgrade', async () => {
    const ws = new WebSocket(ha.url.replace('http', 'ws') + '/websocket');
    const err = await new Promise<Error>((resolve) => ws.once('error', resolve));
    expect(err.message).toBe('Unexpected server response: 404');
  });
});
