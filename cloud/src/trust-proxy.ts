import { isIP } from 'node:net';

/**
 * Which hops Express may believe for the client address (its `trust proxy` setting): none, the
 * nearest N, or those whose addresses fall in the listed subnets. Never every hop: the leftmost
 * `X-Forwarded-For` entry is whatever the client wrote.
 */
export type TrustProxy = false | number | readonly string[];

/** proxy-addr's names for the reserved ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

/**
 * `false`, `0` -> false; `2` -> 2 hops; `loopback, 10.0.0.0/8, 192.168.1.5` -> that list. `true`
 * and anything else -> null (invalid).
 */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value) <= MAX_HOPS ? Number(value) : null;
  const entries = value.split(',').map((e) => e.trim());
  return entries.length > 0 && entries.every(isTrustedRange) ? Object.freeze(entries) : null;
}

function isTrustedRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
