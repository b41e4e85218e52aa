// One WebSocket client: Core's auth phase (or the Supervisor proxy's), then the command phase
// (core websocket_api/connection.py ActiveConnection.async_handle) with the coalescing writer
// of websocket_api/http.py.
import type { WebSocket, RawData } from 'ws';
import { humanizeError, Invalid, literal, validateMapping, vStr } from '../validation.js';
import { COMMANDS, type CommandDeps } from './commands.js';
import { ERR, errorMessage, type Json } from './messages.js';

export interface ConnectionOptions {
  deps: CommandDeps;
  haVersion: string;
  token: string;
  /** Speak as the Supervisor proxy (/core/websocket): its auth_invalid text, no supervisor/* commands. */
  proxy: boolean;
  authTimeoutMs: number;
  /** WebSocket-level ping interval; a client that has not answered the previous ping is dropped (Core: 55 s). */
  heartbeatMs: number;
  onClose: () => void;
}

export class WsConnection {
  lastId = 0;
  canCoalesce = false;
  readonly subscriptions = new Map<number, () => void>();
  private readonly outbox: string[] = [];
  private flushScheduled = false;
  private authenticated = false;
  private closed = false;
  private readonly authTimer: NodeJS.Timeout;
  private readonly heartbeat: NodeJS.Timeout;
  private alive = true;
  private hung = false;

  constructor(
    readonly socket: WebSocket,
    private readonly opts: ConnectionOptions,
  ) {
    socket.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    socket.on('close', () => this.cleanup());
    socket.on('error', () => this.cleanup());
    socket.send(JSON.stringify({ type: 'auth_required', ha_version: opts.haVersion }));
    // Core: "Did not receive auth message within 10 seconds", then disconnect.
    this.authTimer = setTimeout(() => this.close(), opts.authTimeoutMs);
    socket.on('pong', () => (this.alive = true));
    this.heartbeat = setInterval(() => {
      if (this.hung) return;
      if (!this.alive) return this.terminate();
      this.alive = false;
      socket.ping();
    }, opts.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Stop reading, answering and sending (even WebSocket-level pongs) while keeping TCP open: a hung Home Assistant. */
  hang(): void {
    this.hung = true;
    this.socket.pause();
  }

  /** Queue a message; the writer sends it alone or, with coalescing on, joined with others in one array frame. */
  send(message: Json | string): void {
    if (this.closed || this.hung) return;
    this.outbox.push(typeof message === 'string' ? message : JSON.stringify(message));
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  close(): void {
    if (this.closed) return;
    this.cleanup();
    this.socket.close();
  }

  /** Drop the TCP connection without a close frame (a crashed or unplugged Home Assistant). */
  terminate(): void {
    this.cleanup();
    this.socket.terminate();
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.closed || this.hung || this.outbox.length === 0) return;
    const messages = this.outbox.splice(0);
    if (this.canCoalesce && messages.length > 1) this.socket.send(`[${messages.join(',')}]`);
    else for (const m of messages) this.socket.send(m);
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.authTimer);
    clearInterval(this.heartbeat);
    for (const unsub of this.subscriptions.values()) unsub();
    this.subscriptions.clear();
    this.opts.onClose();
  }

  private onFrame(data: RawData, isBinary: boolean): void {
    if (this.closed || this.hung) return;
    // A non-text frame or invalid JSON ends the connection, without an error result.
    if (isBinary) return this.close();
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return this.close();
    }
    if (!this.authenticated) return this.onAuth(parsed);
    if (Array.isArray(parsed)) for (const m of parsed) this.handle(m);
    else this.handle(parsed);
  }

  private onAuth(msg: unknown): void {
    clearTimeout(this.authTimer);
    const { token, haVersion, proxy } = this.opts;
    if (proxy) {
      const m = isObject(msg) ? msg : {};
      const given = m.api_password || m.access_token;
      if (given !== token) return this.rejectAuth('Invalid access');
      return this.acceptAuth(haVersion);
    }
    let valid: Record<string, unknown>;
    try {
      valid = validateMapping(msg, {
        type: { required: true, validate: literal('auth') },
        api_password: { validate: vStr, exclusive: 'auth' },
        access_token: { validate: vStr, exclusive: 'auth' },
      });
    } catch (e) {
      if (!(e instanceof Invalid)) throw e;
      return this.rejectAuth(`Auth message incorrectly formatted: ${humanizeError(msg, e)}`);
    }
    if (typeof valid.access_token === 'string' && valid.access_token === token) return this.acceptAuth(haVersion);
    this.rejectAuth('Invalid access token or password');
  }

  private acceptAuth(haVersion: string): void {
    this.authenticated = true;
    this.socket.send(JSON.stringify({ type: 'auth_ok', ha_version: haVersion }));
  }

  private rejectAuth(message: string): void {
    this.socket.send(JSON.stringify({ type: 'auth_invalid', message }));
    this.close();
  }

  /** ActiveConnection.async_handle */
  private handle(msg: unknown): void {
    if (!isObject(msg) || !msg.id || typeof msg.id !== 'number' || !Number.isInteger(msg.id) || !msg.type || typeof msg.type !== 'string') {
      const id = isObject(msg) ? (msg.id ?? null) : 0;
      return this.send(errorMessage(id, ERR.INVALID_FORMAT, 'Message incorrectly formatted.'));
    }
    const id = msg.id;
    const type = msg.type;
    if (this.opts.proxy && (type.startsWith('supervisor/') || type.startsWith('hassio/'))) {
      return this.send(errorMessage(id, ERR.UNAUTHORIZED, 'Unauthorized'));
    }
    if (id <= this.lastId) return this.send(errorMessage(id, ERR.ID_REUSE, 'Identifier values have to increase.'));
    const command = COMMANDS[type];
    if (!command) return this.send(errorMessage(id, ERR.UNKNOWN_COMMAND, 'Unknown command.'));
    try {
      const valid = command.schema ? command.schema(msg) : msg;
      command.handler(this, valid, this.opts.deps);
    } catch (e) {
      this.sendException(msg, e);
    }
    this.lastId = id;
  }

  /** async_handle_exception */
  sendException(msg: Json, e: unknown): void {
    if (e instanceof Invalid) this.send(errorMessage(msg.id, ERR.INVALID_FORMAT, humanizeError(msg, e)));
    else this.send(errorMessage(msg.id, ERR.UNKNOWN_ERROR, e instanceof Error && e.message ? e.message : 'Unknown error'));
  }
}

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
