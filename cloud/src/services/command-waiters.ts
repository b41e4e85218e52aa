import pg from 'pg';
import { log } from '../log.js';
import { COMMANDS_CHANNEL } from '../store/commands-repo.js';

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
export interface CommandWaitersOptions {
  databaseUrl: string;
  /** First reconnect delay after the LISTEN connection drops; doubles up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

type Listener = (reason: WakeReason) => void;

/**
 * In-process waiters for parked long-polls, woken by PostgreSQL LISTEN/NOTIFY: every instance
 * listens on one dedicated connection (not a pooled one: a pooled connection would be returned and
 * reused, losing the LISTEN), so a command stored by any instance wakes a device parked on any
 * other. When that connection drops it is re-opened with backoff, and every waiter is woken once
 * it is back: a command stored while nobody listened is then found by the waiters' re-query.
 */
export function createCommandWaiters(opts: CommandWaitersOptions) {
  const waitLog = log('command-waiters');
  const firstDelayMs = opts.reconnectDelayMs ?? 250;
  const maxDelayMs = opts.maxReconnectDelayMs ?? 5_000;
  const byDevice = new Map<string, Set<Listener>>();
  /** Registered waiters, kept as a count: a fleet of thousands asks for it on every park. */
  let registered = 0;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delayMs = firstDelayMs;
  let closing = false;

  function wakeDevice(deviceId: string, reason: WakeReason): void {
    for (const listener of byDevice.get(deviceId) ?? []) listener(reason);
  }

  function wakeAll(reason: WakeReason): void {
    for (const listeners of byDevice.values()) for (const listener of listeners) listener(reason);
  }

  function scheduleReconnect(): void {
    if (closing || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delayMs);
    delayMs = Math.min(delayMs * 2, maxDelayMs);
  }

  /** The LISTEN connection `c` failed or ended: drop it and reconnect (each connection is handled once). */
  function lost(c: pg.Client, err?: Error): void {
    if (client !== c) return;
    client = null;
    waitLog.warn({ err: err?.message }, 'LISTEN connection lost, reconnecting');
    c.end().catch(() => {});
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.databaseUrl, keepAlive: true });
    c.on('notification', (msg) => {
      if (msg.channel === COMMANDS_CHANNEL && msg.payload) wakeDevice(msg.payload, 'notified');
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${COMMANDS_CHANNEL}`);
    } catch (err) {
      waitLog.warn({ err: (err as Error).message, retryInMs: delayMs }, 'LISTEN connection failed');
      c.end().catch(() => {});
      scheduleReconnect();
      return;
    }
    if (closing) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delayMs = firstDelayMs;
    waitLog.info('listening for device commands');
    wakeAll('notified');
  }

  return {
    /** Opens the LISTEN connection; on failure keeps retrying in the background. */
    start: () => connect(),

    /** Releases every parked poll (they answer at once) and closes the connection. */
    async stop(): Promise<void> {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      wakeAll('closing');
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },

    /**
     * Wakes this instance's polls of a device for a command it just committed, without waiting for
     * its own NOTIFY to come back through PostgreSQL (the NOTIFY still reaches the other instances).
     */
    wakeLocal: (deviceId: string) => wakeDevice(deviceId, 'notified'),

    /** True while the LISTEN connection is up. */
    isListening: () => client !== null,

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
