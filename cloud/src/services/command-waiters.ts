import { listenForCommands, type CommandNotificationsOptions } from '../store/index.js';

/** Why a parked poll stopped waiting. */
export type WakeReason = 'notified' | 'timeout' | 'aborted' | 'closing';

/** One parked poll's registration. Register before querying, so a NOTIFY in between is not missed. */
export interface Waiter {
  /** Resolves at the first of: the device is signalled (also before this call), the time is up, `signal` aborts, the waiters close. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<WakeReason>;
  /** Unregisters; call it whatever happened (idempotent). */
  cancel(): void;
}

/** Where to LISTEN, and how patiently to reconnect. */
export type CommandWaitersOptions = CommandNotificationsOptions;

type Listener = (reason: WakeReason) => void;

/**
 * In-process waiters for parked long-polls, woken by PostgreSQL LISTEN/NOTIFY (the store's
 * listenForCommands), so a command stored by any instance wakes a device parked on any other.
 * When the LISTEN connection is back after a drop, every waiter is woken once: a command stored
 * while nobody listened is then found by the waiters' re-query.
 */
export function createCommandWaiters(opts: CommandWaitersOptions) {
  const byDevice = new Map<string, Set<Listener>>();
  /** Registered waiters, kept as a count: a fleet of thousands asks for it on every park. */
  let registered = 0;
  let closing = false;

  function wakeDevice(deviceId: string, reason: WakeReason): void {
    for (const listener of byDevice.get(deviceId) ?? []) listener(reason);
  }

  function wakeAll(reason: WakeReason): void {
    for (const listeners of byDevice.values()) for (const listener of listeners) listener(reason);
  }

  const notifications = listenForCommands(opts, {
    onCommand: (deviceId) => wakeDevice(deviceId, 'notified'),
    onListening: () => wakeAll('notified'),
  });

  return {
    /** Opens the LISTEN connection; on failure keeps retrying in the background. */
    start: () => notifications.start(),

    /** Releases every parked poll (they answer at once) and closes the connection. */
    async stop(): Promise<void> {
      closing = true;
      wakeAll('closing');
      await notifications.stop();
    },

    /**
     * Wakes this instance's polls of a device for a command it just committed, without waiting for
     * its own NOTIFY to come back through PostgreSQL (the NOTIFY still reaches the other instances).
     */
    wakeLocal: (deviceId: string) => wakeDevice(deviceId, 'notified'),

    /** True while the LISTEN connection is up. */
    isListening: () => notifications.isListening(),

    /** Registered polls right now (parked, or querying before they park): the per-instance cap counts these. */
    parkedCount: () => registered,

    /** Registered polls of one device right now: the per-device cap counts these. */
    countFor: (deviceId: string) => byDevice.get(deviceId)?.size ?? 0,

    register(deviceId: string): Waiter {
      let woken: WakeReason | null = closing ? 'closing' : null;
      let settle: Listener | null = null;
      const listener: Listener = (reason) => {
        woken ??= reason;
        settle?.(woken);
      };
      const listeners = byDevice.get(deviceId) ?? new Set<Listener>();
      byDevice.set(deviceId, listeners.add(listener));
      registered += 1;
      return {
        cancel() {
          if (listeners.delete(listener)) registered -= 1;
          if (listeners.size === 0 && byDevice.get(deviceId) === listeners) byDevice.delete(deviceId);
        },
        wait(timeoutMs, signal) {
          if (woken) return Promise.resolve(woken);
          if (signal?.aborted) return Promise.resolve('aborted');
          return new Promise<WakeReason>((resolve) => {
            const finish = (reason: WakeReason) => {
              clearTimeout(timer);
              signal?.removeEventListener('abort', onAbort);
              settle = null;
              resolve(reason);
            };
            const onAbort = () => finish('aborted');
            const timer = setTimeout(() => finish('timeout'), timeoutMs);
            signal?.addEventListener('abort', onAbort, { once: true });
            settle = finish;
          });
        },
      };
    },
  };
}

export type CommandWaiters = ReturnType<typeof createCommandWaiters>;
