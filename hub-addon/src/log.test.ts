import { describe, expect, it } from 'vitest';
import { createLogger } from './log.js';

describe('logger', () => {
  it('writes one JSON line per event with its name and level', () => {
    const lines: string[] = [];
    createLogger({ level: 'info', write: (l) => lines.push(l), now: () => Date.parse('2026-07-01T12:00:00Z') }, 'addon')
      .child('plans')
      .info('applied', { slot: 25 });
    expect(JSON.parse(lines[0]!)).toEqual({ time: '2026-07-01T12:00:00.000Z', level: 'info', logger: 'addon.plans', msg: 'applied', slot: 25 });
  });

  it('drops lines below the level', () => {
    const lines: string[] = [];
    createLogger({ level: 'warn', write: (l) => lines.push(l) }).info('x');
    expect(lines).toEqual([]);
  });

  it('never writes passwords, tokens or bearer strings', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'debug', write: (l) => lines.push(l) });
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';
    log.info(`request failed with Bearer ${jwt}`, {
      password: 'hunter22',
      refresh_token: 'rt_abcdefghijklmnop',
      nested: { access_token: jwt, note: `token rt_zyxwvutsrqponmlk leaked` },
      error: new Error(`bad ${jwt}`),
    });
    const text = lines.join('\n');
    for (const secret of ['hunter22', 'rt_abcdefghijklmnop', 'rt_zyxwvutsrqponmlk', jwt]) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
