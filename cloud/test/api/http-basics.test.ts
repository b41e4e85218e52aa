import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../src/http/error-middleware.js';
import type { RunningCloud } from '../../src/server.js';
import { apiClient, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud({ bodyLimit: '2kb' });
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

describe('health', () => {
  it('GET /healthz answers while the process is alive', async () => {
    expect(await api.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
  it('GET /readyz answers when the database is reachable', async () => {
    expect(await api.get('/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });
});

describe('request handling', () => {
  it('answers an unknown route with 404 and a detail', async () => {
    expect(await api.get('/api/v1/nothing-here')).toMatchObject({ status: 404, body: { detail: 'Not found: GET /api/v1/nothing-here' } });
  });

  it('answers malformed JSON with 400 and a detail', async () => {
    const res = await api.call('POST', '/auth/login', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 400, body: { detail: 'Malformed JSON in request body' } });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await api.call('POST', '/auth/login', { rawBody: 'email=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res).toMatchObject({ status: 415, body: { detail: 'Content-Type must be application/json' } });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await api.post('/auth/login', { email: 'a@example.com', password: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('Request body too large (limit 2048 bytes)');
  });

  it('tags every response with a request id, echoing a sane incoming one', async () => {
    const generated = await api.get('/healthz');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await api.get('/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('abc-123');
  });
});

describe('the error middleware', () => {
  it('turns an unexpected error into 500 Internal server error without a stack trace', async () => {
    const app = express();
    app.use((req, _res, next) => {
      (req as unknown as { log: object }).log = { error() {}, warn() {} };
      next();
    });
    app.get('/boom', () => {
      throw new Error('secret internals at /srv/app.js:12');
    });
    app.use(errorHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await apiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).get('/boom');
      expect(res).toEqual(expect.objectContaining({ status: 500, body: { detail: 'Internal server error' } }));
    } finally {
      server.close();
    }
  });
});
