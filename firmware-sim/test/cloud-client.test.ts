import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudError } from '@offpeak/client-kit';
import { createCloudClient } from '../src/cloud-client.js';
import { startFakeCloud, type FakeCloud } from './fake-cloud.js';

let cloud: FakeCloud;
beforeAll(async () => {
  cloud = await startFakeCloud();
});
afterAll(() => cloud.stop());

const claimBody = (code: string, deviceId: string) => ({ enroll_token: code, device_id: deviceId, name: 'AC', hvac_type: 'mini_split' as const });

describe('cloud client', () => {
  it('claims, then calls the device endpoints with the token', async () => {
    const client = createCloudClient({ baseUrl: `${cloud.url}/` });
    const claimed = await client.claim(claimBody(cloud.issueCode(), 'SN-client-1'));
    client.setToken(claimed.device_token);
    expect((await client.config()).command_poll_wait_s).toBe(2);
    expect(await client.commands(0)).toEqual([]);
    expect(await client.state({ source: 'schedule', target_temp_f: 72 })).toEqual({ status: 'ok', command_acked: false, reading_written: false });
    expect(await client.pushReadings([{ timestamp: '2026-07-01T12:00:00Z', indoor_temp: 72, hvac_state: 'COOL' }])).toEqual({ accepted: 1 });
    expect((await client.schedule(claimed.appliance_id)).appliance_id).toBe(claimed.appliance_id);
  });

  it('turns error responses into a CloudError with status and detail, final or retryable', async () => {
    const client = createCloudClient({ baseUrl: cloud.url, token: 'nope' });
    const bad = await client.claim(claimBody('WRONG', 'SN-client-2')).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CloudError);
    expect(bad).toMatchObject({ status: 400, detail: 'Invalid enrollment token', retryable: false, credentialsRejected: false });
    const unauth = await client.config().catch((e: unknown) => e);
    expect(unauth).toMatchObject({ status: 401, detail: 'Invalid token', retryable: false, credentialsRejected: true });
  });

  it('reports an unreachable cloud as status 0, retryable, and tells the observer', async () => {
    const outcomes: boolean[] = [];
    const client = createCloudClient({ baseUrl: cloud.url, observe: (o) => outcomes.push(o.ok) });
    cloud.setDown(true);
    try {
      const e = await client.config().catch((err: unknown) => err);
      expect(e).toMatchObject({ status: 0, retryable: true });
    } finally {
      cloud.setDown(false);
    }
    await client.claim(claimBody(cloud.issueCode(), 'SN-client-3'));
    expect(outcomes).toEqual([false, true]);
  });

  it('keeps a non-JSON error body as the detail', async () => {
    const server = http.createServer((_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const client = createCloudClient({ baseUrl: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}` });
      const e = await client.config().catch((err: unknown) => err);
      expect(e).toMatchObject({ status: 502, detail: '<h1>Bad gateway</h1>', retryable: true });
    } finally {
      server.close();
    }
  });

  it('long-polls until a command arrives, and lets the caller abandon a parked poll', async () => {
    const client = createCloudClient({ baseUrl: cloud.url });
    const claimed = await client.claim(claimBody(cloud.issueCode(), 'SN-client-4'));
    client.setToken(claimed.device_token);
    const parked = client.commands(10);
    setTimeout(() => cloud.enqueue(claimed.appliance_id, { kind: 'schedule_updated' }), 100);
    const started = performance.now();
    const got = await parked;
    expect(got.map((c) => c.payload)).toEqual([{ kind: 'schedule_updated' }]);
    expect(performance.now() - started).toBeLessThan(2000);
    const ac = new AbortController();
    const abandoned = client.commands(10, ac.signal);
    setTimeout(() => ac.abort(new Error('bye')), 50);
    await expect(abandoned).rejects.toThrow('bye');
    // Give the server a moment to see the connection go (a cloud's job, not the device's).
    await new Promise((r) => setTimeout(r, 100));
    // Nothing is lost by abandoning: the next command is still delivered once.
    const id = cloud.enqueue(claimed.appliance_id, { kind: 'control', hold: false, target_temp_f: 70 });
    expect((await client.commands(1)).map((c) => c.id)).toEqual([id]);
    expect(await client.commands(0)).toEqual([]);
  });
});
