import { DEVICE_DETAIL, type CommandQueued, type DeviceCommand, type DeviceStateResponse, type HvacReadingsRequest } from '../contract/index.js';
import { anchoredReading } from '../domain/devices/anchored-reading.js';
import { systemClock, type Clock } from '../clock.js';
import { parseControlCommand } from '../domain/devices/control-command.js';
import { parseDeviceState, type DeviceState } from '../domain/devices/device-state.js';
import { setpointRange } from '../domain/devices/setpoint-range.js';
import { AppError, badRequest, conflict, tooManyRequests } from '../errors.js';
import { log } from '../log.js';
import type { HandedOverCommand, Store } from '../store/index.js';
import type { AppliancesService } from './appliances.js';
import type { CommandWaiters } from './command-waiters.js';
import type { BoundDevice } from './devices.js';
import type { ReadingsService } from './readings.js';

/** The HTTP exchange a poll answers, seen from the service: is it still there, and when does it go. */
export interface PollConnection {
  /** False once the client is gone: commands are only marked delivered for a live response. */
  isLive(): boolean;
  /** Aborts when the client disconnects while parked. */
  signal: AbortSignal;
}

const toCommand = (row: HandedOverCommand): DeviceCommand => ({
  id: row.id,
  payload: row.payload as DeviceCommand['payload'],
  created_at: new Date(row.created_at).toISOString(),
});

/** The long-poll limits (README configuration; docs/devices-and-long-poll.md "Limits"). */
export interface LongPollLimits {
  /** Polls one instance holds parked at once; over it a poll that would park is refused with 429. */
  maxParked: number;
  /** Concurrent polls of one device token on one instance; over it 429. */
  maxParkedPerDevice: number;
  /** Commands one answer hands over at most (oldest first); the rest wait for the next poll. */
  commandsPerPoll: number;
}

export const DEFAULT_LONG_POLL_LIMITS: LongPollLimits = { maxParked: 10_000, maxParkedPerDevice: 2, commandsPerPoll: 50 };

/** A refused poll comes back after 5-15 s, spread so a refused crowd does not return in one second. */
const retryAfterS = () => 5 + Math.floor(Math.random() * 11);

/** A poll's hand-over: its commands, and what became of its answer (see handOver()). */
export interface HandOver {
  commands: DeviceCommand[];
  /** The answer was handed to the connection: the delivered mark commits. */
  written(): Promise<void>;
  /** The answer will never be written: the mark is rolled back and the device's polls are woken. */
  abandoned(): Promise<void>;
}

/** A hand-over of nothing (a poll that timed out, was released, or found nothing). */
const NOTHING: HandOver = { commands: [], written: async () => {}, abandoned: async () => {} };

/** Rolls back a hand-over whose answer will never be written. */
class AbandonedHandOver extends Error {}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A rejection nobody awaits (the answer already settled) is not an unhandled one.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** Put-back retries after a failed hand-over: 100 ms doubling to 5 s, until it is stored. */
const REQUEUE_FIRST_DELAY_MS = 100;
const REQUEUE_MAX_DELAY_MS = 5_000;

