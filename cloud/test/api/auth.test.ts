import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { apiClient, signUp, uniqueEmail, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

describe('POST /auth/signup', () => {
  it('returns a session: HS256 JWT for 1 hour with the user id as subject', async () => {
    const email = uniqueEmail();
    const before = Math.floor(Date.now() / 1000);
    const res = await api.post('/auth/signup', { email, password: 'secret1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });
    expect(res.body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof res.body.refresh_token).toBe('string');
    expect(res.body.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(res.body.expires_at).toBeLessThanOrEqual(before + 3602);
    const decoded = jwt.verify(res.body.access_token, SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    expect(decoded.sub).toBe(res.body.user.id);
    expect(decoded.exp).toBe(res.body.expires_at);
  });

  it('stores the email trimmed and lower-cased, and compares it case-insensitively', async () => {
    const email = uniqueEmail('MixedCase');
    const res = await api.post('/auth/signup', { email: `  ${email.toUpperCase()} `, password: 'secret1' });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email.toLowerCase());
    const again = await api.post('/auth/signup', { email: email.toLowerCase(), password: 'secret1' });
    expect(again).toMatchObject({ status: 400, body: { detail: 'User already registered' } });
    const login = await api.post('/auth/login', { email: email.toUpperCase(), password: 'secret1' });
    expect(login.status).toBe(200);
  });

  it('rejects a duplicate email with 400 User already registered', async () => {
    const { email } = await signUp(api);
    const res = await api.post('/auth/signup', { email, password: 'another-password' });
    expect(res).toMatchObject({ status: 400, body: { detail: 'User already registered' } });
  });

  it.each([
    ['a 5-character password', 'abcde'],
    ['an empty password', ''],
    ['a missing password', undefined],
    ['a non-string password', 123456],
  ])('rejects %s with 422 and the policy message', async (_case, password) => {
    const res = await api.post('/auth/signup', { email: uniqueEmail(), password });
    expect(res).toMatchObject({ status: 422, body: { detail: 'Password should be at least 6 characters' } });
  });

  it('accepts a password of exactly 6 characters', async () => {
    const res = await api.post('/auth/signup', { email: uniqueEmail(), password: 'abcdef' });
    expect(res.status).toBe(200);
  });

  it.each([
    [{ password: 'secret1' }, 'email is required'],
    [{ email: 'not-an-email', password: 'secret1' }, 'email must be a valid email address'],
    [{ email: uniqueEmail(), password: 'secret1', location_zip: 'abc' }, 'location_zip must be a US ZIP code (12345 or 12345-6789)'],
    [{ email: uniqueEmail(), password: 'secret1', home_size_sqft: 12.5 }, 'home_size_sqft must be an integer'],
    [{ email: uniqueEmail(), password: 'secret1', home_size_sqft: -1 }, 'home_size_sqft must be between 0 and 100000'],
    [{ email: uniqueEmail(), password: 'secret1', newsletter_opt_in: 'yes' }, 'newsletter_opt_in must be a boolean'],
  ])('rejects bad field %j with 400 %s', async (body, detail) => {
    const res = await api.post('/auth/signup', body);
    expect(res).toMatchObject({ status: 400, body: { detail } });
  });

  it('rejects a pricing_location that is not a catalog id', async () => {
    const res = await api.post('/auth/signup', { email: uniqueEmail(), password: 'secret1', pricing_location: 9999 });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^pricing_location must be one of the catalog ids: \[1, /);
  });

  it('stores optional profile fields and applies them to the profile', async () => {
    const { token } = await signUp(api, { location_zip: '60601', home_size_sqft: 1800, pricing_location: 2 });
    const me = await api.get('/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ location_zip: '60601', home_size_sqft: 1800, pricing_location: 2, timezone: 'America/Chicago' });
  });

  it('plans a new account without a ZIP in the time zone it proposes, and refuses one that is not an IANA zone', async () => {
    const { token } = await signUp(api, { timezone: 'America/Chicago' });
    const me = await api.get('/auth/me', { token });
    expect(me.body).toMatchObject({ location_zip: '', timezone: 'America/Chicago' });
    const bad = await api.post('/auth/signup', { email: uniqueEmail(), password: 'secret1', timezone: 'Mars/Olympus_Mons' });
    expect(bad).toMatchObject({ status: 400, body: { detail: 'timezone must be a valid IANA time zone name, such as America/Chicago' } });
  });
});

describe('POST /auth/login', () => {
  it('returns a session for the right password', async () => {
    const { email, password, userId } = await signUp(api);
    const res = await api.post('/auth/login', { email, password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: userId, email } });
  });

  it('answers a wrong password and an unknown email alike: 400 Invalid login credentials', async () => {
    const { email } = await signUp(api);
    const wrong = await api.post('/auth/login', { email, password: 'wrong-password' });
    const unknown = await api.post('/auth/login', { email: uniqueEmail(), password: 'whatever1' });
    expect(wrong).toMatchObject({ status: 400, body: { detail: 'Invalid login credentials' } });
    expect(unknown).toMatchObject({ status: 400, body: { detail: 'Invalid login credentials' } });
  });

  it('rejects a missing password with 400', async () => {
    const res = await api.post('/auth/login', { email: uniqueEmail() });
    expect(res).toMatchObject({ status: 400, body: { detail: 'password is required' } });
  });
});

describe('POST /auth/refresh', () => {
  /** Moves the family's rotations back in time, past the reuse grace (10 s). */
  const pastGrace = (userId: string) =>
    cloud.db.query(`UPDATE refresh_tokens SET rotated_at = rotated_at - interval '1 minute' WHERE user_id = $1 AND rotated_at IS NOT NULL`, { bind: [userId] });

  it('rotates: the new token works; the old one, once the grace is over, gives 400 Invalid Refresh Token', async () => {
    const { refreshToken, userId } = await signUp(api);
    const first = await api.post('/auth/refresh', { refresh_token: refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.user.id).toBe(userId);
    expect(first.body.refresh_token).not.toBe(refreshToken);
    const me = await api.get('/auth/me', { token: first.body.access_token });
    expect(me.status).toBe(200);
    await pastGrace(userId);
    const old = await api.post('/auth/refresh', { refresh_token: refreshToken });
    expect(old).toMatchObject({ status: 400, body: { detail: 'Invalid Refresh Token' } });
  });

  it('revokes the newer tokens of the family when a rotated token is presented again after the grace (theft)', async () => {
    const { refreshToken, userId } = await signUp(api);
    const rotated = await api.post('/auth/refresh', { refresh_token: refreshToken });
    await pastGrace(userId);
    const stolen = await api.post('/auth/refresh', { refresh_token: refreshToken });
    expect(stolen.status).toBe(400);
    const legit = await api.post('/auth/refresh', { refresh_token: rotated.body.refresh_token });
    expect(legit).toMatchObject({ status: 400, body: { detail: 'Invalid Refresh Token' } });
  });

  it('keeps other sessions of the same user alive after a theft revocation', async () => {
    const { email, password, refreshToken, userId } = await signUp(api);
    const other = await api.post('/auth/login', { email, password });
    await api.post('/auth/refresh', { refresh_token: refreshToken });
    await pastGrace(userId);
    await api.post('/auth/refresh', { refresh_token: refreshToken });
    const res = await api.post('/auth/refresh', { refresh_token: other.body.refresh_token });
    expect(res.status).toBe(200);
  });

  it('gives concurrent refreshes of one token (two tabs) the same session, and the family lives on', async () => {
    const { refreshToken, userId } = await signUp(api);
    const results = await Promise.all([1, 2, 3].map(() => api.post('/auth/refresh', { refresh_token: refreshToken })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const successors = new Set(results.map((r) => r.body.refresh_token));
    expect(successors.size).toBe(1);
    for (const r of results) expect((await api.get('/auth/me', { token: r.body.access_token })).status).toBe(200);
    expect(results.map((r) => r.body.user.id)).toEqual([userId, userId, userId]);
    // One successor row was issued, and it still works.
    const [rows] = await cloud.db.query(`SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1`, { bind: [userId] });
    expect(rows).toEqual([{ n: 2 }]);
    const next = await api.post('/auth/refresh', { refresh_token: [...successors][0] });
    expect(next.status).toBe(200);
  });

  it('gives a retry after a lost response the same successor, within the grace', async () => {
    const { refreshToken } = await signUp(api);
    const lost = await api.post('/auth/refresh', { refresh_token: refreshToken });
    const retry = await api.post('/auth/refresh', { refresh_token: refreshToken });
    expect(retry.status).toBe(200);
    expect(retry.body.refresh_token).toBe(lost.body.refresh_token);
    expect((await api.post('/auth/refresh', { refresh_token: retry.body.refresh_token })).status).toBe(200);
  });

  it('refuses, without revoking anything, a token within the grace whose successor was already rotated', async () => {
    const { refreshToken } = await signUp(api);
    const second = await api.post('/auth/refresh', { refresh_token: refreshToken });
    const third = await api.post('/auth/refresh', { refresh_token: second.body.refresh_token });
    expect(await api.post('/auth/refresh', { refresh_token: refreshToken })).toMatchObject({ status: 400, body: { detail: 'Invalid Refresh Token' } });
    expect((await api.post('/auth/refresh', { refresh_token: third.body.refresh_token })).status).toBe(200);
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['empty', ''],
  ])('rejects a %s token', async (_case, token) => {
    const res = await api.post('/auth/refresh', { refresh_token: token });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(token ? 'Invalid Refresh Token' : 'refresh_token is required');
  });
});

describe('authenticated calls', () => {
  it('gives 401 Not authenticated without a token', async () => {
    expect(await api.get('/auth/me')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
    const basic = await api.get('/auth/me', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });

  it('gives 401 Invalid token for garbage, a bad signature and alg none', async () => {
    const { userId } = await signUp(api);
    const now = Math.floor(Date.now() / 1000);
    const forged = jwt.sign({ sub: userId, exp: now + 600 }, 'some-other-secret-of-sufficient-length!!', { algorithm: 'HS256' });
    const none = jwt.sign({ sub: userId, exp: now + 600 }, '', { algorithm: 'none' });
    const hs512 = jwt.sign({ sub: userId, exp: now + 600 }, SECRET, { algorithm: 'HS512' });
    for (const token of ['garbage', forged, none, hs512, `${none}sig`]) {
      expect(await api.get('/auth/me', { token })).toMatchObject({ status: 401, body: { detail: 'Invalid token' } });
    }
  });

  it('gives 401 Invalid token, not 500, for a well-signed token whose subject is not an account id', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const sub of ['admin', '1', 'x'.repeat(40)]) {
      const token = jwt.sign({ sub, exp: now + 600 }, SECRET, { algorithm: 'HS256' });
      expect(await api.get('/auth/me', { token })).toMatchObject({ status: 401, body: { detail: 'Invalid token' } });
      expect(await api.patch('/auth/me', { location_zip: '10001' }, { token })).toMatchObject({ status: 401, body: { detail: 'Invalid token' } });
      expect(await api.get('/api/v1/schedules/history', { token })).toMatchObject({ status: 401, body: { detail: 'Invalid token' } });
    }
  });

  it('gives 401 Token expired for an expired token', async () => {
    const { userId } = await signUp(api);
    const now = Math.floor(Date.now() / 1000);
    const expired = jwt.sign({ sub: userId, iat: now - 7200, exp: now - 3600 }, SECRET, { algorithm: 'HS256' });
    expect(await api.get('/auth/me', { token: expired })).toMatchObject({ status: 401, body: { detail: 'Token expired' } });
  });
});

describe('GET and PATCH /auth/me', () => {
  it('creates the profile with defaults on the first call', async () => {
    const { token, userId, email } = await signUp(api);
    const res = await api.get('/auth/me', { token });
    expect(res).toMatchObject({
      status: 200,
      body: {
        user_id: userId,
        email,
        location_zip: '',
        home_size_sqft: 0,
        pricing_location: 1,
        timezone: 'UTC',
        subscription_tier: 'free',
        weather_entity_id: '',
        latitude: null,
        longitude: null,
      },
    });
  });

  it('changes only the fields sent', async () => {
    const { token } = await signUp(api, { location_zip: '10001', home_size_sqft: 900 });
    const res = await api.patch('/auth/me', { timezone: 'Europe/Berlin', weather_entity_id: 'weather.home' }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      location_zip: '10001',
      home_size_sqft: 900,
      timezone: 'Europe/Berlin',
      weather_entity_id: 'weather.home',
    });
    expect((await api.get('/auth/me', { token })).body).toEqual(res.body);
  });

  it('clears fields sent as null to their defaults; the timezone falls back to the ZIP zone', async () => {
    const { token } = await signUp(api, { location_zip: '94103', home_size_sqft: 900, pricing_location: 2 });
    await api.patch('/auth/me', { timezone: 'Asia/Tokyo', weather_entity_id: 'weather.x' }, { token });
    const res = await api.patch('/auth/me', { timezone: null, home_size_sqft: null, pricing_location: null, weather_entity_id: null }, { token });
    expect(res.body).toMatchObject({ location_zip: '94103', home_size_sqft: 0, pricing_location: 1, timezone: 'America/Los_Angeles', weather_entity_id: '' });
    const cleared = await api.patch('/auth/me', { location_zip: null }, { token });
    expect(cleared.body).toMatchObject({ location_zip: '', timezone: 'UTC' });
  });

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone must be a valid IANA time zone name, such as America/Chicago'],
    [{ timezone: 42 }, 'timezone must be a string'],
    [{ home_size_sqft: 'big' }, 'home_size_sqft must be an integer'],
    [{ location_zip: '1234' }, 'location_zip must be a US ZIP code (12345 or 12345-6789)'],
    [{ weather_entity_id: 'sensor.temp' }, 'weather_entity_id must be a weather.* entity id'],
  ])('rejects %j with 400 naming the field and changes nothing', async (patch, detail) => {
    const { token } = await signUp(api, { location_zip: '10001' });
    const before = await api.get('/auth/me', { token });
    const res = await api.patch('/auth/me', patch, { token });
    expect(res).toMatchObject({ status: 400, body: { detail } });
    expect((await api.get('/auth/me', { token })).body).toEqual(before.body);
  });

  it("keeps the home's coordinates to 0.1 degree, set and cleared together", async () => {
    const { token } = await signUp(api);
    const set = await api.patch('/auth/me', { latitude: 47.6633, longitude: -9.1751 }, { token });
    expect(set).toMatchObject({ status: 200, body: { latitude: 47.7, longitude: -9.2 } });
    // One coordinate alone moves it while the other stays set.
    expect((await api.patch('/auth/me', { latitude: -33.86 }, { token })).body).toMatchObject({ latitude: -33.9, longitude: -9.2 });
    expect((await api.get('/auth/me', { token })).body).toMatchObject({ latitude: -33.9, longitude: -9.2 });
    expect((await api.patch('/auth/me', { latitude: null, longitude: null }, { token })).body).toMatchObject({ latitude: null, longitude: null });
  });

  it.each([
    [{ latitude: 47.7 }, 'latitude and longitude must be set together'],
    [{ latitude: 91, longitude: 0 }, 'latitude must be a number between -90 and 90 or null'],
    [{ latitude: '47.7', longitude: 9.2 }, 'latitude must be a number between -90 and 90 or null'],
    [{ latitude: 0, longitude: -180.5 }, 'longitude must be a number between -180 and 180 or null'],
    [{ latitude: 0, longitude: true }, 'longitude must be a number between -180 and 180 or null'],
  ])('refuses the coordinates %j with 400 and changes nothing', async (patch, detail) => {
    const { token } = await signUp(api);
    const res = await api.patch('/auth/me', { ...patch, home_size_sqft: 1200 }, { token });
    expect(res).toMatchObject({ status: 400, body: { detail } });
    expect((await api.get('/auth/me', { token })).body).toMatchObject({ latitude: null, longitude: null, home_size_sqft: 0 });
  });

  it('refuses to clear one coordinate of a set pair, keeping both', async () => {
    const { token } = await signUp(api);
    await api.patch('/auth/me', { latitude: 52.37, longitude: 4.9 }, { token });
    const res = await api.patch('/auth/me', { longitude: null }, { token });
    expect(res).toMatchObject({ status: 400, body: { detail: 'latitude and longitude must be set together' } });
    expect((await api.get('/auth/me', { token })).body).toMatchObject({ latitude: 52.4, longitude: 4.9 });
  });

  it('keeps the pair whole under racing patches: each answered 200 or 400, never 500', async () => {
    const { token } = await signUp(api);
    for (let round = 0; round < 5; round++) {
      await api.patch('/auth/me', { latitude: 10, longitude: 10 }, { token });
      // Each valid on the row it reads; together they would leave one coordinate without the other.
      const answers = await Promise.all([
        api.patch('/auth/me', { latitude: null, longitude: null }, { token }),
        api.patch('/auth/me', { latitude: 20 }, { token }),
        api.patch('/auth/me', { longitude: 30 }, { token }),
      ]);
      for (const res of answers) expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
      const { latitude, longitude } = (await api.get('/auth/me', { token })).body;
      expect(latitude === null).toBe(longitude === null);
    }
  });

  it('rejects a pricing_location outside the catalog', async () => {
    const { token } = await signUp(api);
    const res = await api.patch('/auth/me', { pricing_location: 0 }, { token });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^pricing_location must be one of the catalog ids: \[/);
  });
});
