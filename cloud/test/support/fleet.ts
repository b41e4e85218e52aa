import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { RunningCloud } from '../../src/server.js';

/** Creates a new database with nothing in it (not cloned from the migrated template) and returns its URL. */
export async function createEmptyDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Resolves once `condition` holds, checking every 10 ms; throws after `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves once `cloud` has `n` parked long-polls. */
export const parked = (cloud: RunningCloud, n = 1) => until(() => cloud.services.commandWaiters.parkedCount() >= n, `${n} parked polls`);
