// Event contexts: Core gives every state write and service call a Context whose id is a ULID.
import { randomBytes } from 'node:crypto';

export interface Context {
  id: string;
  parent_id: string | null;
  user_id: string | null;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A 26-character ULID: 48 bits of milliseconds, then 80 random bits, in Crockford base32. */
export function ulid(nowMs: number): string {
  let time = '';
  let t = Math.floor(nowMs);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let rand = '';
  for (let i = 0; i < 16; i++) {
    rand = CROCKFORD[Number(bits & 31n)] + rand;
    bits >>= 5n;
  }
  return time + rand;
}

export function newContext(nowMs: number, userId: string | null = null, parentId: string | null = null): Context {
  return { id: ulid(nowMs), parent_id: parentId, user_id: userId };
}
