import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { startCloud, type CloudOverrides, type RunningCloud } from '../../src/server.js';

/** Clones the migrated template into a new database and returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE offpeak_template`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Test configuration: loopback, an ephemeral port, quiet logs, a fixed secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    shutdownGraceMs: 2_000,
    // Scheduled jobs would reach real feeds; tests call the services directly.
    jobsEnabled: false,
    // An unroutable loopback port: a test never reaches the real weather feed.
    weatherFallbackBaseUrl: 'http://127.0.0.1:9',
    ...overrides,
  };
}

/** Starts a real cloud instance (HTTP on loopback) on the given database, or on a fresh one. */
export async function startTestCloud(overrides: Partial<Config> = {}, deps: CloudOverrides = {}): Promise<RunningCloud> {
  const databaseUrl = overrides.databaseUrl ?? (await createTestDatabase());
  return startCloud(testConfig({ ...overrides, databaseUrl }), deps);
}
