// The runner: claims, keeps the device state machine fed (slot timer, pulls, command long-poll,
// overrides at the unit) and carries out its effects (IR frames into the simulated room, state
// reports, readings). All timing uses the injected clock, so a simulated one runs it faster.
import { createHash } from 'node:crypto';
import { retry, type BackoffPolicy, type RetryOptions } from './backoff.js';
import { CloudError, RealClock, SimulatedClock, type Clock, type TimerHandle } from '@offpeak/client-kit';
import { createCloudClient } from './cloud-client.js';
import { createSync } from './cloud-sync.js';
import {
  apply,
  durablePart,
  initialState,
  planFor,
  reportOf,
  type AcSettings,
  type DeviceEvent,
  type DeviceState,
  type Effect,
  type StandingSettings,
} from './device.js';
import { decodeIr, DEFAULT_IR_PROTOCOL, encodeIr, IR_PROTOCOLS } from './ir.js';
import { nextBoundaryMs } from './local-time.js';
import { pollCommands } from './poll.js';
import { gaussian, seededRandom } from './random.js';
import { ReadingBuffer, readingOf } from './readings.js';
import { Room, type RoomOptions } from './room.js';
import { createSnapshots, type SimulatorSnapshot } from './snapshot.js';
import { DeviceStorage, type PersistedDevice } from './storage.js';
import type { ClaimRequest, StateReport } from './wire.js';

/** How to start a simulated satellite. */
export interface SimulatorOptions {
  cloudUrl: string;
  /** Factory serial, 3-128 characters. */
  deviceId: string;
  /** Folder holding the device's flash (created if missing). */
  stateDir: string;
  /** Claim code; needed only while the state folder holds no token. */
  code?: string;
  name?: string;
  hvacType?: ClaimRequest['hvac_type'];
  irProtocol?: string;
  setpointMinF?: number;
  setpointMaxF?: number;
  /** The clock to run on; default a SimulatedClock at `speed` from now, or the real clock. */
  clock?: Clock;
  speed?: number;
  room?: Omit<RoomOptions, 'startMs' | 'irProtocol'>;
  standing?: StandingSettings;
  firmwareVersion?: string;
  /** Readings kept while the cloud is unreachable; default 2016 (a week at 5 minutes). */
  maxBufferedReadings?: number;
  backoff?: BackoffPolicy;
  seed?: number;
  fetch?: typeof fetch;
  /** Structured log lines (the CLI prints them as JSON). */
  log?: (line: { at: string; event: string; [k: string]: unknown }) => void;
}

/** A running simulated satellite. */
export interface RunningSimulator {
  /** Stops every loop and timer, and waits for the last state write. */
  stop(): Promise<void>;
  state(): SimulatorSnapshot;
  clock: Clock;
  room: Room;
  /** A user at the unit: their remote's frame reaches the unit and the satellite overhears it. */
  override(settings: Partial<AcSettings>, hold?: boolean): void;
  /** Resolves with the first snapshot satisfying `predicate` (checked on every change and every 20 ms); rejects after `timeoutMs` real ms (default 10 s). */
  waitFor(predicate: (s: SimulatorSnapshot) => boolean, timeoutMs?: number): Promise<SimulatorSnapshot>;
  /** Resolves when the run ends: stopped, or failed on a final error. */
  done: Promise<void>;
}

/** Time from `nowMs` to the next multiple of `intervalMs` (a whole interval when exactly on one). */
const gridDelay = (intervalMs: number, nowMs: number) => intervalMs - (Math.floor(nowMs) % intervalMs);

/**
 * This device's place in the fleet's spreads, [0, 1): a fixed fraction drawn from its id, as a real
 * device would from its serial number. It pushes its readings at this fraction of each push
 * interval and makes its daily pulls this fraction of DAILY_PULL_SPREAD_MS after local midnight,
 * so a fleet's requests spread instead of coming together (satellites started together, a time
 * zone's midnight), and a config re-pull does not move them.
 */
