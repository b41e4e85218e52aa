import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import type { Mail } from '../../src/services/mailer.js';
import { apiClient, uniqueEmail, type ApiClient } from '../support/http.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await createTestDatabase();
});

describe('with EMAIL_CONFIRMATION_REQUIRED', () => {
  let cloud: RunningCloud;
  let api: ApiClient;
  const mails: Mail[] = [];
  beforeAll(async () => {
    cloud = await startTestCloud({ databaseUrl, emailConfirmationRequired: true }, { mailer: async (m) => void mails.push(m) });
    api = apiClient(cloud.url);
  });
  afterAll(() => cloud.stop());

  it('signup returns only the user; login is refused until the mailed link is opened', async () => {
    const email = uniqueEmail();
    const signup = await api.post('/auth/signup', { email, password: 'secret1' });
    expect(signup.status).toBe(200);
    expect(Object.keys(signup.body)).toEqual(['user']);
    expect(signup.body.user.email).toBe(email);

    expect(await api.post('/auth/login', { email, password: 'secret1' })).toMatchObject({
      status: 400,
      body: { detail: 'Email not confirmed' },
    });

    const mail = mails.find((m) => m.to === email);
    const link = /https?:\/\/\S+\/auth\/confirm\?token=(\S+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    // The link names the port the cloud listens on, also when it was started with PORT=0.
    expect(mail!.text).toContain(`http://localhost:${cloud.port}/auth/confirm?token=`);
    const token = link![1]!;
    expect(await api.get(`/auth/confirm?token=${token}`)).toMatchObject({ status: 200, body: { status: 'confirmed' } });
    expect((await api.post('/auth/login', { email, password: 'secret1' })).status).toBe(200);
    // The link works once.
    expect((await api.get(`/auth/confirm?token=${token}`)).status).toBe(400);
  });

  it('sends a browser opening the link to the sign-in page, which says how it went', async () => {
    const email = uniqueEmail();
    await api.post('/auth/signup', { email, password: 'secret1' });
    const token = /\/auth\/confirm\?token=(\S+)/.exec(mails.find((m) => m.to === email)?.text ?? '')![1]!;
    const open = () =>
      fetch(`${cloud.url}/auth/confirm?token=${token}`, { redirect: 'manual', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    const first = await open();
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/signin?confirmed=yes');
    expect((await api.post('/auth/login', { email, password: 'secret1' })).status).toBe(200);
    const again = await open();
    expect(again.headers.get('location')).toBe('/signin?confirmed=no');
  });

  it('stores only a hash of the confirmation token', async () => {
    const email = uniqueEmail();
    await api.post('/auth/signup', { email, password: 'secret1' });
    const token = /token=(\S+)/.exec(mails.find((m) => m.to === email)!.text)![1]!;
    const [rows] = await cloud.db.query('SELECT confirmation_token_hash, password_hash FROM users WHERE email = $1', { bind: [email] });
    const row = (rows as { confirmation_token_hash: string; password_hash: string }[])[0]!;
    expect(row.confirmation_token_hash).not.toContain(token);
    expect(row.confirmation_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('auth rate limits', () => {
  let cloud: RunningCloud;
  let api: ApiClient;
  beforeAll(async () => {
    // Its own database: the per-IP counts live in PostgreSQL, and the tests above also come from 127.0.0.1.
    cloud = await startTestCloud({ databaseUrl: await createTestDatabase(), authRateLimitPerMinute: 3, authRateLimitPerIpPerMinute: 8 });
    api = apiClient(cloud.url);
  });
  afterAll(() => cloud.stop());

  it('limits signups and failed logins per account: 429 with Retry-After, even with the right password', async () => {
    const email = uniqueEmail();
    await api.post('/auth/signup', { email, password: 'secret1' });
    for (let i = 0; i < 2; i++) expect((await api.post('/auth/login', { email, password: 'wrong-pass' })).status).toBe(400);
    const limited = await api.post('/auth/login', { email, password: 'secret1' });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^Too many attempts; try again in \d+ seconds$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits attempts per client IP across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.post('/auth/login', { email: uniqueEmail(), password: 'whatever' })).status);
    expect(statuses).toContain(429);
    expect((await api.post('/auth/signup', { email: uniqueEmail(), password: 'secret1' })).status).toBe(429);
  });
});

describe('with rate limits off (0)', () => {
  it('never answers 429', async () => {
    const cloud = await startTestCloud({ databaseUrl, authRateLimitPerMinute: 0, authRateLimitPerIpPerMinute: 0 });
    try {
      const api = apiClient(cloud.url);
      const email = uniqueEmail();
      for (let i = 0; i < 15; i++) expect((await api.post('/auth/login', { email, password: 'wrong-pass' })).status).toBe(400);
    } finally {
      await cloud.stop();
    }
  });
});
