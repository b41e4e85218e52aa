// The signed-in session, kept in localStorage so it survives a reload; other tabs follow it
// through the storage event (one refresh token is valid at a time: it rotates on every refresh).
import type { Session } from '@offpeak/cloud/contract';

export type StoredSession = Pick<Session, 'access_token' | 'refresh_token' | 'expires_at' | 'user'>;

const KEY = 'offpeak.session';
const listeners = new Set<() => void>();
let current: StoredSession | null = load();

function load(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as StoredSession) : null;
    return parsed && typeof parsed.access_token === 'string' && typeof parsed.refresh_token === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export const getSession = (): StoredSession | null => current;

/** Saves a session from signup, login or refresh; null signs out. */
export function setSession(session: Session | StoredSession | null): void {
  current = session && { access_token: session.access_token, refresh_token: session.refresh_token, expires_at: session.expires_at, user: session.user };
  if (current) localStorage.setItem(KEY, JSON.stringify(current));
  else localStorage.removeItem(KEY);
  for (const fn of listeners) fn();
}

/** Calls `fn` whenever the session changes (here or in another tab); returns the unsubscribe. */
export function subscribeSession(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

addEventListener('storage', (e) => {
  if (e.key !== KEY) return;
  current = load();
  for (const fn of listeners) fn();
});
