import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { configureLogging } from '../../src/log.js';
import type { RunningCloud } from '../../src/server.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startTestCloud, testConfig } from '../support/test-cloud.js';

// The request log at each level: one cloud's services behind an app built after the level is set,
// as main builds it after configureLogging.
type Line = {
  level: number;
  name?: string;
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { status: number };
  responseTime?: number;
  err?: { message: string };
};
const lines: Line[] = [];
let cloud: RunningCloud;
let server: Server | undefined;

beforeAll(async () => {
  cloud = await startTestCloud();
});
afterEach(() => server?.close());
afterAll(() => cloud.stop());

/** An app on `cloud`'s services whose loggers write at `level` into `lines`. */
async function serveAt(level: string): Promise<ApiClient> {
  configureLogging(
    level,
    new Writable({
      write: (chunk, _enc, done) =>
        done(
          void lines.push(
            ...chunk
              .toString()
              .split('\n')
              .filter(Boolean)
              .map((l: string) => JSON.parse(l)),
          ),
        ),
    }),
  );
  const { bodyLimit, trustProxy, jwtSecret } = testConfig();
  server = createApp({ bodyLimit, trustProxy, jwtSecret: jwtSecret! }, cloud.services).listen(0, '127.0.0.1');
  await new Promise((r) => server!.once('listening', r));
  lines.length = 0;
  return apiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

const linesOf = (id: string) => lines.filter((l) => l.req?.id === id);

describe('the request log', () => {
  it.each(['info', 'debug'])('at %s, logs each request once with its id, method, URL (token masked), status and duration', async (level) => {
    const api = await serveAt(level);
    await api.get('/healthz', { headers: { 'x-request-id': 'abc-123' } });
    const missing = await api.get('/api/v1/nowhere?token=s3cret&x=1');
    const id = missing.headers.get('x-request-id')!;

    await expect.poll(() => linesOf(id).length).toBe(1);
    expect(linesOf('abc-123')).toEqual([
      expect.objectContaining({
        level: 30,
        name: 'http',
        msg: 'request completed',
        req: { id: 'abc-123', method: 'GET', url: '/healthz' },
        res: { status: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(linesOf(id)).toEqual([
      expect.objectContaining({ level: 30, msg: 'request completed', req: { id, method: 'GET', url: '/api/v1/nowhere?token=***&x=1' }, res: { status: 404 } }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('s3cret');
  });

  it('at warn, writes nothing for a request that succeeds, and the error lines of one that fails, with its id', async () => {
    const api = await serveAt('warn');
    const { refreshToken } = await signUp(api);
    expect((await api.get('/healthz')).status).toBe(200);

    await cloud.db.query(`ALTER TABLE refresh_tokens RENAME COLUMN rotated_at TO rotated_at_broken`);
    let failed;
    try {
      failed = await api.post('/auth/refresh', { refresh_token: refreshToken });
    } finally {
      await cloud.db.query(`ALTER TABLE refresh_tokens RENAME COLUMN rotated_at_broken TO rotated_at`);
    }
    expect(failed.status).toBe(500);
    const id = failed.headers.get('x-request-id')!;

    await expect.poll(() => linesOf(id).length).toBe(2);
    expect(lines).toHaveLength(2);
    expect(linesOf(id)).toEqual([
      expect.objectContaining({
        level: 50,
        name: 'http',
        msg: 'request failed',
        req: { id, method: 'POST', url: '/auth/refresh' },
        err: expect.objectContaining({ message: expect.stringContaining('rotated_at') }),
      }),
      expect.objectContaining({
        level: 50,
        name: 'http',
        msg: 'request errored',
        req: { id, method: 'POST', url: '/auth/refresh' },
        res: { status: 500 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('when silent, still sends every response its X-Request-Id and writes nothing', async () => {
    const api = await serveAt('silent');
    const res = await api.get('/healthz', { headers: { 'x-request-id': 'quiet-1' } });
    expect(res.headers.get('x-request-id')).toBe('quiet-1');
    expect(lines).toEqual([]);
  });
});