export function devicePhase(deviceId: string): number {
  return createHash('sha256').update(deviceId).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * The daily config and schedule pulls are spread over this long after local midnight; until its
 * pull a device runs the comfort band. 15 minutes: over 5, a time zone's devices still came to the
 * cloud within seconds of each other at a bench's 12x clock (docs/system-tests.md "Load: npm run bench:system").
 */
export const DAILY_PULL_SPREAD_MS = 15 * 60_000;

/** Starts a satellite: it resumes from its state folder, or claims with `code`. */
export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const protocol = options.irProtocol ?? DEFAULT_IR_PROTOCOL;
  if (!IR_PROTOCOLS.includes(protocol)) throw new Error(`unknown ir_protocol ${protocol} (known: ${IR_PROTOCOLS.join(', ')})`);
  const ownClock = options.clock ? null : options.speed ? new SimulatedClock({ startMs: Date.now(), speed: options.speed }) : null;
  const clock: Clock = options.clock ?? ownClock ?? new RealClock();
  const random = seededRandom(options.seed ?? 1);
  const storage = new DeviceStorage(options.stateDir);
  const stored = await storage.load();
  if (stored && stored.deviceId !== options.deviceId) throw new Error(`${options.stateDir} holds device ${stored.deviceId}, not ${options.deviceId}`);
  if (!stored && !options.code) throw new Error(`${options.stateDir} holds no device token: a claim code is needed`);

  const room = new Room({ ...options.room, startMs: clock.now(), irProtocol: protocol, seed: options.seed ?? 1 });
  const buffer = new ReadingBuffer(options.maxBufferedReadings ?? 2016);
  const firmware = options.firmwareVersion ?? '0.1.0-sim';
  const stop = new AbortController();
  // Over the defaults: a file written before a field was kept resumes with its default.
  let device: DeviceState = { ...initialState(options.standing), ...stored?.device };
  let identity = stored ? { token: stored.token, applianceId: stored.applianceId } : null;
  let savedJson = '';
  let wake = new AbortController();
  const timers = new Map<string, TimerHandle>();
  const snap = createSnapshots(() => ({ device, identity, room, buffer, now: clock.now() }), options.deviceId);
  const log = (event: string, data: Record<string, unknown> = {}) => options.log?.({ at: new Date(clock.now()).toISOString(), event, ...data });

  const client = createCloudClient({
    baseUrl: options.cloudUrl,
    token: identity?.token,
    fetch: options.fetch,
    observe: (o) => {
      // Until claimed there is nothing to catch up with (and no token to do it with).
      if (!identity) return;
      if (o.ok && !device.online) {
        log('cloud_reachable');
        wake.abort();
        wake = new AbortController();
        dispatch({ type: 'cloud_reachable' });
      } else if (!o.ok && o.error.retryable && device.online) {
        log('cloud_unreachable', { error: o.error.message });
        dispatch({ type: 'cloud_unreachable' });
      }
    },
  });
  const retryOptions: RetryOptions = {
    clock,
    random,
    policy: options.backoff,
    signal: stop.signal,
    wake: () => wake.signal,
    onRetry: (e, attempt, delayMs) => log('retry', { error: e.message, attempt, delay_s: Math.round(delayMs / 1000) }),
  };
  const active = () => !stop.signal.aborted;
  const withRetry = <T>(fn: () => Promise<T>) => retry(fn, retryOptions);

  function fail(e: unknown): void {
    if (!active()) return;
    snap.fail(e);
    log('failed', { error: e instanceof Error ? e.message : String(e) });
    void shutdown();
  }
  /** Final errors that are not about credentials drop that one request (a bad reading, a refused report). */
  function onJobError(e: unknown): void {
    if (e instanceof CloudError && !e.credentialsRejected) {
      snap.error(e);
      log('request_refused', { error: e.message });
    } else if (active()) fail(e);
  }

  const sync = createSync({ client, withRetry, applianceId: () => identity!.applianceId, dispatch, buffer, snap, log, onError: onJobError, active });

  function run(effect: Effect): void {
    switch (effect.kind) {
      case 'transmit':
        room.receive(encodeIr(protocol, effect.settings), clock.now());
        return;
      case 'report':
        if (!effect.daily) return report(effect.report);
        // What is applied when it goes, unless a report since (the new day's plan applied) said it.
        return afterDailyDelay('report', () => {
          const current = device.applied && reportOf(device.applied);
          if (current && JSON.stringify(current) !== reported) report(current);
        });
      case 'pull_config':
        return effect.daily ? afterDailyDelay('config', sync.pullConfig) : sync.pullConfig();
      case 'pull_schedule':
        return effect.daily ? afterDailyDelay('schedule', sync.pullSchedule) : sync.pullSchedule();
      case 'push_readings':
        return sync.pushReadings();
    }
  }

  /** The last report sent (its fields), so the delayed midnight report does not repeat it. */
  let reported = '';
  function report(r: StateReport): void {
    reported = JSON.stringify(r);
    log('state', { ...r });
    sync.report({ ...r, firmware_version: firmware, rssi: Math.round(gaussian(random, -55, 3)) });
  }

  const phase = devicePhase(options.deviceId);
  /** Runs the daily `work` (a pull, the midnight report) this device's delay after local midnight. */
  function afterDailyDelay(what: string, work: () => void): void {
    const name = `daily ${what}`;
    const current = timers.get(name);
    if (current) clock.clearTimeout(current);
    timers.set(
      name,
      clock.setTimeout(() => {
        timers.delete(name);
        if (active()) work();
      }, phase * DAILY_PULL_SPREAD_MS),
    );
  }

  function dispatch(event: DeviceEvent): void {
    if (!active()) return;
    const step = apply(device, event, clock.now());
    device = step.state;
    // Timers start with the first config (pulled, or restored from flash) and follow every new one.
    if (device.config && (event.type === 'config_pulled' || timers.size === 0)) restartTimers();
    for (const effect of step.effects) run(effect);
    persist();
    snap.changed();
  }

  const persisted = (): PersistedDevice | null =>
    identity && { version: 1, deviceId: options.deviceId, token: identity.token, applianceId: identity.applianceId, device: durablePart(device) };

  function persist(): void {
    const state = persisted();
    if (!state) return;
    const json = JSON.stringify(state);
    if (json === savedJson) return;
    savedJson = json;
    storage.save(state).catch((e: unknown) => log('storage_error', { error: String(e) }));
  }

  function every(name: string, delayMs: () => number | null, tick: () => void): void {
    const current = timers.get(name);
    if (current) clock.clearTimeout(current);
    const delay = delayMs();
    if (delay === null || !active()) return;
    timers.set(
      name,
      clock.setTimeout(() => {
        tick();
        every(name, delayMs, tick);
      }, delay),
    );
  }

  function restartTimers(): void {
    const cfg = () => device.config?.body ?? null;
    every(
      'slot',
      () => (cfg() ? nextBoundaryMs(cfg()!, clock.now()) - clock.now() : null),
      () => dispatch({ type: 'slot_boundary' }),
    );
    // On the clock's grid of the capture interval, so a late timer (a loaded machine under a fast
    // simulated clock) does not push every later capture back.
    every(
      'capture',
      () => (cfg() ? gridDelay(cfg()!.capture_interval_s * 1000, clock.now()) : null),
      () => {
        buffer.add(readingOf(room.read(clock.now()), device.applied, device.applied ? planFor(device, device.applied.slot.date) : null));
        snap.changed();
      },
    );
    every(
      'push',
      () => (cfg() ? gridDelay(cfg()!.reading_push_interval_s * 1000, clock.now() - phase * cfg()!.reading_push_interval_s * 1000) : null),
      sync.pushReadings,
    );
  }

  async function shutdown(): Promise<void> {
    stop.abort();
    for (const t of timers.values()) clock.clearTimeout(t);
    timers.clear();
    ownClock?.dispose();
    // Queued after every earlier write, so awaiting it means the folder is up to date.
    const last = persisted();
    if (last) await storage.save(last).catch(() => undefined);
    snap.ended();
  }

  async function main(): Promise<void> {
    if (!identity) {
      snap.phase('claiming');
      const body: ClaimRequest = {
        enroll_token: options.code!,
        device_id: options.deviceId,
        name: options.name ?? `Satellite ${options.deviceId}`,
        hvac_type: options.hvacType ?? 'mini_split',
        ir_protocol: protocol,
      };
      if (options.setpointMinF !== undefined) body.setpoint_min_f = options.setpointMinF;
      if (options.setpointMaxF !== undefined) body.setpoint_max_f = options.setpointMaxF;
      const claimed = await withRetry(() => client.claim(body));
      identity = { token: claimed.device_token, applianceId: claimed.appliance_id };
      client.setToken(claimed.device_token);
      snap.claimed();
      log('claimed', { appliance_id: claimed.appliance_id });
      persist();
    } else {
      log('resumed', { appliance_id: identity.applianceId });
      // Straight back to the stored plan, before (and whether or not) the cloud answers.
      dispatch({ type: 'slot_boundary' });
    }
    snap.phase('running');
    sync.pullConfig();
    sync.pullSchedule();
    const waitS = () => Math.max(1, device.config?.body.command_poll_wait_s ?? 50);
    await pollCommands({
      ...retryOptions,
      client,
      signal: stop.signal,
      waitS,
      onCommands: (commands) => {
        for (const command of commands) {
          // A command handed over again (its delivered mark did not commit) is acknowledged, not applied again.
          const repeat = device.appliedCommands.includes(command.id);
          log('command', { id: command.id, payload: command.payload, ...(repeat && { repeat }) });
          dispatch({ type: 'command', command });
        }
      },
    });
  }

  const done = main()
    .catch(fail)
    .then(() => snap.whenEnded());
  return {
    stop: async () => {
      if (active()) await shutdown();
      await done;
    },
    state: () => snap.current(),
    clock,
    room,
    override(settings, hold = false) {
      const frame = encodeIr(protocol, { ...room.ac.settings, ...settings });
      room.receive(frame, clock.now());
      // The satellite overhears the remote's full-state frame; what differs from its own is the user's change.
      const heard = decodeIr(protocol, frame);
      const applied = device.applied;
      const changed: Partial<AcSettings> = {};
      for (const key of ['power', 'mode', 'target_temp_f', 'fan'] as const)
        if (!applied || applied[key] !== heard[key]) Object.assign(changed, { [key]: heard[key] });
      dispatch({ type: 'override', settings: changed, hold });
    },
    waitFor: (predicate, timeoutMs) => snap.waitFor(predicate, timeoutMs),
    done,
  };
}
