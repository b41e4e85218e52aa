// What every feature receives: configuration, clock, logger, the two links and the shared state.
import type { CloudApi } from './cloud.js';
import type { Clock } from '@offpeak/client-kit';
import type { AddonConfig } from './config.js';
import type { HaLink } from './ha.js';
import type { Logger } from './log.js';
import type { ReadingBuffer } from './reading-buffer.js';
import type { AddonState } from './state.js';
import type { SerialQueue, TaskTracker } from './tasks.js';

export interface AddonContext {
  config: Readonly<AddonConfig>;
  clock: Clock;
  log: Logger;
  ha: HaLink;
  cloud: CloudApi;
  buffer: ReadingBuffer;
  state: AddonState;
  version: string;
  /** Timer-started work, for waiting until idle. */
  tasks: TaskTracker;
  /** Everything that commands Home Assistant runs through here, one at a time. */
  commands: SerialQueue;
  /** Intervals of the features, clock ms (tests shorten none of them: the clock runs fast instead). */
  timing: AddonTiming;
}

export interface AddonTiming {
  readingsEveryMs: number;
  updatedAtPollMs: number;
  appliancesRefreshMs: number;
  weatherCheckMs: number;
  /** After an entity change, how long before the entity list is compared and, when it changed, reported. */
  entityReportEveryMs: number;
  /** After a failed entity report, when it is tried again. */
  entityReportRetryMs: number;
  /** How long before each boundary the schedules view is pulled; null: drawn at start (view-refresh.ts). */
  viewLeadMs: number | null;
  /** How long after each 5-minute mark the readings are sent; null: drawn at start (readings-push.ts). */
  readingsPushDelayMs: number | null;
  /** How far into the 02:30-03:30 UTC window the forecast push is due; null: drawn at start (weather.ts). */
  weatherPushOffsetMs: number | null;
}

export const DEFAULT_TIMING: AddonTiming = {
  readingsEveryMs: 5 * 60_000,
  updatedAtPollMs: 3 * 60_000,
  appliancesRefreshMs: 60 * 60_000,
  weatherCheckMs: 10 * 60_000,
  entityReportEveryMs: 60_000,
  entityReportRetryMs: 5 * 60_000,
  viewLeadMs: null,
  readingsPushDelayMs: null,
  weatherPushOffsetMs: null,
};

/** A started feature's stop function. */
export type Stop = () => void;
