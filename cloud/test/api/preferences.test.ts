import { describe, expect, it } from 'vitest';
import { addAppliance } from '../support/appliances.js';
import { signUp } from '../support/http.js';
import { rows } from '../support/readings.js';
import { useTestCloud } from '../support/test-cloud.js';

const DEFAULTS = {
  base_temperature: 72,
  savings_level: 1,
  time_away: '08:00',
  time_home: '17:00',
  optimization_mode: 'cool',
  hourly_high_temps_f: null,
  hourly_low_temps_f: null,
  optimize_hvac_fan: false,
  optimize_hvac_mode: false,
  optimization_enabled: true,
};
const ACCOUNT_DEFAULTS = { ...DEFAULTS, newsletter_opt_in: true };
const flat = (v: number) => Array.from({ length: 24 }, () => v);
const HIGH = flat(78);
const LOW = flat(66);

const t = useTestCloud();

const eventsOf = (userId: string) => t.events.filter(([u]) => u === userId).map(([, reason]) => reason);
const storedAccount = async (userId: string) =>
  (await rows<{ prefs: unknown }>(t.cloud, `SELECT prefs FROM account_preferences WHERE user_id = $1`, [userId]))[0]?.prefs ?? null;
const storedUnit = async (applianceId: string) =>
  (await rows<{ prefs: unknown }>(t.cloud, `SELECT prefs FROM appliance_preferences WHERE appliance_id = $1`, [applianceId]))[0]?.prefs ?? null;

/** Validation cases shared by both PUT endpoints (per-HVAC and account preferences validate alike). */
const INVALID: [Record<string, unknown>, string][] = [
  [{ base_temperature: 59 }, 'base_temperature must be between 60 and 85'],
  [{ base_temperature: 85.5 }, 'base_temperature must be between 60 and 85'],
  [{ base_temperature: 'warm' }, 'base_temperature must be between 60 and 85'],
  [{ savings_level: 0 }, 'savings_level must be 1, 2 or 3'],
  [{ savings_level: 2.5 }, 'savings_level must be 1, 2 or 3'],
  [{ time_away: '8:00' }, 'time_away must be HH:MM'],
  [{ time_home: '17:60' }, 'time_home must be HH:MM'],
  [{ optimization_mode: 'dry' }, "optimization_mode must be one of ['cool', 'heat', 'auto', 'off']"],
  [{ hourly_high_temps_f: HIGH }, 'hourly_high_temps_f and hourly_low_temps_f must be set together or both cleared'],
  [{ hourly_low_temps_f: LOW }, 'hourly_high_temps_f and hourly_low_temps_f must be set together or both cleared'],
  [{ hourly_high_temps_f: HIGH.slice(0, 23), hourly_low_temps_f: LOW }, 'hourly_high_temps_f and hourly_low_temps_f must each have exactly 24 values'],
  [{ hourly_high_temps_f: HIGH, hourly_low_temps_f: [...LOW, 66] }, 'hourly_high_temps_f and hourly_low_temps_f must each have exactly 24 values'],
  [{ hourly_high_temps_f: HIGH.map((v, i) => (i === 12 ? 95 : v)), hourly_low_temps_f: LOW }, 'hourly bands at hour 12 must be between 50 and 90 F'],
  [{ hourly_high_temps_f: HIGH, hourly_low_temps_f: LOW.map((v, i) => (i === 0 ? 45 : v)) }, 'hourly bands at hour 0 must be between 50 and 90 F'],
  [{ hourly_high_temps_f: HIGH, hourly_low_temps_f: LOW.map((v, i) => (i === 9 ? 78 : v)) }, 'hourly low must be less than high at hour 9'],
  [{ optimize_hvac_fan: 'yes' }, 'optimize_hvac_fan must be a boolean'],
  [{ optimize_hvac_mode: 0 }, 'optimize_hvac_mode must be a boolean'],
  [{ optimization_enabled: null }, 'optimization_enabled must be a boolean'],
];

