import type { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/services/rate-limiter.js';
import { createDatabase } from '../../src/store/database.js';
import { createStore } from '../../src/store/index.js';
import { createTestDatabase } from '../support/test-cloud.js';

// Two limiters over two connection pools stand for two cloud instances on one database.
let dbA: Sequelize;
let dbB: Sequelize;
let limiterA: ReturnType<typeof createRateLimiter>;
let limiterB: ReturnType<typeof createRateLimiter>;
let n = 0;
const key = (name: string) => `test:${name}:${++n}`;

beforeAll(async () => {
  const url = await createTestDatabase();
  [dbA, dbB] = [createDatabase({ url, poolMax: 10 }), createDatabase({ url, poolMax: 10 })];
  [limiterA, limiterB] = [createRateLimiter(createStore(dbA)), createRateLimiter(createStore(dbB))];
});
afterAll(async () => {
  await Promise.all([dbA.close(), dbB.close()]);
});

const counters = async (k: string) =>
  (await dbA.query(`SELECT hits FROM rate_limit_counters WHERE key = $1`, { bind: [k], plain: true })) as { hits: number } | null;

describe('rate limiter in PostgreSQL', () => {
  it('allows `limit` events per window for a key, then answers with the seconds left in the window', async () => {
    const k = key('basic');
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiterA.consume(k, 3, 60_000));
    expect(verdicts.slice(0, 3)).toEqual([0, 1, 2].map(() => ({ allowed: true, retryAfterS: 0 })));
    expect(verdicts[3]!.allowed).toBe(false);
    expect(verdicts[3]!.retryAfterS).toBeGreaterThanOrEqual(59);
    expect(verdicts[3]!.retryAfterS).toBeLessThanOrEqual(60);
    // Another key has its own window.
    expect(await limiterA.consume(key('other'), 3, 60_000)).toEqual({ allowed: true, retryAfterS: 0 });
  });

  it('counts one key from two instances together', async () => {
    const k = key('shared');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? limiterB : limiterA).consume(k, 4, 60_000)).allowed);
    expect(statuses).toEqual([true, true, true, true, false, false]);
  });

  it('lets exactly `limit` of many concurrent events through, across instances', async () => {
    const k = key('race');
    const verdicts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? limiterB : limiterA).consume(k, 7, 60_000)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(7);
    expect((await counters(k))!.hits).toBe(40);
  });

  it('starts a new window once the old one has ended', async () => {
    const k = key('window');
    expect((await limiterA.consume(k, 1, 300)).allowed).toBe(true);
    expect(await limiterA.consume(k, 1, 300)).toEqual({ allowed: false, retryAfterS: 1 });
    await new Promise((r) => setTimeout(r, 350));
    expect((await limiterB.consume(k, 1, 300)).allowed).toBe(true);
  });

  it('judges several limits in one call: refused when any is used up; 0 turns a limit off', async () => {
    const [ip, account, off] = [key('ip'), key('account'), key('off')];
    const both = () =>
      limiterA.consumeAll([
        { key: ip, limit: 5, windowMs: 60_000 },
        { key: account, limit: 2, windowMs: 30_000 },
        { key: off, limit: 0, windowMs: 60_000 },
      ]);
    expect((await both()).allowed).toBe(true);
    expect((await both()).allowed).toBe(true);
    const third = await both();
    expect(third.allowed).toBe(false);
    expect(third.retryAfterS).toBeLessThanOrEqual(30);
    expect(await counters(off)).toBeNull();
    expect((await limiterA.consume(ip, 5, 60_000)).allowed).toBe(true); // 4th event on the IP key
  });

  it('gives an event back with refund', async () => {
    const k = key('refund');
    await limiterA.consume(k, 2, 60_000);
    await limiterA.consume(k, 2, 60_000);
    await limiterB.refund(k);
    expect((await limiterA.consume(k, 2, 60_000)).allowed).toBe(true);
    expect((await limiterA.consume(k, 2, 60_000)).allowed).toBe(false);
  });

  it('sweeps ended windows and keeps live ones', async () => {
    const [ended, live] = [key('ended'), key('live')];
    await limiterA.consume(ended, 5, 50);
    await limiterA.consume(live, 5, 60_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(await limiterB.sweep()).toBeGreaterThanOrEqual(1);
    expect(await counters(ended)).toBeNull();
    expect((await counters(live))!.hits).toBe(1);
  });

  it('sweeps by itself at most once a minute per instance, after counting', async () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter(createStore(dbA), { now: () => clock });
    const stale = key('stale');
    await limiterB.consume(stale, 5, 10);
    await new Promise((r) => setTimeout(r, 50));
    await limiter.consume(key('first'), 5, 60_000); // first call of this instance sweeps
    expect(await counters(stale)).toBeNull();

    await limiterB.consume(stale, 5, 10);
    await new Promise((r) => setTimeout(r, 50));
    clock += 59_000;
    await limiter.consume(key('soon'), 5, 60_000);
    expect(await counters(stale)).not.toBeNull();
    clock += 1_000;
    await limiter.consume(key('minute'), 5, 60_000);
    expect(await counters(stale)).toBeNull();
  });

  it('works through a backlog of ended windows 1,000 rows at a time, a second apart', async () => {
    await dbA.query(
      `INSERT INTO rate_limit_counters (key, hits, expires_at) SELECT 'backlog:' || g, 1, now() - interval '1 minute' FROM generate_series(1, 2500) g`,
    );
    const backlog = async () =>
      ((await dbA.query(`SELECT count(*)::int AS n FROM rate_limit_counters WHERE key LIKE 'backlog:%'`, { plain: true })) as { n: number }).n;
    let clock = 5_000_000;
    const limiter = createRateLimiter(createStore(dbA), { now: () => clock });
    await limiter.consume(key('b1'), 5, 60_000);
    expect(await backlog()).toBe(1500);
    clock += 500;
    await limiter.consume(key('b2'), 5, 60_000);
    expect(await backlog()).toBe(1500);
    clock += 500;
    await limiter.consume(key('b3'), 5, 60_000);
    expect(await backlog()).toBe(500);
    clock += 1_000;
    await limiter.consume(key('b4'), 5, 60_000);
    expect(await backlog()).toBe(0);
  });
});
