// Access tokens as the test cloud signs them (HS256 with TEST_JWT_SECRET), for expired ones.
import { createHmac } from 'node:crypto';
import { TEST_JWT_SECRET } from '../../src/bench/cloud-process.js';

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** A token the cloud accepts as its own but rejects with `Token expired`. */
export function expiredAccessToken(userId: string, email: string): string {
  const now = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ sub: userId, email, role: 'authenticated', iat: now - 7200, exp: now - 3600 }));
  const sig = createHmac('sha256', TEST_JWT_SECRET).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}
