// The runner's traffic with the cloud beyond the long-poll: pulling config and schedule, sending
// state reports in order, pushing buffered readings in batches. Each is a coalescing job that
// retries with backoff while the cloud is unreachable.
import { MAX_READINGS_PER_REQUEST } from '@offpeak/cloud/contract';
import { CloudError } from '@offpeak/client-kit';
import type { CloudClient } from './cloud-client.js';
import type { DeviceEvent } from './device.js';
import { createJob } from './jobs.js';
import type { ReadingBuffer } from './readings.js';
import type { Snapshots } from './snapshot.js';
import type { StateReport } from './wire.js';

/** Reports kept while the cloud is unreachable; beyond it the oldest waiting ones go. */
const MAX_OUTBOX = 100;

/** What the jobs need from the runner. */
export interface SyncContext {
  client: CloudClient;
  withRetry: <T>(fn: () => Promise<T>) => Promise<T>;
  applianceId: () => string;
  dispatch: (event: DeviceEvent) => void;
  buffer: ReadingBuffer;
  snap: Snapshots;
  log: (event: string, data?: Record<string, unknown>) => void;
  /** A job's final error (the runner decides whether the device stops). */
  onError: (e: unknown) => void;
  active: () => boolean;
}

/** The cloud jobs of one runner. */
export function createSync(ctx: SyncContext) {
  const { client, withRetry, buffer, snap, active } = ctx;
  const outbox: StateReport[] = [];

  const config = createJob(async () => ctx.dispatch({ type: 'config_pulled', config: await withRetry(() => client.config()) }), ctx.onError, active);
  const schedule = createJob(
    async () => ctx.dispatch({ type: 'schedule_pulled', schedule: await withRetry(() => client.schedule(ctx.applianceId())) }),
    ctx.onError,
    active,
  );

  const reports = createJob(
    async () => {
      while (outbox.length && active()) {
        const report = outbox[0]!;
        try {
          const res = await withRetry(() => client.state(report));
          if (report.command_id !== undefined && res.command_acked) snap.acked(report.command_id);
          snap.reported();
        } finally {
          // Sent, or refused for good: either way it leaves the outbox.
          if (outbox[0] === report) outbox.shift();
        }
      }
    },
    ctx.onError,
    active,
  );

  const readings = createJob(
    async () => {
      while (buffer.size && active()) {
        const batch = buffer.peek(MAX_READINGS_PER_REQUEST);
        let accepted: number;
        try {
          accepted = (await withRetry(() => client.pushReadings(batch))).accepted;
        } catch (e) {
          // A batch the cloud refuses for good would block every later one: drop it.
          if (e instanceof CloudError && !e.credentialsRejected) buffer.remove(batch);
          throw e;
        }
        buffer.remove(batch);
        snap.pushed(accepted);
        ctx.log('readings_pushed', { accepted, buffered: buffer.size });
      }
    },
    ctx.onError,
    active,
  );

  return {
    pullConfig: () => config.trigger(),
    pullSchedule: () => schedule.trigger(),
    pushReadings: () => readings.trigger(),
    /** Queues a state report; reports go out one at a time, in order. */
    report(report: StateReport): void {
      // Keep the one in flight (the head); drop the oldest waiting one.
      if (outbox.push(report) > MAX_OUTBOX) outbox.splice(1, 1);
      reports.trigger();
    },
  };
}
