import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { acceleratedClock, type Clock, type ClockSetting } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { startCloud, type CloudOverrides, type RunningCloud } from '../../src/server.js';
import type { PlanningChange } from '../../src/services/planning-events.js';
import { apiClient, type ApiClient } from './http.js';

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
    // A test that turns the jobs on drives them from source, on the request thread: the jobs
    // thread runs the built cloud's file (the built cloud's tests and the system tests cover it).
    jobsThread: false,
    // An unroutable loopback port: a test never reaches the real weather feed.
    weatherFallbackBaseUrl: 'http://127.0.0.1:9',
    ...overrides,
  };
}

/**
 * The cloud's clock for a test on a chosen day: it reads `startMs` now and runs at real speed. A
 * test whose plan depends on the sun or the season starts it on a fixed day, not on the date the
 * suite runs.
 */
export function realSpeedClockFrom(startMs: number): { setting: ClockSetting; clock: Clock } {
  const setting = { startMs, anchorMs: Date.now(), rate: 1 };
  return { setting, clock: acceleratedClock(setting) };
}

/** Starts a real cloud instance (HTTP on loopback) on the given database, or on a fresh one. */
export async function startTestCloud(overrides: Partial<Config> = {}, deps: CloudOverrides = {}): Promise<RunningCloud> {
  const databaseUrl = overrides.databaseUrl ?? (await createTestDatabase());
  return startCloud(testConfig({ ...overrides, databaseUrl }), deps);
}

/** What useTestCloud gives a test file: its cloud, an API client, and the planning events emitted. */
export interface CloudFixture {
  readonly cloud: RunningCloud;
  readonly api: ApiClient;
  /** (user id, reason) of every planning change since the current test began. */
  readonly events: [string, PlanningChange][];
}

/** One cloud per test file (started before all, stopped after all), with the events cleared before each test. */
export function useTestCloud(overrides: Partial<Config> = {}): CloudFixture {
  let cloud: RunningCloud | undefined;
  let api: ApiClient | undefined;
  const events: [string, PlanningChange][] = [];
  beforeAll(async () => {
    cloud = await startTestCloud(overrides);
    api = apiClient(cloud.url);
    cloud.services.planningEvents.subscribe((userId, reason) => events.push([userId, reason]));
  });
  afterAll(() => cloud?.stop());
  beforeEach(() => {
    events.length = 0;
  });
  return {
    get cloud() {
      return cloud!;
    },
    get api() {
      return api!;
    },
    events,
  };
}
