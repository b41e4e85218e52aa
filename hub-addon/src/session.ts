// The user session with the cloud: log in with email and password or start from a refresh
// token, refresh ahead of expiry (a margin drawn anew for each token in 5-15 minutes, so installs
// whose tokens expire together, after an outage or a fleet's start, do not refresh together
// forever) and on 401 `Token expired`, log in again when the
// refresh answers 400 `Invalid Refresh Token`. The rotated refresh token is kept in
// <data>/session.json (mode 0600) so a restart resumes without the password. Session timing uses
// the wall clock: the cloud checks expiry on its own real clock, whatever the add-on's clock says.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Session } from '@offpeak/cloud/contract';
import { CloudError, jsonRequest, readCloudAnswer, unreachable } from '@offpeak/client-kit';
import { httpFetch, type FetchLike } from './http-fetch.js';
import type { Logger } from './log.js';

export const SESSION_FILE = 'session.json';
/** A token is renewed this long before it expires, at least (the margin is drawn in [min, min + spread)). */
const REFRESH_MARGIN_MIN_S = 5 * 60;
const REFRESH_MARGIN_SPREAD_S = 10 * 60;

interface StoredSession {
  access_token: string | null;
  expires_at: number;
  refresh_token: string;
  /** The refresh token of the options this chain started from: a new one in the options wins. */
  seed: string | null;
}

export interface SessionOptions {
  /** Null while cloud_url is not set: every call fails as unreachable. */
  baseUrl: string | null;
  dataDir: string;
  email: string | null;
  password: string | null;
  refreshToken: string | null;
  log: Logger;
  fetch?: FetchLike;
  /** Wall-clock ms; Date.now by default. */
  wallNow?: () => number;
  /** [0, 1): where each token's refresh margin falls in 5-15 minutes; Math.random by default. */
  random?: () => number;
  timeoutMs?: number;
}

/** Raw JSON call without the session (login, refresh). */
export async function rawCall<T>(
  doFetch: FetchLike,
  url: string | null,
  method: string,
  route: string,
  body: unknown,
  token: string | null,
  timeoutMs: number,
): Promise<T> {
  if (url === null) throw new CloudError(0, 'cloud_url is not set', route);
  let res: Awaited<ReturnType<FetchLike>>;
  try {
    res = await doFetch(url + route, { ...jsonRequest(method, body, token), signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    throw unreachable(e, route);
  }
  return readCloudAnswer<T>(res, route);
}

/** Holds the tokens and makes authenticated calls. */
export class CloudSession {
  private stored: StoredSession | null = null;
  private renewing: Promise<void> | null = null;
  private readonly fetch: FetchLike;
  private readonly wallNow: () => number;
  private readonly file: string;
  private readonly timeoutMs: number;
  private readonly random: () => number;
  /** Seconds before the held token's expiry at which it is renewed. */
  private refreshMarginS: number;
  /** Counters for the status line and tests. */
  readonly stats = { logins: 0, refreshes: 0 };

  constructor(private readonly opts: SessionOptions) {
    this.fetch = opts.fetch ?? httpFetch;
    this.wallNow = opts.wallNow ?? Date.now;
    this.file = path.join(opts.dataDir, SESSION_FILE);
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.random = opts.random ?? Math.random;
    this.refreshMarginS = this.drawRefreshMarginS();
  }

  private drawRefreshMarginS(): number {
    return REFRESH_MARGIN_MIN_S + Math.floor(this.random() * REFRESH_MARGIN_SPREAD_S);
  }

  /** Loads the stored session (if it still belongs to the configured refresh token). */
  async load(): Promise<void> {
    try {
      const s = JSON.parse(await readFile(this.file, 'utf8')) as StoredSession;
      if (typeof s.refresh_token === 'string' && (this.opts.refreshToken === null || s.seed === this.opts.refreshToken)) this.stored = s;
    } catch {
      this.stored = null;
    }
    if (!this.stored && this.opts.refreshToken)
      this.stored = { access_token: null, expires_at: 0, refresh_token: this.opts.refreshToken, seed: this.opts.refreshToken };
  }

  /** An authenticated JSON call: renews first when close to expiry, and once more on 401. */
  async call<T>(method: string, route: string, body?: unknown): Promise<T> {
    await this.ensureFresh();
    try {
      return await rawCall<T>(this.fetch, this.opts.baseUrl, method, route, body, this.stored!.access_token, this.timeoutMs);
    } catch (e) {
      if (!(e instanceof CloudError) || e.status !== 401) throw e;
      this.opts.log.info('access token rejected; renewing the session', { route, detail: e.detail });
      await this.renew(true);
      return rawCall<T>(this.fetch, this.opts.baseUrl, method, route, body, this.stored!.access_token, this.timeoutMs);
    }
  }

  private async ensureFresh(): Promise<void> {
    const s = this.stored;
    if (s?.access_token && s.expires_at - this.refreshMarginS > this.wallNow() / 1000) return;
    await this.renew(false);
  }

  /** One renewal at a time: refresh, else log in. `force` skips the freshness check. */
  private renew(force: boolean): Promise<void> {
    if (!this.renewing) {
      const token = this.stored?.access_token;
      this.renewing = this.doRenew(force, token).finally(() => {
        this.renewing = null;
      });
    }
    return this.renewing;
  }

  private async doRenew(force: boolean, staleAccess: string | null | undefined): Promise<void> {
    if (force && this.stored?.access_token !== staleAccess) return; // renewed by another caller meanwhile
    if (this.stored?.refresh_token) {
      try {
        const session = await rawCall<Session>(
          this.fetch,
          this.opts.baseUrl,
          'POST',
          '/auth/refresh',
          { refresh_token: this.stored.refresh_token },
          null,
          this.timeoutMs,
        );
        this.stats.refreshes++;
        this.opts.log.info('session refreshed', { expires_at: new Date(session.expires_at * 1000).toISOString() });
        return this.save(session);
      } catch (e) {
        if (!(e instanceof CloudError) || e.status !== 400) throw e;
        this.opts.log.warn('refresh token no longer valid; signing in again', { detail: e.detail });
      }
    }
    if (!this.opts.email || !this.opts.password) {
      throw new CloudError(
        401,
        'The refresh token is no longer valid and no email/password is configured: sign in again (set email and password, or a new refresh_token)',
        '/auth/refresh',
      );
    }
    const session = await rawCall<Session>(
      this.fetch,
      this.opts.baseUrl,
      'POST',
      '/auth/login',
      { email: this.opts.email, password: this.opts.password },
      null,
      this.timeoutMs,
    );
    this.stats.logins++;
    this.opts.log.info('signed in', { user_id: session.user.id });
    await this.save(session);
  }

  private async save(session: Session): Promise<void> {
    this.stored = { access_token: session.access_token, expires_at: session.expires_at, refresh_token: session.refresh_token, seed: this.opts.refreshToken };
    this.refreshMarginS = this.drawRefreshMarginS();
    await mkdir(this.opts.dataDir, { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(this.stored), { encoding: 'utf8', mode: 0o600 });
    await rename(tmp, this.file);
  }
}
