import argon2 from 'argon2';
import { createHash, createHmac, randomBytes } from 'node:crypto';

// OWASP's argon2id baseline (19 MiB, 2 passes): about 30 ms per hash on the reference machine.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal which emails are registered. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** A random bearer value with 256 bits of entropy, optionally prefixed to tell token kinds apart. */
export const newOpaqueToken = (prefix = '') => prefix + randomBytes(32).toString('base64url');

/**
 * The at-rest form of a high-entropy token (refresh token, device token, claim code). SHA-256 is
 * enough here: unlike passwords these values cannot be guessed, so a slow hash buys nothing.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The refresh token that rotating `token` issues. Derived from it under the server secret (HMAC,
 * as unguessable as a random one without the secret), so a second refresh of the same token within
 * the reuse grace (two tabs, a retry after a lost response) can be handed the same successor
 * although only its hash is stored.
 */
export const successorRefreshToken = (secret: string, token: string) =>
  'rt_' + createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');