describe('GET /api/v1/preferences', () => {
  it('answers the defaults with newsletter_opt_in true for a new account, storing nothing', async () => {
    const { token, userId } = await signUp(t.api);
    expect(await t.api.get('/api/v1/preferences', { token })).toMatchObject({ status: 200, body: ACCOUNT_DEFAULTS });
    expect(Object.keys((await t.api.get('/api/v1/preferences', { token })).body)).toEqual(Object.keys(ACCOUNT_DEFAULTS));
    expect(await storedAccount(userId)).toBeNull();
  });

  it('takes newsletter_opt_in from the signup field', async () => {
    const out = await signUp(t.api, { newsletter_opt_in: false });
    expect((await t.api.get('/api/v1/preferences', { token: out.token })).body.newsletter_opt_in).toBe(false);
    const inn = await signUp(t.api, { newsletter_opt_in: true });
    expect((await t.api.get('/api/v1/preferences', { token: inn.token })).body.newsletter_opt_in).toBe(true);
  });

  it('requires a user token', async () => {
    expect(await t.api.get('/api/v1/preferences')).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
    expect(await t.api.put('/api/v1/preferences', {})).toMatchObject({ status: 401, body: { detail: 'Not authenticated' } });
  });
});

describe('PUT /api/v1/preferences', () => {
  it('changes only the sent fields, answers the full object and stores only the set fields', async () => {
    const { token, userId } = await signUp(t.api, { newsletter_opt_in: false });
    const res = await t.api.put('/api/v1/preferences', { base_temperature: 70.5, savings_level: 2, colour: 'blue' }, { token });
    expect(res).toMatchObject({ status: 200, body: { ...ACCOUNT_DEFAULTS, base_temperature: 70.5, savings_level: 2, newsletter_opt_in: false } });
    const again = await t.api.put('/api/v1/preferences', { time_away: '07:15', optimization_mode: 'auto' }, { token });
    const expected = { ...ACCOUNT_DEFAULTS, base_temperature: 70.5, savings_level: 2, time_away: '07:15', optimization_mode: 'auto', newsletter_opt_in: false };
    expect(again.body).toEqual(expected);
    expect((await t.api.get('/api/v1/preferences', { token })).body).toEqual(expected);
    expect(await storedAccount(userId)).toEqual({ base_temperature: 70.5, savings_level: 2, time_away: '07:15', optimization_mode: 'auto' });
  });

  it('sets every field at once', async () => {
    const { token } = await signUp(t.api);
    const all = {
      base_temperature: 85,
      savings_level: 3,
      time_away: '22:00',
      time_home: '06:00',
      optimization_mode: 'heat',
      hourly_high_temps_f: HIGH,
      hourly_low_temps_f: LOW,
      optimize_hvac_fan: true,
      optimize_hvac_mode: true,
      optimization_enabled: false,
      newsletter_opt_in: false,
    };
    expect(await t.api.put('/api/v1/preferences', all, { token })).toMatchObject({ status: 200, body: all });
  });

  it.each(INVALID)('rejects %j with 400 %s and changes nothing', async (body, detail) => {
    const { token, userId } = await signUp(t.api);
    await t.api.put('/api/v1/preferences', { base_temperature: 68 }, { token });
    t.events.length = 0;
    expect(await t.api.put('/api/v1/preferences', body, { token })).toMatchObject({ status: 400, body: { detail } });
    expect(await storedAccount(userId)).toEqual({ base_temperature: 68 });
    expect(eventsOf(userId)).toEqual([]);
  });

  it('leaves no row behind when the first PUT is rejected', async () => {
    const { token, userId } = await signUp(t.api);
    expect((await t.api.put('/api/v1/preferences', { time_away: 'noon' }, { token })).status).toBe(400);
    expect(await storedAccount(userId)).toBeNull();
  });

  it('rejects a non-boolean newsletter_opt_in', async () => {
    const { token } = await signUp(t.api);
    expect(await t.api.put('/api/v1/preferences', { newsletter_opt_in: 'no' }, { token })).toMatchObject({
      status: 400,
      body: { detail: 'newsletter_opt_in must be a boolean' },
    });
  });

  it('rejects a body that is not an object', async () => {
    const { token } = await signUp(t.api);
    expect(await t.api.put('/api/v1/preferences', [1, 2], { token })).toMatchObject({ status: 400, body: { detail: 'request body must be a JSON object' } });
  });

  describe('the hourly pair', () => {
    it('sets both, replaces one while the other stays, and clears both', async () => {
      const { token, userId } = await signUp(t.api);
      expect((await t.api.put('/api/v1/preferences', { hourly_high_temps_f: HIGH, hourly_low_temps_f: LOW }, { token })).body).toMatchObject({
        hourly_high_temps_f: HIGH,
        hourly_low_temps_f: LOW,
      });
      const warmer = flat(80);
      expect((await t.api.put('/api/v1/preferences', { hourly_high_temps_f: warmer }, { token })).body).toMatchObject({
        hourly_high_temps_f: warmer,
        hourly_low_temps_f: LOW,
      });
      expect((await t.api.put('/api/v1/preferences', { hourly_high_temps_f: null, hourly_low_temps_f: null }, { token })).body).toMatchObject({
        hourly_high_temps_f: null,
        hourly_low_temps_f: null,
      });
      expect(await storedAccount(userId)).toEqual({});
    });

    it('refuses to clear one array of a stored pair, and checks a new array against the stored one', async () => {
      const { token, userId } = await signUp(t.api);
      await t.api.put('/api/v1/preferences', { hourly_high_temps_f: HIGH, hourly_low_temps_f: LOW }, { token });
      expect(await t.api.put('/api/v1/preferences', { hourly_low_temps_f: null }, { token })).toMatchObject({
        status: 400,
        body: { detail: 'hourly_high_temps_f and hourly_low_temps_f must be set together or both cleared' },
      });
      expect(await t.api.put('/api/v1/preferences', { hourly_high_temps_f: flat(60) }, { token })).toMatchObject({
        status: 400,
        body: { detail: 'hourly low must be less than high at hour 0' },
      });
      expect(await storedAccount(userId)).toEqual({ hourly_high_temps_f: HIGH, hourly_low_temps_f: LOW });
    });
  });

  describe('recompute events', () => {
    it('publishes preferences after a save of a planning field', async () => {
      const { token, userId } = await signUp(t.api);
      await t.api.put('/api/v1/preferences', { optimization_enabled: false }, { token });
      expect(eventsOf(userId)).toEqual(['preferences']);
    });

    it('publishes nothing when only newsletter_opt_in changes (but still saves it)', async () => {
      const { token, userId } = await signUp(t.api);
      expect((await t.api.put('/api/v1/preferences', { newsletter_opt_in: false }, { token })).body.newsletter_opt_in).toBe(false);
      expect(await storedAccount(userId)).toEqual({ newsletter_opt_in: false });
      expect(eventsOf(userId)).toEqual([]);
    });

    it('publishes once when newsletter_opt_in comes with a planning field', async () => {
      const { token, userId } = await signUp(t.api);
      await t.api.put('/api/v1/preferences', { newsletter_opt_in: false, savings_level: 3 }, { token });
      expect(eventsOf(userId)).toEqual(['preferences']);
    });
  });

  it('lets concurrent PUTs of different fields all land', async () => {
    const { token, userId } = await signUp(t.api);
    const bodies = [
      { base_temperature: 70 },
      { savings_level: 2 },
      { time_away: '09:00' },
      { time_home: '18:00' },
      { optimize_hvac_fan: true },
      { newsletter_opt_in: false },
    ];
    const results = await Promise.all(bodies.map((b) => t.api.put('/api/v1/preferences', b, { token })));
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 200));
    expect(await storedAccount(userId)).toEqual(Object.assign({}, ...bodies));
  });
});

