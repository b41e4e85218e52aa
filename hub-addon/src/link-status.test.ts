import { CloudError } from '@offpeak/client-kit';
import { describe, expect, it } from 'vitest';
import { cloudLinkAfter, CONNECTING, haLinkAfter, LINK_OK, linkText, recordLink, type Links } from './link-status.js';
import { createLogger } from './log.js';

const SUPERVISED = { ha: { url: 'ws://supervisor/core/websocket', token: 't', supervised: true }, cloudUrl: 'https://offpeak.example' };
const STANDALONE = { ha: { url: 'ws://127.0.0.1:8123/api/websocket', token: 't', supervised: false }, cloudUrl: 'http://127.0.0.1:8080' };

describe('cloudLinkAfter', () => {
  it.each([
    ['no answer', new CloudError(0, 'connect ECONNREFUSED 127.0.0.1:8080', '/auth/me'), 'unreachable', /the add-on option cloud_url/],
    ['a wrong password', new CloudError(400, 'Invalid login credentials', '/auth/login'), 'refused', /the add-on option email and the add-on option password/],
    ['a session that cannot be renewed', new CloudError(401, 'Invalid token', '/api/v1/schedules'), 'refused', /refresh_token/],
    ['another server at the address', new CloudError(404, '<html>Not Found</html>', '/auth/login'), 'refused', /Check the add-on option cloud_url/],
    ['a cloud whose database is down', new CloudError(503, 'Database unavailable', '/api/v1/schedules'), 'refused', /Nothing to change here/],
    ['an unconfirmed email', new CloudError(400, 'Email not confirmed', '/auth/login'), 'refused', /confirmation link/],
  ])('%s', (_, error, state, fix) => {
    const link = cloudLinkAfter(error, SUPERVISED)!;
    expect(link.state).toBe(state);
    expect(link.fix).toMatch(fix);
  });

  it('names the environment variables outside the Supervisor', () => {
    expect(cloudLinkAfter(new CloudError(400, 'Invalid login credentials', '/auth/login'), STANDALONE)).toEqual({
      state: 'refused',
      reason: 'wrong credentials: /auth/login answered 400 Invalid login credentials',
      fix: "Set OFFPEAK_EMAIL and OFFPEAK_PASSWORD to your Offpeak account's (or OFFPEAK_REFRESH_TOKEN to a new refresh token), then restart the add-on.",
    });
  });

  it('leaves the link alone when one request was refused for its content', () => {
    expect(cloudLinkAfter(new CloudError(422, 'readings[0].timestamp: invalid', '/api/v1/readings'), SUPERVISED)).toBeNull();
  });
});

describe('haLinkAfter', () => {
  it('says which token to change, under the Supervisor and outside it', () => {
    expect(haLinkAfter('token_refused', STANDALONE).fix).toMatch(/^Set HA_TOKEN to a long-lived access token/);
    expect(haLinkAfter('token_refused', SUPERVISED).fix).toMatch(/^Restart the add-on/);
    expect(haLinkAfter('unreachable', STANDALONE)).toMatchObject({ state: 'unreachable', reason: 'cannot connect to ws://127.0.0.1:8123/api/websocket' });
    expect(haLinkAfter('ok', STANDALONE)).toBe(LINK_OK);
  });
});

describe('recordLink', () => {
  it('logs a problem once, a different refusal again, and the way back', () => {
    const lines: Record<string, any>[] = [];
    const log = createLogger({ level: 'debug', write: (l) => lines.push(JSON.parse(l)) });
    const links: Links = { ha: CONNECTING, cloud: CONNECTING };
    const wrong = cloudLinkAfter(new CloudError(400, 'Invalid login credentials', '/auth/login'), STANDALONE)!;
    for (let i = 0; i < 3; i++) recordLink(links, 'cloud', wrong, log);
    recordLink(links, 'cloud', cloudLinkAfter(new CloudError(503, 'Database unavailable', '/auth/login'), STANDALONE)!, log);
    recordLink(links, 'cloud', LINK_OK, log);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'cloud refused'],
      ['warn', 'cloud refused'],
      ['info', 'cloud reachable'],
    ]);
    expect(lines[0]).toMatchObject({ reason: wrong.reason, fix: wrong.fix });
    expect(linkText(wrong)).toBe('refused: wrong credentials: /auth/login answered 400 Invalid login credentials');
  });
});
