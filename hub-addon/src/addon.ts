// The add-on as a library: startAddon() connects Home Assistant and the cloud, starts the features
// and returns a handle to stop them (main.ts, the tests and the bench all use it).
import { createCloudApi, type CloudApi } from './cloud.js';
import { RealClock, type Clock } from '@offpeak/client-kit';
import type { AddonConfig } from './config.js';
import { DEFAULT_TIMING, type AddonContext, type AddonTiming, type Stop } from './context.js';
import { startEntityReport } from './features/entity-report.js';
import { startPlans } from './features/plans.js';
import { startPublishEntities } from './features/publish-entities.js';
import { startReadings } from './features/readings.js';
import { startWeatherPush } from './features/weather-push.js';
import { HaLink } from './ha.js';
import { startPanel, type RunningPanel } from './panel/server.js';
import { addonStatus } from './status.js';
import { haLinkAfter, recordLink } from './link-status.js';
import type { FetchLike } from './http-fetch.js';
import { createLogger, stdoutSink, type Logger } from './log.js';
import { ReadingBuffer } from './reading-buffer.js';
import { CloudSession } from './session.js';
import { initialState, type AddonState } from './state.js';
import { SerialQueue, TaskTracker } from './tasks.js';
import { addonVersion } from './version.js';

export interface StartAddonOptions {
  config: Readonly<AddonConfig>;
  clock?: Clock;
  log?: Logger;
  timing?: Partial<AddonTiming>;
  /** Ping watchdog, real ms. */
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
  bufferCapacity?: number;
  fetch?: FetchLike;
  /** The state to fill (a caller may watch it before the start resolves, e.g. while Home Assistant refuses the token). */
  state?: AddonState;
}

export interface RunningAddon {
  state: AddonState;
  ha: HaLink;
  cloud: CloudApi;
  session: CloudSession;
  buffer: ReadingBuffer;
  ctx: AddonContext;
  /** The ingress panel, when the configuration has one. */
  panel: RunningPanel | null;
  /** Resolves once no timer-started work is running. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Connects and starts everything; resolves once Home Assistant is connected and the first plan
 * applied. With options still to set (a first start) it connects Home Assistant only, and the log
 * and `state.missingOptions` say what to set.
 */
export async function startAddon(options: StartAddonOptions): Promise<RunningAddon> {
  const { config } = options;
  const clock = options.clock ?? new RealClock();
  const log = options.log ?? createLogger(stdoutSink(config.logLevel, () => clock.now()));
  const version = addonVersion();
  log.info('starting', {
    version,
    node: process.versions.node,
    ha_url: config.ha.url,
    cloud_url: config.cloudUrl,
    supervised: config.ha.supervised,
    data_dir: config.dataDir,
  });
  const session = new CloudSession({
    baseUrl: config.cloudUrl,
    dataDir: config.dataDir,
    email: config.email,
    password: config.password,
    refreshToken: config.refreshToken,
    log: log.child('session'),
    fetch: options.fetch,
  });
  await session.load();
  const buffer = new ReadingBuffer(config.dataDir, log.child('buffer'), options.bufferCapacity);
  await buffer.load();
  const state = options.state ?? initialState();
  state.missingOptions = config.missingOptions;
  const haLog = log.child('ha');
  const ha = new HaLink({
    url: config.ha.url,
    token: config.ha.token,
    log: haLog,
    pingIntervalMs: options.pingIntervalMs,
    pingTimeoutMs: options.pingTimeoutMs,
    onOutcome: (outcome) => recordLink(state.links, 'ha', haLinkAfter(outcome, config), haLog),
  });
  const ctx: AddonContext = {
    config,
    clock,
    log: log.child('plans'),
    ha,
    cloud: createCloudApi(session),
    buffer,
    state,
    version,
    tasks: new TaskTracker(),
    commands: new SerialQueue(),
    timing: { ...DEFAULT_TIMING, ...options.timing },
  };
  const stops: Stop[] = [];
  // Up before Home Assistant answers, so the panel can say why it does not.
  const panel = config.panel ? await startPanel(config.panel, () => addonStatus(ctx), log.child('panel')) : null;
  await ha.start();
  if (config.missingOptions.length > 0) {
    log.warn("Offpeak is not set up yet: set these options in the add-on's Configuration tab, then restart it", { missing: config.missingOptions });
  } else {
    stops.push(await startPlans(ctx));
    stops.push(startReadings({ ...ctx, log: log.child('readings') }));
    stops.push(startWeatherPush({ ...ctx, log: log.child('weather') }));
    stops.push(startEntityReport({ ...ctx, log: log.child('entities') }));
    stops.push(startPublishEntities({ ...ctx, log: log.child('published') }));
  }
  return {
    state: ctx.state,
    ha,
    cloud: ctx.cloud,
    session,
    buffer,
    ctx,
    panel,
    idle: () => ctx.tasks.idle(),
    stop: async () => {
      for (const stop of stops.reverse()) stop();
      ha.stop();
      await panel?.stop();
      log.info('stopped');
    },
  };
}
