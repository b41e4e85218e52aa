// What the runner exposes about itself: a plain snapshot for state(), counters, and waitFor()
// so tests (and the end-to-end suite) can wait for the device to reach a condition.
import type { HvacAction } from './ac-unit.js';
import { CloudError } from '@offpeak/client-kit';
import type { AcSettings, Applied, DeviceState, Holds } from './device.js';
import type { ReadingBuffer } from './readings.js';
import type { Room } from './room.js';
import type { DeviceConfig } from './wire.js';

/** The runner's life cycle. */
export type SimulatorPhase = 'starting' | 'claiming' | 'running' | 'failed' | 'stopped';

/** A point-in-time view of a running simulator. */
export interface SimulatorSnapshot {
  phase: SimulatorPhase;
  /** Simulated time, ISO. */
  now: string;
  deviceId: string;
  applianceId: string | null;
  /** Claims made by this run (0 after a resume from the state folder). */
  claims: number;
  online: boolean;
  applied: Applied | null;
  holds: Holds;
  config: DeviceConfig | null;
  planDates: string[];
  /** What the air conditioner is actually doing (what it decoded, and its compressor). */
  unit: AcSettings & { action: HvacAction };
  indoorTempF: number;
  readings: { buffered: number; dropped: number; pushed: number };
  reportsSent: number;
  ackedCommands: number[];
  lastError: { status: number; detail: unknown; message: string } | null;
}

/** Live inputs of a snapshot. */
interface Sources {
  device: DeviceState;
  identity: { applianceId: string } | null;
  room: Room;
  buffer: ReadingBuffer;
  now: number;
}

/** Snapshot bookkeeping for one runner. */
export function createSnapshots(read: () => Sources, deviceId: string) {
  let phase: SimulatorPhase = 'starting';
  let claims = 0;
  let pushed = 0;
  let reportsSent = 0;
  const ackedCommands: number[] = [];
  let lastError: SimulatorSnapshot['lastError'] = null;
  const waiters = new Set<() => void>();
  let ended!: () => void;
  const endedPromise = new Promise<void>((resolve) => (ended = resolve));

  function current(): SimulatorSnapshot {
    const { device, identity, room, buffer, now } = read();
    return {
      phase,
      now: new Date(now).toISOString(),
      deviceId,
      applianceId: identity?.applianceId ?? null,
      claims,
      online: device.online,
      applied: device.applied,
      holds: device.holds,
      config: device.config?.body ?? null,
      planDates: device.plans.map((p) => p.date),
      unit: { ...room.ac.settings, action: room.ac.action },
      indoorTempF: room.trueTempF,
      readings: { buffered: buffer.size, dropped: buffer.dropped, pushed },
      reportsSent,
      ackedCommands: [...ackedCommands],
      lastError,
    };
  }

  const changed = () => {
    for (const w of [...waiters]) w();
  };
  const bump = (f: () => void) => () => {
    f();
    changed();
  };

  return {
    current,
    changed,
    phase: (p: SimulatorPhase) => bump(() => (phase = p))(),
    claimed: bump(() => claims++),
    reported: bump(() => reportsSent++),
    pushed: (n: number) => bump(() => (pushed += n))(),
    acked: (id: number) => bump(() => ackedCommands.push(id))(),
    error: (e: unknown) => bump(() => (lastError = describe(e)))(),
    fail: (e: unknown) => bump(() => ((lastError = describe(e)), (phase = 'failed')))(),
    ended: () => {
      if (phase !== 'failed') phase = 'stopped';
      changed();
      ended();
    },
    whenEnded: () => endedPromise,
    waitFor(predicate: (s: SimulatorSnapshot) => boolean, timeoutMs = 10_000): Promise<SimulatorSnapshot> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const s = current();
          if (!predicate(s)) return;
          done();
          resolve(s);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`waitFor timed out after ${timeoutMs} ms; last state: ${JSON.stringify(current())}`));
        }, timeoutMs);
        // Also re-checked now and then: a predicate may depend on time or on the outside world.
        const poll = setInterval(check, 20);
        const done = () => {
          clearTimeout(timer);
          clearInterval(poll);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** Snapshot bookkeeping of one runner (createSnapshots' result). */
export type Snapshots = ReturnType<typeof createSnapshots>;

function describe(e: unknown): SimulatorSnapshot['lastError'] {
  if (e instanceof CloudError) return { status: e.status, detail: e.detail, message: e.message };
  return { status: 0, detail: null, message: e instanceof Error ? e.message : String(e) };
}
