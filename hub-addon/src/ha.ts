// The link to Home Assistant: one haws Connection at a time over `ws`, the live entity map
// (subscribe_entities), the unit system and version (get_config), service calls, and a ping
// watchdog that kills a half-open socket so haws reconnects (haws never pings by itself). The
// first connection is retried with backoff; haws reconnects a dropped one; if a reconnect is
// refused (token revoked while HA restarted) the link starts over with backoff.
import {
  callService,
  createConnection,
  ERR_INVALID_AUTH,
  getConfig,
  subscribeEntities,
  type Connection,
  type HassConfig,
  type HassEntities,
  type HassEntity,
} from 'home-assistant-js-websocket';
import { openHaSocket } from './ha-socket.js';
import type { HistoryRow } from './power-history.js';
import type { HaOutcome } from './link-status.js';
import type { Logger } from './log.js';

export interface HaLinkOptions {
  url: string;
  token: string;
  log: Logger;
  /** Watchdog period and pong deadline, real ms. */
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
  /** Cap of the first-connection backoff, real ms. */
  maxBackoffMs?: number;
  /** Told each connection's outcome (the link status logs what to fix, once). */
  onOutcome?: (outcome: HaOutcome) => void;
}

/** A service call that Home Assistant refused (its error code and message). */
export class HaServiceError extends Error {
  constructor(
    readonly code: string | number,
    message: string,
  ) {
    super(message);
    this.name = 'HaServiceError';
  }
}

type Listener = () => void;

/** Live view of Home Assistant. */
export class HaLink {
  entities: HassEntities = {};
  config: HassConfig | null = null;
  haVersion: string | null = null;
  connected = false;
  /** Connections made (1 after the first); reconnects are this minus one. */
  connections = 0;
  /** Entity map updates received. */
  entityUpdates = 0;
  private conn: Connection | null = null;
  private unsubEntities: (() => void) | null = null;
  private stopped = false;
  private watchdog: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly ownContexts = new Set<string>();
  private readonly entityListeners = new Set<Listener>();
  private readonly readyListeners = new Set<Listener>();
  private readonly resyncListeners = new Set<Listener>();
  /** Set when the link drops; the next entity map after reconnecting goes to the resync listeners. */
  private resyncPending = false;
  private firstReady: Promise<void>;
  private resolveFirstReady!: () => void;

  constructor(private readonly opts: HaLinkOptions) {
    this.firstReady = new Promise((r) => (this.resolveFirstReady = r));
  }

  /** Starts connecting; resolves once connected (retries forever, a refused token too: onOutcome reports each attempt). */
  async start(): Promise<void> {
    void this.connectLoop(0);
    await this.firstReady;
  }

  private async connectLoop(attempt: number): Promise<void> {
    if (this.stopped) return;
    try {
      const conn = await createConnection({ createSocket: () => openHaSocket(this.opts.url, this.opts.token), setupRetry: 0 });
      if (this.stopped) return conn.close();
      this.adopt(conn);
    } catch (e) {
      const delay = Math.min(this.opts.maxBackoffMs ?? 30_000, 1000 * 2 ** Math.min(attempt, 10));
      this.opts.onOutcome?.(e === ERR_INVALID_AUTH ? 'token_refused' : 'unreachable');
      this.opts.log.debug(e === ERR_INVALID_AUTH ? 'Home Assistant refused the access token; retrying' : 'Home Assistant unreachable; retrying', {
        url: this.opts.url,
        retry_in_ms: delay,
      });
      this.retryTimer = setTimeout(() => void this.connectLoop(attempt + 1), delay);
    }
  }

  private adopt(conn: Connection): void {
    this.conn = conn;
    conn.addEventListener('ready', () => void this.handleReady(conn));
    conn.addEventListener('disconnected', () => {
      this.connected = false;
      this.resyncPending = true;
      this.opts.log.info('Home Assistant connection lost; reconnecting');
      this.opts.onOutcome?.('unreachable');
    });
    conn.addEventListener('reconnect-error', () => {
      this.opts.log.info('Home Assistant refused the token on reconnect; starting over');
      this.opts.onOutcome?.('token_refused');
      this.dropConnection();
      void this.connectLoop(1);
    });
    this.unsubEntities = subscribeEntities(conn, (entities) => {
      this.entities = entities;
      this.entityUpdates++;
      // The first map after a reconnect is the re-subscription's full snapshot: what happened while
      // we were away, seen at once rather than change by change.
      const resync = this.resyncPending && this.connected;
      if (resync) this.resyncPending = false;
      for (const l of resync ? this.resyncListeners : this.entityListeners) l();
    });
    void this.handleReady(conn);
    this.armWatchdog();
  }

