import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureLogging } from '../../src/log.js';
import type { RunningCloud } from '../../src/server.js';
import { apiClient, signUp, uniqueEmail, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

// The cloud logs to a buffer; the test breaks the schema under it so that queries carrying
// password and token hashes fail, and reads what reached the log.
const lines: string[] = [];
let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  configureLogging('info', new Writable({ write: (chunk, _enc, done) => done(void lines.push(...chunk.toString().split('\n').filter(Boolean))) }));
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const errorLines = () => lines.map((l) => JSON.parse(l)).filter((l) => l.err && l.level >= 50);

describe('a database error in the log', () => {
  it('shows the message, code and table, but neither the SQL nor the bind parameters (the password hash, the email)', async () => {
    const email = uniqueEmail();
    await cloud.db.query(`ALTER TABLE users ADD CONSTRAINT users_broken CHECK (password_hash LIKE 'never%')`);
    try {
      lines.length = 0;
      const res = await api.post('/auth/signup', { email, password: 'correct horse battery' });
      expect(res).toMatchObject({ status: 500, body: { detail: 'Internal server error' } });
    } finally {
      await cloud.db.query(`ALTER TABLE users DROP CONSTRAINT users_broken`);
    }
    const logged = lines.join('\n');
    expect(logged).not.toContain('$argon2id$');
    expect(logged).not.toContain(email);
    expect(logged).not.toMatch(/INSERT INTO/i);
    const [entry] = errorLines();
    expect(entry.err).toMatchObject({
      message: expect.stringContaining('users_broken'),
      original: { code: '23514', table: 'users', constraint: 'users_broken' },
    });
    expect(entry.err.original.detail).toBe('Failing row contains (…).');
    expect(entry.err.stack).toContain('users-repo');
  });

  it('never shows a refresh token hash inlined in a failed lookup', async () => {
    const { refreshToken } = await signUp(api);
    const hash = createHash('sha256').update(refreshToken).digest('hex');
    await cloud.db.query(`ALTER TABLE refresh_tokens RENAME COLUMN rotated_at TO rotated_at_broken`);
    try {
      lines.length = 0;
      expect((await api.post('/auth/refresh', { refresh_token: refreshToken })).status).toBe(500);
    } finally {
      await cloud.db.query(`ALTER TABLE refresh_tokens RENAME COLUMN rotated_at_broken TO rotated_at`);
    }
    expect(errorLines()).not.toHaveLength(0);
    expect(lines.join('\n')).not.toContain(hash);
    expect(lines.join('\n')).not.toContain(refreshToken);
  });

  it('never shows a token hash quoted in a unique violation', async () => {
    const { userId } = await signUp(api);
    const hash = createHash('sha256').update('a-refresh-token').digest('hex');
    const insert = () => cloud.store.refreshTokens.insert({ userId, familyId: userId, tokenHash: hash, expiresAt: new Date(Date.now() + 60_000) });
    await insert();
    lines.length = 0;
    const err = await insert().catch((e: unknown) => e);
    const { log } = await import('../../src/log.js');
    log('test').error({ err }, 'insert failed');
    const logged = lines.join('\n');
    expect(logged).toContain('refresh_tokens_token_hash_key');
    expect(logged).not.toContain(hash);
    expect(JSON.parse(lines[0]!).err.original.detail).toBe('Key (token_hash)=(…) already exists.');
  });
});

describe('SQL traced at LOG_LEVEL=trace', () => {
  it('shows statements with their string literals masked, so inlined token hashes never appear', async () => {
    configureLogging('trace', new Writable({ write: (chunk, _enc, done) => done(void lines.push(...chunk.toString().split('\n').filter(Boolean))) }));
    const traced = await startTestCloud();
    try {
      const tracedApi = apiClient(traced.url);
      const { refreshToken } = await signUp(tracedApi);
      lines.length = 0;
      expect((await tracedApi.post('/auth/refresh', { refresh_token: refreshToken })).status).toBe(200);
      const sql = lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.name === 'db')
        .map((l) => l.msg as string);
      expect(sql.some((s) => /FROM "refresh_tokens".*"token_hash" = '…'/.test(s))).toBe(true);
      expect(lines.join('\n')).not.toContain(createHash('sha256').update(refreshToken).digest('hex'));
    } finally {
      await traced.stop();
    }
  });
});