describe('per-HVAC preferences', () => {
  async function userWithHvac() {
    const user = await signUp(t.api);
    const id = await addAppliance(t.cloud, user.userId, 'hvac');
    return { ...user, id, path: `/api/v1/appliances/${id}/preferences` };
  }

  it('gives a unit with nothing stored the fresh-signup defaults, not the account values', async () => {
    const { token, path, id } = await userWithHvac();
    await t.api.put('/api/v1/preferences', { base_temperature: 66, savings_level: 3 }, { token });
    expect(await t.api.get(path, { token })).toMatchObject({ status: 200, body: DEFAULTS });
    expect(Object.keys((await t.api.get(path, { token })).body)).toEqual(Object.keys(DEFAULTS));
    expect(await storedUnit(id)).toBeNull();
  });

  it('upserts only the sent fields, preserves the rest and leaves the account row alone', async () => {
    const { token, userId, path, id } = await userWithHvac();
    await t.api.put('/api/v1/preferences', { base_temperature: 66 }, { token });
    expect(await t.api.put(path, { base_temperature: 75, optimization_mode: 'heat' }, { token })).toMatchObject({
      status: 200,
      body: { ...DEFAULTS, base_temperature: 75, optimization_mode: 'heat' },
    });
    const res = await t.api.put(path, { optimization_enabled: false }, { token });
    expect(res.body).toEqual({ ...DEFAULTS, base_temperature: 75, optimization_mode: 'heat', optimization_enabled: false });
    expect((await t.api.get(path, { token })).body).toEqual(res.body);
    expect(await storedUnit(id)).toEqual({ base_temperature: 75, optimization_mode: 'heat', optimization_enabled: false });
    expect(await storedAccount(userId)).toEqual({ base_temperature: 66 });
    expect((await t.api.get('/api/v1/preferences', { token })).body.base_temperature).toBe(66);
  });

  it('keeps units apart', async () => {
    const { token, userId, path } = await userWithHvac();
    const second = await addAppliance(t.cloud, userId, 'hvac');
    await t.api.put(path, { savings_level: 2 }, { token });
    expect((await t.api.get(`/api/v1/appliances/${second}/preferences`, { token })).body).toEqual(DEFAULTS);
  });

  it('ignores newsletter_opt_in: never stored, never answered, no recompute', async () => {
    const { token, userId, path, id } = await userWithHvac();
    const res = await t.api.put(path, { newsletter_opt_in: false }, { token });
    expect(res).toMatchObject({ status: 200, body: DEFAULTS });
    expect(res.body).not.toHaveProperty('newsletter_opt_in');
    expect(await storedUnit(id)).toEqual({});
    expect((await t.api.get('/api/v1/preferences', { token })).body.newsletter_opt_in).toBe(true);
    expect(eventsOf(userId)).toEqual([]);
  });

  it('publishes preferences after a save', async () => {
    const { token, userId, path } = await userWithHvac();
    await t.api.put(path, { time_home: '18:30' }, { token });
    expect(eventsOf(userId)).toEqual(['preferences']);
  });

  it.each(INVALID)('rejects %j with 400 %s and changes nothing', async (body, detail) => {
    const { token, userId, path, id } = await userWithHvac();
    await t.api.put(path, { savings_level: 2 }, { token });
    t.events.length = 0;
    expect(await t.api.put(path, body, { token })).toMatchObject({ status: 400, body: { detail } });
    expect(await storedUnit(id)).toEqual({ savings_level: 2 });
    expect(eventsOf(userId)).toEqual([]);
  });

  it('leaves no row behind when the first PUT is rejected', async () => {
    const { token, path, id } = await userWithHvac();
    expect((await t.api.put(path, { savings_level: 7 }, { token })).status).toBe(400);
    expect(await storedUnit(id)).toBeNull();
  });

  it.each(['ev_charger', 'solar', 'dehumidifier'] as const)('answers 404 Appliance not found for a %s', async (type) => {
    const { token, userId } = await signUp(t.api);
    const id = await addAppliance(t.cloud, userId, type);
    const path = `/api/v1/appliances/${id}/preferences`;
    expect(await t.api.get(path, { token })).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
    expect(await t.api.put(path, { savings_level: 2 }, { token })).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
    expect(await storedUnit(id)).toBeNull();
  });

  it("answers 404 Appliance not found for another user's, an unknown and a malformed id", async () => {
    const owner = await userWithHvac();
    const other = await signUp(t.api);
    for (const id of [owner.id, '00000000-0000-4000-8000-000000000000', 'xyz']) {
      const path = `/api/v1/appliances/${id}/preferences`;
      expect(await t.api.get(path, { token: other.token })).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
      expect(await t.api.put(path, { savings_level: 2 }, { token: other.token })).toMatchObject({ status: 404, body: { detail: 'Appliance not found' } });
    }
    expect(await storedUnit(owner.id)).toBeNull();
  });
});
