// The LISTEN side of the device-command wake-ups (docs/devices-and-long-poll.md): one dedicated
// connection per instance (not a pooled one: a pooled connection would be returned and reused,
// losing the LISTEN), re-opened with backoff when it drops. The NOTIFY side is commands-repo.ts.
import pg from 'pg';
import { log } from '../log.js';
import { COMMANDS_CHANNEL } from './commands-repo.js';

/** Where to LISTEN, and how patiently to reconnect. */
export interface CommandNotificationsOptions {
  databaseUrl: string;
  /** First reconnect delay after the LISTEN connection drops; doubles up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

/** What the listener reports. */
export interface CommandNotificationHandlers {
  /** A command for `deviceId` was committed, by any instance. */
  onCommand(deviceId: string): void;
  /** The connection is (back) up: a command committed while nobody listened sent no notification that arrived. */
  onListening(): void;
}

/** Listens for committed device commands until stopped. */
export function listenForCommands(opts: CommandNotificationsOptions, handlers: CommandNotificationHandlers) {
  const listenLog = log('command-waiters');
  const firstDelayMs = opts.reconnectDelayMs ?? 250;
  const maxDelayMs = opts.maxReconnectDelayMs ?? 5_000;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delayMs = firstDelayMs;
  let closing = false;

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
    listenLog.warn({ err: err?.message }, 'LISTEN connection lost, reconnecting');
    c.end().catch(() => {});
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.databaseUrl, keepAlive: true });
    c.on('notification', (msg) => {
      if (msg.channel === COMMANDS_CHANNEL && msg.payload) handlers.onCommand(msg.payload);
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${COMMANDS_CHANNEL}`);
    } catch (err) {
      listenLog.warn({ err: (err as Error).message, retryInMs: delayMs }, 'LISTEN connection failed');
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
    listenLog.info('listening for device commands');
    handlers.onListening();
  }

  return {
    /** Opens the LISTEN connection; on failure keeps retrying in the background. */
    start: () => connect(),

    /** Closes the connection and stops reconnecting. */
    async stop(): Promise<void> {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },

    /** True while the LISTEN connection is up. */
    isListening: () => client !== null,
  };
}

export type CommandNotifications = ReturnType<typeof listenForCommands>;