/** The device command queue: user commands, schedule nudges, long-poll hand-over, state reports. */
export function createDeviceCommandsService(
  store: Store,
  deps: { appliances: AppliancesService; readings: ReadingsService; waiters: CommandWaiters; limits?: Partial<LongPollLimits>; clock?: Clock },
) {
  const { appliances, readings, waiters } = deps;
  const limits = { ...DEFAULT_LONG_POLL_LIMITS, ...deps.limits };
  const clock = deps.clock ?? systemClock;
  const requeueing = new Set<Promise<void>>();
  /** Hand-overs whose transaction is open (waiting for their answer to be written). */
  const handingOver = new Set<Promise<void>>();
  let stopping = false;

  /**
   * Marks the device's pending commands delivered (oldest first, at most `commandsPerPoll`) for a
   * response that can still be written. The mark is made in a transaction that commits only once
   * the answer has been handed to the connection (`written()`): an instance killed in between
   * (SIGKILL, a crash) never commits it, PostgreSQL rolls it back when the connection drops, and
   * the commands are pending for the device's next poll. Should the client be gone by the time they
   * are marked, or the answer never be written (`abandoned()`), they are put back at once (null
   * for the former), so nothing is handed to a dead connection.
   */
  async function handOver(device: BoundDevice, isLive: () => boolean, now: Date): Promise<HandOver | null> {
    // Nothing pending (every park): one read, no transaction.
    if (!(await store.commands.hasPending(device.deviceId, device.applianceId))) return NOTHING;
    const marked = deferred<HandedOverCommand[]>();
    const answer = deferred<boolean>();
    const open = store
      .transaction(async (t) => {
        const rows = await store.commands.handOver(device.deviceId, device.applianceId, now, limits.commandsPerPoll, t);
        marked.resolve(rows);
        if (rows.length > 0 && !(await answer.promise)) throw new AbandonedHandOver();
      })
      .then(
        () => undefined,
        (err: unknown) => {
          marked.reject(err);
          if (err instanceof AbandonedHandOver) return;
          // The answer went out but the mark did not commit: the commands are pending again and go
          // to the device's next poll (a repeat the device can tell by id, never a loss).
          log('devices').warn({ err: (err as Error).message, deviceId: device.deviceId }, 'hand-over mark not committed; the commands stay pending');
        },
      )
      .finally(() => handingOver.delete(open));
    handingOver.add(open);
    const commands = (await marked.promise).map(toCommand);
    const handed: HandOver = {
      commands,
      written: async () => {
        answer.resolve(true);
        await open;
      },
      abandoned: async () => {
        answer.resolve(false);
        await open;
        // Rolled back already; the put-back also wakes the device's polls on every instance.
        await requeue(commands);
      },
    };
    if (commands.length === 0 || isLive()) return handed;
    // The client is gone, so waiting costs it nothing: answer once the commands are back in the queue.
    await handed.abandoned();
    return null;
  }

  /**
   * Puts handed-over, unacknowledged commands back in the queue (their answer never reached the
   * device). A failed put-back (the pool exhausted under load, the database briefly gone) is retried
   * with backoff until it is stored: a command marked delivered that no device received would be
   * lost. Shutdown waits for these (settled()); once stopping, a last failure is logged and given up.
   */
  function requeue(commands: DeviceCommand[]): Promise<void> {
    if (commands.length === 0) return Promise.resolve();
    const ids = commands.map((c) => c.id);
    const run = (async () => {
      for (let delayMs = REQUEUE_FIRST_DELAY_MS; ; delayMs = Math.min(delayMs * 2, REQUEUE_MAX_DELAY_MS)) {
        try {
          await store.commands.requeue(ids);
          return;
        } catch (err) {
          if (stopping) return void log('devices').error({ err, ids }, 'put-back after a failed hand-over failed at shutdown');
          log('devices').warn({ err: (err as Error).message, ids, retryInMs: delayMs }, 'put-back after a failed hand-over failed, retrying');
          await new Promise((r) => setTimeout(r, delayMs));
        }
      }
    })().finally(() => requeueing.delete(run));
    requeueing.add(run);
    return run;
  }

  /** The 429 for a poll that would park over a limit, or null. Registered polls count, this one included. */
  function overLimit(deviceId: string): AppError | null {
    if (waiters.countFor(deviceId) > limits.maxParkedPerDevice) {
      return tooManyRequests(
        `Too many concurrent long-polls for this device (limit ${limits.maxParkedPerDevice}); poll again once one has answered`,
        retryAfterS(),
      );
    }
    if (waiters.parkedCount() > limits.maxParked) {
      const wait = retryAfterS();
      return tooManyRequests(`Too many parked long-polls on this instance (limit ${limits.maxParked}); poll again in ${wait} seconds`, wait);
    }
    return null;
  }

  /** Writes the state report's reading, anchored on the latest one; false with nothing to anchor to or over the daily ceiling. */
  async function writeStateReading(device: BoundDevice, state: DeviceState, now: Date): Promise<boolean> {
    const anchor = await store.devices.latestReading(device.applianceId);
    if (!anchor) return false;
    const request = { readings: [anchoredReading(state, anchor, now)] } as HvacReadingsRequest;
    try {
      await readings.ingestHvac({ userId: device.userId, boundApplianceId: device.applianceId }, request, now);
      return true;
    } catch (err) {
      // The runaway-loop ceiling must not make the device retry its report: the ack still counts.
      if (err instanceof AppError && err.status === 429) return false;
      throw err;
    }
  }

  /** Queues a schedule_updated nudge for each device bound to the appliances, unless one is pending; returns how many were stored. */
  async function enqueueScheduleUpdated(...applianceIds: string[]): Promise<number> {
    const deviceIds = await store.commands.insertNudges(applianceIds);
    for (const deviceId of deviceIds) waiters.wakeLocal(deviceId);
    return deviceIds.length;
  }

  return {
    handOver,

    /**
     * POST /appliances/{id}/command. Checks in this order: 404 (missing or not
     * owned), 400 (no actionable field, then bad fields, then the target against the range), 409.
     */
    async enqueueControl(userId: string, applianceId: string, raw: unknown): Promise<CommandQueued> {
      const appliance = await appliances.requireOwned(userId, applianceId);
      const command = parseControlCommand(raw, setpointRange(appliance.config));
      if (!command.ok) throw badRequest(command.detail);
      const stored = await store.commands.insertControl(appliance.id, command.value);
      if (!stored) throw conflict(DEVICE_DETAIL.noDeviceBound);
      waiters.wakeLocal(stored.deviceId);
      return { command_id: stored.id };
    },

    enqueueScheduleUpdated,

    /**
     * The schedule_updated trigger: nudges the satellites of appliances that got new schedule rows,
     * in one statement per schedule write (not one per appliance); failures are logged, never thrown.
     */
    async nudgeForNewSchedules(applianceIds: readonly string[]): Promise<void> {
      try {
        await enqueueScheduleUpdated(...applianceIds);
      } catch (err) {
        log('devices').error({ err, applianceIds }, 'schedule_updated nudge failed');
      }
    },

    /**
     * GET /devices/commands: hands over what is pending; with nothing pending parks up to
     * `waitS` seconds until a NOTIFY for the device arrives, then looks again. Null when the client
     * disconnected (nothing was marked delivered); no commands on timeout or shutdown. The caller
     * tells the hand-over whether its answer was written (HandOver). Throws 429 instead of parking
     * over the per-device or per-instance limit.
     */
    async poll(device: BoundDevice, waitS: number, connection: PollConnection): Promise<HandOver | null> {
      const deadline = Date.now() + waitS * 1000;
      for (;;) {
        // Registered before the query: a command committed between the query and the wait still wakes it.
        const waiter = waiters.register(device.deviceId);
        try {
          const handed = await handOver(device, connection.isLive, clock());
          if (handed === null || handed.commands.length > 0) return handed;
          const remainingMs = deadline - Date.now();
          if (remainingMs <= 0) return NOTHING;
          // Refused only with nothing to hand over: a limit never keeps a pending command back.
          const refused = overLimit(device.deviceId);
          if (refused) throw refused;
          const reason = await waiter.wait(remainingMs, connection.signal);
          if (reason === 'aborted') return null;
          if (reason !== 'notified') return NOTHING;
        } finally {
          waiter.cancel();
        }
      }
    },

    requeue,

    /** Waits until no hand-over is open and no put-back is under way: every delivered mark of an answer already sent is stored. */
    async quiet(): Promise<void> {
      while (handingOver.size > 0 || requeueing.size > 0) await Promise.all([...handingOver, ...requeueing]);
    },

    /** Shutdown: waits for open hand-overs, stops retrying put-backs forever and waits for those under way (before the pool closes). */
    async settled(): Promise<void> {
      while (handingOver.size > 0) await Promise.all([...handingOver]);
      stopping = true;
      while (requeueing.size > 0) await Promise.all([...requeueing]);
    },

    /**
     * POST /devices/state: `source` first (422), then the other fields (400). Acknowledges the
     * command only when it is this device's, stores firmware and RSSI, and writes the reading.
     */
    async reportState(device: BoundDevice, raw: unknown, now: Date): Promise<DeviceStateResponse> {
      const parsed = parseDeviceState(raw);
      if (!parsed.ok) throw new AppError(parsed.status, parsed.detail);
      const state = parsed.value;
      const commandAcked = state.command_id !== undefined && (await store.commands.ack(device.deviceId, device.applianceId, state.command_id, now));
      await store.devices.recordContact(device.deviceId, { now, firmwareVersion: state.firmware_version, rssi: state.rssi });
      const readingWritten = await writeStateReading(device, state, now);
      return { status: 'ok', command_acked: commandAcked, reading_written: readingWritten };
    },
  };
}

export type DeviceCommandsService = ReturnType<typeof createDeviceCommandsService>;
