import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: '.data',
      bodyLimit: '1mb',
      emailConfirmationRequired: false,
      authRateLimitPerMinute: 10,
      authRateLimitPerIpPerMinute: 1000,
    });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('runs two planning worker loops by default, never more than the pool less two, at least one', () => {
    expect(loadConfig({}).planningWorkers).toBe(2);
    expect(loadConfig({ DB_POOL_MAX: '30' }).planningWorkers).toBe(2);
    expect(loadConfig({ DB_POOL_MAX: '3' }).planningWorkers).toBe(1);
    expect(loadConfig({ DB_POOL_MAX: '1' }).planningWorkers).toBe(1);
    expect(loadConfig({ DB_POOL_MAX: '30', PLANNING_WORKERS: '8' }).planningWorkers).toBe(8);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('accepts a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.internal:5432/offpeak' }).databaseUrl).toBe('postgres://u:p@db.internal:5432/offpeak');
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/offpeak' }).databaseUrl).toBe('postgresql://localhost/offpeak');
  });

  it('accepts a PUBLIC_URL on localhost and refuses one that is not http(s)', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe('http://localhost:8080');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow('PUBLIC_URL: must be an http or https URL');
  });

  it('parses numbers and booleans', () => {
    expect(loadConfig({ PORT: '9000', EMAIL_CONFIRMATION_REQUIRED: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '0' })).toMatchObject({
      port: 9000,
      emailConfirmationRequired: true,
      authRateLimitPerMinute: 0,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ BODY_LIMIT: 'huge' }, 'BODY_LIMIT'],
    [{ EMAIL_CONFIRMATION_REQUIRED: 'maybe' }, 'EMAIL_CONFIRMATION_REQUIRED'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '-1' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
    [{ JWT_SECRET: 'é'.repeat(15) }, 'JWT_SECRET'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'loopback,,10.0.0.1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
  ])('refuses %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it("takes TRUST_PROXY as a hop count or the proxies' addresses and subnets, never every hop", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 192.168.1.5, fd00::/8, ::1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be false, a hop count .*true would trust every hop \(got "true"\)/);
  });

  it('takes a JWT_SECRET of 32 bytes or more, and never shows a refused one', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    expect(loadConfig({ JWT_SECRET: 'é'.repeat(16) }).jwtSecret).toBe('é'.repeat(16));
    expect(() => loadConfig({ JWT_SECRET: 'y'.repeat(31) })).toThrow('JWT_SECRET: must be at least 32 bytes (got a value not shown)');
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('LOG_LEVEL');
    }
  });
});
