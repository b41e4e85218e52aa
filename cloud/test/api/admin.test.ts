import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/admin.js';
import type { RunningCloud } from '../../src/server.js';
import { ADMIN_USAGE, parseAdminCommand, setTier } from '../../src/services/admin.js';
import { createDatabase, ensureDatabaseExists } from '../../src/store/database.js';
import { startEmbeddedPostgres } from '../../src/store/embedded-postgres.js';
import { createStore } from '../../src/store/index.js';
import { migrate } from '../../src/store/migrate.js';
import { apiClient, signUp, uniqueEmail, type ApiClient } from '../support/http.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  cloud = await startTestCloud({ databaseUrl });
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const createHvac = (token: string, n: number) =>
  api.post('/api/v1/appliances', { appliance_type: 'hvac', name: `AC ${n}`, config: { entity_id: `climate.unit_${n}` } }, { token });
const tierOf = async (token: string) => (await api.get('/auth/me', { token })).body.subscription_tier;

describe('setTier', () => {
  it('upgrades a free account so a second HVAC is allowed, and shows premium in the profile', async () => {
    const { token, email } = await signUp(api);
    expect((await createHvac(token, 1)).status).toBe(201);
    expect(await createHvac(token, 2)).toMatchObject({ status: 403, body: { detail: 'Upgrade required' } });
    expect(await setTier(cloud.store, email, 'premium')).toEqual({ email, previous: 'free', tier: 'premium' });
    expect((await createHvac(token, 2)).status).toBe(201);
    expect((await createHvac(token, 3)).status).toBe(201);
    expect(await tierOf(token)).toBe('premium');
  });

  it('downgrades: existing HVACs stay, new ones are refused', async () => {
    const { token, email } = await signUp(api);
    await setTier(cloud.store, email, 'premium');
    await createHvac(token, 1);
    await createHvac(token, 2);
    expect(await setTier(cloud.store, email, 'free')).toEqual({ email, previous: 'premium', tier: 'free' });
    expect(await createHvac(token, 3)).toMatchObject({ status: 403, body: { detail: 'Upgrade required' } });
    expect((await api.get('/api/v1/appliances', { token })).body).toHaveLength(2);
    expect(await tierOf(token)).toBe('free');
  });

  it('works before the profile row exists, and finds the email case-insensitively', async () => {
    const { token, email } = await signUp(api);
    expect(await setTier(cloud.store, `  ${email.toUpperCase()} `, 'premium')).toEqual({ email, previous: 'free', tier: 'premium' });
    expect(await tierOf(token)).toBe('premium');
  });

  it('throws a clear error for an unknown email', async () => {
    await expect(setTier(cloud.store, 'nobody@example.com', 'premium')).rejects.toThrow('No account with email nobody@example.com');
  });
});

describe('parseAdminCommand', () => {
  it('parses set-tier EMAIL TIER', () => {
    expect(parseAdminCommand(['set-tier', 'a@example.com', 'premium'])).toEqual({ command: 'set-tier', email: 'a@example.com', tier: 'premium' });
  });

  it.each([
    [[], `Unknown command ""\n${ADMIN_USAGE}`],
    [['grant', 'a@example.com', 'premium'], `Unknown command "grant"\n${ADMIN_USAGE}`],
    [['set-tier', 'a@example.com'], `set-tier takes an email and a tier\n${ADMIN_USAGE}`],
    [['set-tier', 'a@example.com', 'premium', 'now'], `set-tier takes an email and a tier\n${ADMIN_USAGE}`],
    [['set-tier', 'a@example.com', 'gold'], 'Unknown tier "gold": tier must be free or premium'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseAdminCommand(argv)).toThrow(message);
  });
});

describe('runAdmin (the CLI)', () => {
  it('sets the tier through DATABASE_URL and reports what it did', async () => {
    const { token, email } = await signUp(api);
    expect(await runAdmin(['set-tier', email, 'premium'], { DATABASE_URL: databaseUrl })).toEqual({
      code: 0,
      message: `${email}: subscription tier changed from free to premium (database: DATABASE_URL)`,
    });
    expect(await tierOf(token)).toBe('premium');
    expect(await runAdmin(['set-tier', email, 'premium'], { DATABASE_URL: databaseUrl })).toEqual({
      code: 0,
      message: `${email} is already on the premium tier (database: DATABASE_URL)`,
    });
  });

  it('fails with code 1 and a clear message for an unknown email, tier or command', async () => {
    expect(await runAdmin(['set-tier', 'ghost@example.com', 'free'], { DATABASE_URL: databaseUrl })).toEqual({
      code: 1,
      message: 'No account with email ghost@example.com',
    });
    expect(await runAdmin(['set-tier', 'a@example.com', 'gold'], { DATABASE_URL: databaseUrl })).toEqual({
      code: 1,
      message: 'Unknown tier "gold": tier must be free or premium',
    });
    expect((await runAdmin(['tier'], {})).code).toBe(1);
  });

  it('fails with code 1 when there is no database to work on', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'offpeak-admin-empty-'));
    try {
      expect(await runAdmin(['set-tier', 'a@example.com', 'premium'], { OFFPEAK_DATA_DIR: dir })).toEqual({
        code: 1,
        message: `No database in ${path.join(dir, 'pg')}: start the cloud once (npm start), or set DATABASE_URL`,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Like `npm start` without DATABASE_URL: an embedded cluster in OFFPEAK_DATA_DIR/pg.
  it('uses the embedded cluster: through the running server, else one it starts and stops', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'offpeak-admin-'));
    chmodSync(dataDir, 0o755); // as root the server runs as the postgres user, which must reach the cluster
    const pgDir = path.join(dataDir, 'pg');
    try {
      const server = await startEmbeddedPostgres({ dir: pgDir, postgresFlags: ['-c', 'fsync=off'] });
      const url = server.urlFor('offpeak');
      await ensureDatabaseExists(url);
      const db = createDatabase({ url });
      await migrate(db);
      const email = uniqueEmail();
      await createStore(db).users.insert({ email, passwordHash: 'x', confirmed: true, confirmationTokenHash: null, signupProfile: {} });
      await db.close();

      // A relative OFFPEAK_DATA_DIR resolves against INIT_CWD, where `npm run` was typed.
      const env = { OFFPEAK_DATA_DIR: path.basename(dataDir), INIT_CWD: path.dirname(dataDir) };
      expect(await runAdmin(['set-tier', email, 'premium'], env)).toEqual({
        code: 0,
        message: `${email}: subscription tier changed from free to premium (database: running embedded server)`,
      });
      await server.stop();

      expect(await runAdmin(['set-tier', email, 'free'], env)).toEqual({
        code: 0,
        message: `${email}: subscription tier changed from premium to free (database: embedded server started for this command)`,
      });
      expect(existsSync(path.join(pgDir, 'cluster', 'postmaster.pid'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
