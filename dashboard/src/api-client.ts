// The HTTP core: JSON in and out, the bearer token, the session recovery pattern of docs/api.md
// "Authentication" (refresh within 5 minutes of expiry, and on 401 `Token expired` refresh and retry once),
// and non-2xx answers turned into ApiError carrying the server's own `detail`.
import type { Session } from '@offpeak/cloud/contract';
import { ApiError } from './api-error.js';
import { getSession, setSession, subscribeSession } from './session.js';

export { ApiError };

/** Refresh this long before the access token expires. */
export const REFRESH_AHEAD_S = 5 * 60;

let refreshing: Promise<void> | null = null;

const detailText = (body: unknown, status: number): string => {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail;
  if (detail !== undefined) return JSON.stringify(detail);
  return `Request failed (${status})`;
};

async function send(method: string, path: string, body: unknown, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function parse<T>(res: Response): Promise<T> {
  const text = res.status === 204 ? '' : await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = { detail: text };
  }
  if (!res.ok) throw new ApiError(res.status, detailText(body, res.status));
  return body as T;
}

/** Rotates the refresh token once, however many callers ask at the same time. */
export function refreshSession(): Promise<void> {
  refreshing ??= (async () => {
    const session = getSession();
    if (!session) throw new ApiError(401, 'Not authenticated');
    try {
      const res = await send('POST', '/auth/refresh', { refresh_token: session.refresh_token }, undefined);
      setSession(await parse<Session>(res));
    } catch (err) {
      // A stale refresh token (30 days, or rotated elsewhere) means signing in again.
      if (err instanceof ApiError && err.status === 400) setSession(null);
      throw err;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const nearExpiry = (expiresAt: number) => expiresAt - Date.now() / 1000 < REFRESH_AHEAD_S;

/** One call to the API; `auth` false for the public endpoints. */
export async function request<T>(method: string, path: string, body?: unknown, auth = true): Promise<T> {
  if (!auth) return parse<T>(await send(method, path, body, undefined));
  let session = getSession();
  if (!session) throw new ApiError(401, 'Not authenticated');
  if (nearExpiry(session.expires_at)) {
    await refreshSession();
    session = getSession()!;
  }
  let res = await send(method, path, body, session.access_token);
  if (res.status === 401) {
    const detail = detailText(
      await res
        .clone()
        .json()
        .catch(() => undefined),
      401,
    );
    if (detail === 'Token expired') {
      await refreshSession();
      res = await send(method, path, body, getSession()!.access_token);
    } else if (getSession()?.access_token === session.access_token) {
      setSession(null);
    }
  }
  return parse<T>(res);
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the session fresh while the app is open: a refresh REFRESH_AHEAD_S before expiry. */
export function startSessionKeeper(): () => void {
  const arm = () => {
    clearTimeout(timer);
    const session = getSession();
    if (!session) return;
    const inMs = Math.max(0, (session.expires_at - REFRESH_AHEAD_S) * 1000 - Date.now());
    timer = setTimeout(() => void refreshSession().catch(() => undefined), Math.min(inMs, 2 ** 31 - 1));
  };
  arm();
  const unsubscribe = subscribeSession(arm);
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
