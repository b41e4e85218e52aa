// Test helpers: the real home-assistant-js-websocket client over `ws`, and a raw frame client.
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createConnection, createLongLivedTokenAuth, type Connection } from 'home-assistant-js-websocket';
import { WebSocket } from 'ws';
import { startHaSim, type HaSimHandle, type HaSimOptions, type FixtureData } from '../../src/ha-sim/index.js';

export const TOKEN = 'test-token-0123456789';
export const FIXTURE_PATH = fileURLToPath(new URL('./fixture.json', import.meta.url));

export function fixture(): FixtureData {
  return JSON.parse(readFileSync(FIXTURE_PATH, 'utf8')) as FixtureData;
}

export function startFixtureSim(opts: Partial<HaSimOptions> = {}): Promise<HaSimHandle> {
  return startHaSim({ fixture: FIXTURE_PATH, token: TOKEN, ...opts });
}

/** haws calls `new WebSocket(url)` on the global; Node 20 has none, so it gets `ws`'s. */
export async function connectHaws(url: string, token = TOKEN, opts: { setupRetry?: number } = {}): Promise<Connection> {
  (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
  return createConnection({ auth: createLongLivedTokenAuth(url, token), ...opts });
}

export type Frame = unknown;

/** A raw client that records every frame as parsed JSON (an array frame stays an array). */
export class RawClient {
  readonly frames: Frame[] = [];
  private waiters: (() => void)[] = [];
  closed = false;
  closeCode: number | null = null;
  readonly ws: WebSocket;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      this.notify();
    });
    this.ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
      this.notify();
    });
  }

  private notify(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  static async open(url: string): Promise<RawClient> {
    const c = new RawClient(url);
    await new Promise<void>((resolve, reject) => {
      c.ws.once('open', () => resolve());
      c.ws.once('error', reject);
    });
    return c;
  }

  /** Open, read auth_required, authenticate and read auth_ok. */
  static async authed(url: string, token = TOKEN): Promise<RawClient> {
    const c = await RawClient.open(url);
    await c.waitFor((f) => (f as { type?: string }).type === 'auth_required');
    c.send({ type: 'auth', access_token: token });
    await c.waitFor((f) => (f as { type?: string }).type === 'auth_ok');
    return c;
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Every message so far, array frames flattened. */
  messages(): Record<string, unknown>[] {
    return this.frames.flatMap((f) => (Array.isArray(f) ? f : [f])) as Record<string, unknown>[];
  }

  async waitFor(pred: (frame: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(pred);
      if (found !== undefined) return found;
      if (this.closed) throw new Error(`socket closed while waiting; frames: ${JSON.stringify(this.frames)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Wait for the message (array frames flattened) with this id and type result/pong. */
  async reply(id: number, timeoutMs = 3000): Promise<Record<string, unknown>> {
    const isIt = (m: unknown) => {
      const r = m as { id?: number; type?: string };
      return r.id === id && (r.type === 'result' || r.type === 'pong');
    };
    await this.waitFor((f) => (Array.isArray(f) ? f.some(isIt) : isIt(f)), timeoutMs);
    return this.messages().find(isIt)!;
  }

  async waitClosed(timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket still open');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close(): void {
    this.ws.close();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Poll until fn returns a truthy value. */
export async function until<T>(fn: () => T | undefined | null | false, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}
