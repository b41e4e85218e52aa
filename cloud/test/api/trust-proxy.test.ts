import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { loadConfig } from '../../src/config.js';
import { uniqueEmail } from '../support/http.js';
import { postFrom, startForwardingProxy } from '../support/forwarding-proxy.js';
import { createTestDatabase, startTestCloud } from '../support/test-cloud.js';

// Clients on 127.0.0.2 and 127.0.0.3 reach the cloud through a reverse proxy on 127.0.0.1 that
// appends the address it accepted to X-Forwarded-For. A client writing its own X-Forwarded-For,
// a new address on every attempt, must still be counted as itself by the per-IP limit.
const PER_IP = 4;
describe.each([
  ['a hop count', '1'],
  ["the proxy's subnet", '127.0.0.1/32'],
])('TRUST_PROXY as %s (%s)', (_name, TRUST_PROXY) => {
  let cloud: RunningCloud;
  let proxy: Awaited<ReturnType<typeof startForwardingProxy>>;
  beforeAll(async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY });
    cloud = await startTestCloud({ databaseUrl: await createTestDatabase(), trustProxy, authRateLimitPerIpPerMinute: PER_IP, authRateLimitPerMinute: 0 });
    proxy = await startForwardingProxy(cloud.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await cloud?.stop();
  });

  it('limits a client that rotates X-Forwarded-For by the address the proxy saw', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= PER_IP + 2; i++) {
      const res = await postFrom(
        '127.0.0.2',
        `${proxy.url}/auth/login`,
        { email: uniqueEmail(), password: 'whatever1' },
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(PER_IP).fill(400), 429, 429]);
    // Another client behind the same proxy has its own count.
    expect((await postFrom('127.0.0.3', `${proxy.url}/auth/login`, { email: uniqueEmail(), password: 'whatever1' })).status).toBe(400);
  });
});

describe('IPv6 clients', () => {
  // Two proxies in front (TRUST_PROXY=2): the outer one wrote the client's IPv6 address, which the
  // inner (the test proxy) passes on.
  let cloud: RunningCloud;
  let proxy: Awaited<ReturnType<typeof startForwardingProxy>>;
  beforeAll(async () => {
    cloud = await startTestCloud({
      databaseUrl: await createTestDatabase(),
      trustProxy: loadConfig({ TRUST_PROXY: '2' }).trustProxy,
      authRateLimitPerIpPerMinute: PER_IP,
      authRateLimitPerMinute: 0,
    });
    proxy = await startForwardingProxy(cloud.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await cloud?.stop();
  });

  it('are counted by their /64, so rotating addresses within it does not dodge the per-IP limit', async () => {
    const attempt = (address: string) =>
      postFrom('127.0.0.2', `${proxy.url}/auth/login`, { email: uniqueEmail(), password: 'whatever1' }, { 'x-forwarded-for': address });
    const statuses: number[] = [];
    for (let i = 1; i <= PER_IP + 1; i++) statuses.push((await attempt(`2001:db8:aa:bb::${i.toString(16)}`)).status);
    expect(statuses).toEqual([...Array(PER_IP).fill(400), 429]);
    expect((await attempt('2001:db8:aa:bc::1')).status).toBe(400);
  });
});
