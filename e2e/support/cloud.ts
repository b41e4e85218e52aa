// The suite's cloud: the built cloud (`@offpeak/cloud/testing`) on a fresh embedded PostgreSQL, a
// second instance with other settings on the same database, and `set-tier` for premium accounts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtCloudEnv, runBuiltAdmin, startBuiltCloud, type BuiltCloud } from '@offpeak/cloud/testing';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
const DASHBOARD_INDEX = path.join(REPO, 'dashboard/dist/index.html');

export type RunningCloud = BuiltCloud;

const logOptions = () => ({ logLevel: process.env.E2E_LOG ?? 'warn', echo: Boolean(process.env.E2E_LOG) });

export async function startCloud(env: Record<string, string> = {}): Promise<RunningCloud> {
  if (!existsSync(DASHBOARD_INDEX)) throw new Error(`the dashboard is not built (${DASHBOARD_INDEX} missing): run \`npm run build\` first (npm test does)`);
  return startBuiltCloud({ env, ...logOptions() });
}

/**
 * A second cloud instance with its own settings (EMAIL_CONFIRMATION_REQUIRED, ...) on the running
 * cloud's embedded PostgreSQL: the instances are stateless, so it needs no cluster of its own and
 * starts in about a second instead of initialising one. It shares the data dir (and so the JWT
 * secret) and leaves both in place when stopped. Its log, at `info`, is in `output()`.
 */
export async function startCloudOnSameDatabase(dataDir: string, env: Record<string, string> = {}): Promise<RunningCloud> {
  return startBuiltCloud({ sameDatabaseAs: { dataDir }, env, ...logOptions(), logLevel: 'info' });
}

/** `npm run -w cloud admin -- set-tier EMAIL TIER` against the running cloud's embedded database. */
export function setTier(dataDir: string, email: string, tier: 'premium' | 'free'): void {
  runBuiltAdmin(builtCloudEnv(dataDir), ['set-tier', email, tier]);
}