  private async handleReady(conn: Connection): Promise<void> {
    if (conn !== this.conn) return;
    this.connected = true;
    this.connections++;
    this.haVersion = conn.haVersion ?? null;
    try {
      this.config = await getConfig(conn);
    } catch (e) {
      this.opts.log.warn('get_config failed', { error: describe(e) });
    }
    this.opts.log.info(this.connections === 1 ? 'connected to Home Assistant' : 'reconnected to Home Assistant', {
      url: this.opts.url,
      ha_version: this.haVersion,
      unit: this.config?.unit_system.temperature,
      time_zone: this.config?.time_zone,
    });
    this.opts.onOutcome?.('ok');
    this.resolveFirstReady();
    for (const l of this.readyListeners) l();
  }

  private armWatchdog(): void {
    clearInterval(this.watchdog);
    const interval = this.opts.pingIntervalMs ?? 30_000;
    const deadline = this.opts.pingTimeoutMs ?? 10_000;
    this.watchdog = setInterval(() => {
      const conn = this.conn;
      if (!conn?.connected) return;
      const socket = conn.socket;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), deadline)));
      void Promise.race([
        conn.ping().then(
          () => 'pong' as const,
          () => 'pong' as const,
        ),
        timeout,
      ]).then((outcome) => {
        clearTimeout(timer);
        if (outcome !== 'timeout' || conn !== this.conn || conn.socket !== socket || !socket) return;
        this.opts.log.warn('no pong from Home Assistant; dropping the half-open socket', { timeout_ms: deadline });
        // terminate() destroys the TCP socket at once (close() would wait for a peer that is gone);
        // haws sees the close and reconnects.
        (socket as unknown as { terminate(): void }).terminate();
      });
    }, interval);
    this.watchdog.unref?.();
  }

  private dropConnection(): void {
    this.unsubEntities?.();
    this.unsubEntities = null;
    this.conn?.close();
    this.conn = null;
    this.connected = false;
  }

  /** Called after every change of the entity map. */
  onEntities(listener: Listener): () => void {
    this.entityListeners.add(listener);
    return () => this.entityListeners.delete(listener);
  }

  /**
   * Called with the first entity map after a reconnect (the states as they are now, after an
   * outage), instead of the entity listeners.
   */
  onResync(listener: Listener): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** Called after every (re)connection. */
  onReady(listener: Listener): () => void {
    this.readyListeners.add(listener);
    return () => this.readyListeners.delete(listener);
  }

  entity(id: string | undefined | null): HassEntity | undefined {
    return id ? this.entities[id] : undefined;
  }

  /** The system temperature unit (climate attributes carry none). */
  get temperatureUnit(): '°C' | '°F' {
    return this.config?.unit_system.temperature === '°C' ? '°C' : '°F';
  }

  /** True when the entity's last change was caused by one of our own service calls. */
  isOwnChange(entity: HassEntity): boolean {
    return this.ownContexts.has(entity.context.id);
  }

  /** Calls a service on one entity; returns its response (with returnResponse). */
  async call(domain: string, service: string, entityId: string, data?: Record<string, unknown>, returnResponse?: boolean): Promise<unknown> {
    const conn = this.conn;
    if (!conn?.connected) throw new HaServiceError(3, 'Home Assistant is not connected');
    let result: { context?: { id: string }; response?: unknown };
    try {
      result = (await callService(conn, domain, service, data, { entity_id: entityId }, returnResponse)) as typeof result;
    } catch (e) {
      const err = (e as { error?: unknown }).error ?? e;
      const { code, message } = (typeof err === 'object' && err ? err : { code: err, message: String(err) }) as { code: string | number; message: string };
      throw new HaServiceError(code, message ?? String(code));
    }
    if (result?.context?.id) {
      this.ownContexts.add(result.context.id);
      if (this.ownContexts.size > 500) this.ownContexts.delete(this.ownContexts.values().next().value!);
    }
    return result?.response;
  }

  /**
   * The entity's recorded states in [startMs, endMs) (history/history_during_period, minimal and
   * without attributes): compressed rows, the first one the state at the start. HA errors are
   * HaServiceErrors with HA's code; a code of 3 means not connected.
   */
  async history(entityId: string, startMs: number, endMs: number): Promise<HistoryRow[]> {
    const conn = this.conn;
    if (!conn?.connected) throw new HaServiceError(3, 'Home Assistant is not connected');
    try {
      const result = await conn.sendMessagePromise<Record<string, HistoryRow[]>>({
        type: 'history/history_during_period',
        start_time: new Date(startMs).toISOString(),
        end_time: new Date(endMs).toISOString(),
        entity_ids: [entityId],
        minimal_response: true,
        no_attributes: true,
      });
      return result?.[entityId] ?? [];
    } catch (e) {
      const err = (typeof e === 'object' && e ? e : { code: e, message: String(e) }) as { code: string | number; message?: string };
      throw new HaServiceError(err.code, err.message ?? String(err.code));
    }
  }

  /** Closes the connection for good. */
  stop(): void {
    this.stopped = true;
    clearInterval(this.watchdog);
    clearTimeout(this.retryTimer);
    this.dropConnection();
    this.resolveFirstReady();
  }
}

/** A short text for any error a haws promise rejects with (numbers, message objects). */
export function describe(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'object' && e) return JSON.stringify(e);
  return String(e);
}
