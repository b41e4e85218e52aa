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

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('accepts a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.internal:5432/offpeak' }).databaseUrl).toBe('postgres://u:p@db.internal:5432/offpeak');
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/offpeak' }).databaseUrl).toBe('postgresql://localhost/offpeak');
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
  ])('refuses %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
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
