// One add-on under test: the simulator (sharing the add-on's simulated clock), the real built cloud
// behind a cut-off relay, a signed-up account with the house's appliances, and the add-on itself.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAddon, type RunningAddon, type StartAddonOptions } from '../../src/addon.js';
import { signUp, type CloudAccount } from '../../src/bench/cloud-account.js';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startCloudProcess, startCutOff, type CloudProcess, type CutOff } from '../../src/bench/cloud-process.js';
import { SimulatedClock } from '@offpeak/client-kit';
import type { AddonConfig } from '../../src/config.js';
import { startHaSim, type FixtureData, type HaSimHandle } from '../../src/ha-sim/index.js';
import { httpFetch, type FetchLike } from '../../src/http-fetch.js';
import { createLogger, type Logger } from '../../src/log.js';
import { startsLocalDay } from '../../src/view-refresh.js';

export const HA_TOKEN = 'test-ha-token';
const HOUR_MS = 60 * 60_000;

/** Polls `check` until it returns a truthy value. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 15_000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A whole-hour boundary (a local one in whole-hour zones) at least `marginMs` before real now, such
 * that neither it nor any half-hour boundary in the `spanMs` after it (the ones a test lives
 * through) is the first of a local day in `zone` (the harness accounts' zone): that boundary's view
 * is pulled after it and its slot applied then (src/view-refresh.ts), so a test of ordinary
 * boundaries would fail whenever it ran in that hour of the day (runs at 07:00-07:59 UTC in New
 * York's winter failed "is pulled its lead before the boundary", and one spanning an hour "honors a
 * pause switched ... at the next boundary").
 */
export function pastBoundary(marginMs = 60_000, zone = 'America/New_York', spanMs = 0): number {
  let boundary = Math.floor((Date.now() - marginMs) / HOUR_MS) * HOUR_MS;
  const startsDayWithin = (b: number) =>
    Array.from({ length: Math.floor(spanMs / (HOUR_MS / 2)) + 1 }, (_, k) => b + (k * HOUR_MS) / 2).some((t) => startsLocalDay(t, zone));
  while (startsDayWithin(boundary)) boundary -= HOUR_MS;
  return boundary;
}

export interface Harness {
  clock: SimulatedClock;
  ha: HaSimHandle;
  cutoff: CutOff;
  account: CloudAccount;
  addon: RunningAddon;
  dataDir: string;
  logs: Record<string, any>[];
  log: Logger;
  /** Every request the add-on sent to the cloud, in order. */
  requests: { method: string; path: string; body: any; status: number }[];
  /** Moves the simulated clock and lets the features' I/O run. */
  advance(ms: number): Promise<void>;
  config: AddonConfig;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  cloud: CloudProcess;
  startMs: number;
  fixture: (nowMs: number) => FixtureData;
  /** Sets up the account before the add-on starts (appliances, preferences, recompute). */
  prepare: (account: CloudAccount) => Promise<void>;
  timezone?: string;
  addon?: Partial<StartAddonOptions>;
  configPatch?: Partial<AddonConfig>;
  dataDir?: string;
  account?: CloudAccount;
  /** Runs on the simulator before the add-on starts (seed history, change states). */
  beforeStart?: (ha: HaSimHandle) => void;
  /** The cloud is cut off when the add-on starts. */
  cloudDownAtStart?: boolean;
  /** Rewrites the simulator's WebSocket URL the add-on uses (to put a relay in between). */
  haUrl?: (wsUrl: string) => Promise<string>;
  /** Stands between the add-on and the cloud: `send` forwards the request (to hold it or act around it). */
  relay?: (request: { method: string; path: string }, send: () => ReturnType<FetchLike>) => ReturnType<FetchLike>;
}

export async function startHarness(opts: HarnessOptions): Promise<Harness> {
  const clock = new SimulatedClock({ startMs: opts.startMs, speed: 0 });
  const ha = await startHaSim({ fixture: opts.fixture(opts.startMs), token: HA_TOKEN, clock: () => clock.now() });
  opts.beforeStart?.(ha);
  const cutoff = await startCutOff(opts.cloud.url);
  if (opts.cloudDownAtStart) await cutoff.down();
  const account = opts.account ?? (await signUp(opts.cloud.url, { timezone: opts.timezone ?? 'America/New_York' }));
  await opts.prepare(account);
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'addon-data-'));
  const logs: Record<string, any>[] = [];
  const log = createLogger({
    level: 'debug',
    now: () => clock.now(),
    write: (line) => {
      logs.push(JSON.parse(line));
      if (process.env.ADDON_LOG) process.stderr.write(line + '\n');
    },
  });
  const config: AddonConfig = {
    ha: { url: opts.haUrl ? await opts.haUrl(ha.wsUrl) : ha.wsUrl, token: HA_TOKEN, supervised: false },
    cloudUrl: cutoff.url,
    email: account.email,
    password: account.password,
    refreshToken: null,
    dataDir,
    logLevel: 'debug',
    householdPowerEntityId: 'sensor.household_power',
    appliances: [],
    missingOptions: [],
    ...opts.configPatch,
  };
  const requests: Harness['requests'] = [];
  const recordingFetch: FetchLike = async (input, init) => {
    const path = new URL(input).pathname;
    const send = () => httpFetch(input, init);
    const res = await (opts.relay ? opts.relay({ method: init.method, path }, send) : send());
    requests.push({
      method: init.method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      status: res.status,
    });
    return res;
  };
  // The readings go at the mark unless a test says otherwise, so counts per cycle stay exact
  // (readings-spread.test.ts draws the delay).
  const timing = { readingsPushDelayMs: 0, weatherPushOffsetMs: 0, ...opts.addon?.timing };
  const addon = await startAddon({ config, clock, log, pingIntervalMs: 2000, pingTimeoutMs: 3000, fetch: recordingFetch, ...opts.addon, timing });
  return {
    clock,
    ha,
    cutoff,
    account,
    addon,
    dataDir,
    logs,
    log,
    requests,
    config,
    advance: async (ms) => {
      // Step in minutes and let each step's work finish before the next, as real time would.
      for (let left = ms; left > 0; left -= 60_000) {
        clock.advance(Math.min(60_000, left));
        await new Promise((r) => setTimeout(r, 5));
        await addon.idle();
      }
    },
    stop: async () => {
      await addon.stop();
      await ha.stop();
      await cutoff.close();
    },
  };
}

/**
 * One built cloud for a test file (started before its tests, stopped after), and the add-ons the
 * tests put in `running`, stopped after each test.
 */
export function cloudForFile(): { readonly cloud: CloudProcess; running: Harness[] } {
  let cloud: CloudProcess | undefined;
  const running: Harness[] = [];
  beforeAll(async () => {
    cloud = await startCloudProcess();
  }, 120_000);
  afterEach(async () => {
    for (const h of running.splice(0)) await h.stop();
  });
  afterAll(async () => {
    await cloud?.stop();
  });
  return {
    get cloud() {
      return cloud!;
    },
    running,
  };
}
