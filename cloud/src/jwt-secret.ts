import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { assertSecretLength, readOrCreateSecretFile } from './secret-file.js';

/** HS256 wants a key at least as long as its hash: anything shorter can be brute-forced. */
export const JWT_SECRET_MIN_BYTES = 32;

/**
 * The access-token signing secret: `JWT_SECRET`, else the one generated on first start into the
 * data folder. Refuses one under 32 bytes from either source.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured === undefined) {
    return readOrCreateSecretFile(path.join(dataDir, 'jwt-secret'), () => randomBytes(48).toString('base64url'), {
      minBytes: JWT_SECRET_MIN_BYTES,
      what: 'JWT secret',
    });
  }
  assertSecretLength(configured, JWT_SECRET_MIN_BYTES, 'JWT secret (JWT_SECRET)', 'set a longer one');
  return configured;
}
