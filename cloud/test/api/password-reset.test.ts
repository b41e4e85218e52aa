// Password reset by emailed link: POST /auth/recover emails a single-use, expiring link (its token
// stored as a hash only), POST /auth/reset sets the new password and signs every session out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import type { Mail } from '../../src/services/mailer.js';
import { hashToken } from '../../src/services/secrets.js';
import { apiClient, signUp, uniqueEmail, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;
const mails: Mail[] = [];

beforeAll(async () => {
  cloud = await startTestCloud({}, { mailer: async (m) => void mails.push(m) });
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

/** Asks for a link for `email` and returns the token the mail carries. */
async function requestLink(email: string): Promise<string> {
  const before = mails.length;
  expect(await api.post('/auth/recover', { email })).toMatchObject({ status: 200, body: { status: 'sent' } });
  const mail = mails.slice(before).find((m) => m.to === email);
  expect(mail?.subject).toBe('Reset your Offpeak password');
  const link = /(http:\/\/\S+\/reset-password\?token=(\S+))/.exec(mail!.text)!;
  expect(link[1]).toContain(`http://localhost:${cloud.port}/reset-password?token=`);
  return link[2]!;
}

describe('POST /auth/recover', () => {
  it('answers the same whether or not the account exists, and mails only an account', async () => {
    const { email } = await signUp(api);
    const before = mails.length;
    const known = await api.post('/auth/recover', { email });
    const unknown = await api.post('/auth/recover', { email: uniqueEmail() });
    expect(known).toMatchObject({ status: 200, body: { status: 'sent' } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(mails.slice(before).map((m) => m.to)).toEqual([email]);
  });

  it('stores the link token as a hash only, expiring within the hour', async () => {
    const { email, userId } = await signUp(api);
    const token = await requestLink(email);
    const [rows] = await cloud.db.query(`SELECT token_hash, expires_at, used_at FROM password_resets WHERE user_id = $1`, { bind: [userId] });
    const row = (rows as { token_hash: string; expires_at: Date; used_at: Date | null }[])[0]!;
    expect(row.token_hash).toBe(hashToken(token));
    expect(row.token_hash).not.toContain(token);
    expect(row.used_at).toBeNull();
    const minutesLeft = (new Date(row.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(58);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it.each([
    [{}, 'email is required'],
    [{ email: 'not-an-email' }, 'email must be a valid email address'],
  ])('rejects %j with 400 %s', async (body, detail) => {
    expect(await api.post('/auth/recover', body)).toMatchObject({ status: 400, body: { detail } });
  });
});

describe('POST /auth/reset', () => {
  it('with a good link: the new password signs in, the old one and every refresh token stop working', async () => {
    const { email, password } = await signUp(api);
    const other = await api.post('/auth/login', { email, password });
    const token = await requestLink(email);

    expect(await api.post('/auth/reset', { token, password: 'a new password' })).toMatchObject({ status: 200, body: { status: 'reset' } });

    expect(await api.post('/auth/login', { email, password })).toMatchObject({ status: 400, body: { detail: 'Invalid login credentials' } });
    expect((await api.post('/auth/login', { email, password: 'a new password' })).status).toBe(200);
    expect(await api.post('/auth/refresh', { refresh_token: other.body.refresh_token })).toMatchObject({
      status: 400,
      body: { detail: 'Invalid Refresh Token' },
    });
  });

  it('refuses a link used once already, and ends the other links of the account', async () => {
    const { email } = await signUp(api);
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect((await api.post('/auth/reset', { token: second, password: 'password two' })).status).toBe(200);
    expect(await api.post('/auth/reset', { token: second, password: 'password three' })).toMatchObject({
      status: 400,
      body: { detail: 'Invalid or expired reset link' },
    });
    expect(await api.post('/auth/reset', { token: first, password: 'password three' })).toMatchObject({
      status: 400,
      body: { detail: 'Invalid or expired reset link' },
    });
    expect((await api.post('/auth/login', { email, password: 'password two' })).status).toBe(200);
  });

  it('refuses an expired link and keeps the password', async () => {
    const { email, password, userId } = await signUp(api);
    const token = await requestLink(email);
    await cloud.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, { bind: [userId] });
    expect(await api.post('/auth/reset', { token, password: 'a new password' })).toMatchObject({
      status: 400,
      body: { detail: 'Invalid or expired reset link' },
    });
    expect((await api.post('/auth/login', { email, password })).status).toBe(200);
  });

  it.each([
    [{ token: 'not-a-link-token', password: 'a new password' }, 400, 'Invalid or expired reset link'],
    [{ password: 'a new password' }, 400, 'token is required'],
    [{ token: 42, password: 'a new password' }, 400, 'token must be a string'],
  ])('refuses a bad token %j with %i %s', async (body, status, detail) => {
    expect(await api.post('/auth/reset', body)).toMatchObject({ status, body: { detail } });
  });

  it('refuses a weak password with 422, and the link still works after', async () => {
    const { email } = await signUp(api);
    const token = await requestLink(email);
    for (const weak of ['12345', '', undefined, 123456]) {
      expect(await api.post('/auth/reset', { token, password: weak })).toMatchObject({
        status: 422,
        body: { detail: 'Password should be at least 6 characters' },
      });
    }
    expect((await api.post('/auth/reset', { token, password: 'long enough' })).status).toBe(200);
    expect((await api.post('/auth/login', { email, password: 'long enough' })).status).toBe(200);
  });
});
