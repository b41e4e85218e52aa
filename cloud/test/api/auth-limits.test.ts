import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { apiClient, signUp, uniqueEmail, type ApiClient } from '../support/http.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

// Two instances on one database, as behind a load balancer: the auth limits are counted in
// PostgreSQL, so they hold across both.
const PER_ACCOUNT = 5;
let a: RunningCloud;
let b: RunningCloud;
let apiA: ApiClient;
let apiB: ApiClient;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  const limits = { databaseUrl, authRateLimitPerMinute: PER_ACCOUNT, authRateLimitPerIpPerMinute: 0 };
  [a, b] = await Promise.all([startTestCloud(limits), startTestCloud(limits)]);
  [apiA, apiB] = [apiClient(a.url), apiClient(b.url)];
});
afterAll(() => Promise.all([a.stop(), b.stop()]));

const statusCounts = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('the per-account login limit', () => {
  it('verifies at most the limit of 30 concurrent wrong-password logins for one email; the rest get 429', async () => {
    const { email, password } = await signUp(apiA);
    await apiA.post('/auth/login', { email, password }); // a success uses up nothing
    const results = await Promise.all(Array.from({ length: 30 }, () => apiA.post('/auth/login', { email, password: 'wrong-password' })));
    expect(statusCounts(results.map((r) => r.status))).toEqual({ 400: PER_ACCOUNT - 1, 429: 31 - PER_ACCOUNT });
    expect(results.find((r) => r.status === 429)!.body.detail).toMatch(/^Too many attempts; try again in \d+ seconds$/);
    // And the right password is refused too until the window ends.
    expect((await apiB.post('/auth/login', { email, password })).status).toBe(429);
  });

  it('holds across two instances: attempts alternate between them and still add up', async () => {
    const { email, password } = await signUp(apiA); // a signup counts as one attempt
    const statuses: number[] = [];
    for (let i = 0; i < PER_ACCOUNT + 1; i++) statuses.push((await (i % 2 ? apiB : apiA).post('/auth/login', { email, password: 'wrong-password' })).status);
    expect(statuses).toEqual([...Array(PER_ACCOUNT - 1).fill(400), 429, 429]);
    const right = await apiB.post('/auth/login', { email, password });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('holds across two instances for concurrent attempts', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? apiB : apiA).post('/auth/login', { email, password: 'wrong-password' })));
    expect(statusCounts(results.map((r) => r.status))).toEqual({ 400: PER_ACCOUNT, 429: 30 - PER_ACCOUNT });
  });

  it('does not count successful logins', async () => {
    const { email, password } = await signUp(apiA);
    for (let i = 0; i < PER_ACCOUNT * 2; i++) expect((await (i % 2 ? apiB : apiA).post('/auth/login', { email, password })).status).toBe(200);
  });
});
