import { execFileSync } from 'node:child_process';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import type { RunningCloud } from '../../src/server.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { startTestCloud, testConfig } from '../support/test-cloud.js';

// The real app (real services and database) built over a stand-in dashboard/dist, so the test does
// not depend on whether the dashboard has been built.
let cloud: RunningCloud;
let server: Server;
let api: ApiClient;
let dist: string;
const INDEX = '<!doctype html><title>Offpeak</title><div id="app"></div>';
const ASSET = 'console.log("app")';
/** An asset large enough for the build to compress (1 KB and up). */
const BUNDLE = Array.from({ length: 400 }, (_, i) => `export const slot${i} = { index: ${i}, label: "slot ${i}" };`).join('\n');
const PRECOMPRESS = fileURLToPath(new URL('../../../dashboard/scripts/precompress.mjs', import.meta.url));
let baseUrl: string;

/** A GET over plain HTTP: the bytes as sent (fetch would decode them), with the headers. */
function rawGet(route: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(baseUrl + route, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  cloud = await startTestCloud();
  dist = mkdtempSync(path.join(tmpdir(), 'offpeak-dashboard-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), ASSET);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'assets', 'app-XyZ789.js'), BUNDLE);
  // As `npm run build` does after vite build.
  execFileSync(process.execPath, [PRECOMPRESS, dist]);
  const config = testConfig();
  const app = createApp(
    { bodyLimit: config.bodyLimit, trustProxy: config.trustProxy, jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing', dashboardDir: dist },
    cloud.services,
  );
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = apiClient(baseUrl);
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await cloud?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('the dashboard at /', () => {
  it('serves index.html at / with no-cache', async () => {
    const res = await api.get('/');
    expect(res.status).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await api.get('/assets/index-AbC123.js');
    expect(res.status).toBe(200);
    expect(res.body).toBe(ASSET);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves unhashed files at the root without a long cache', async () => {
    const res = await api.get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/plan', '/appliances/0b6f1c1e-4f1e-4a51-9d0e-2b0f3d2f6a11', '/savings'])(
    'answers the app route %s with index.html (history fallback)',
    async (route) => {
      const res = await api.get(route);
      expect(res.status).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('answers a missing asset with the JSON 404', async () => {
    expect(await api.get('/assets/missing-123.js')).toMatchObject({ status: 404, body: { detail: 'Not found: GET /assets/missing-123.js' } });
  });

  it.each(['/api/v1/nothing-here', '/auth/nothing', '/api', '/healthz/x'])('keeps the JSON 404 of %s (no fallback)', async (route) => {
    const res = await api.get(route);
    expect(res).toMatchObject({ status: 404, body: { detail: `Not found: GET ${route}` } });
  });

  it('still answers the API', async () => {
    const user = await signUp(api);
    expect(await api.get('/auth/me', { token: user.token })).toMatchObject({ status: 200, body: { email: user.email } });
    expect(await api.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('does not fall back for a POST to an app route', async () => {
    expect(await api.post('/plan', {})).toMatchObject({ status: 404, body: { detail: 'Not found: POST /plan' } });
  });
});

describe('compressed responses', () => {
  it('sends the build-time brotli copy of a script to a browser that accepts br, as a script cached for a year', async () => {
    const res = await rawGet('/assets/app-XyZ789.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toEqual(readFileSync(path.join(dist, 'assets', 'app-XyZ789.js.br')));
    expect(brotliDecompressSync(res.body).toString()).toBe(BUNDLE);
    expect(res.body.length).toBeLessThan(BUNDLE.length / 5);
  });

  it('sends the gzip copy when only gzip is accepted, and the plain file when nothing is', async () => {
    const gz = await rawGet('/assets/app-XyZ789.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BUNDLE);
    const plain = await rawGet('/assets/app-XyZ789.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(BUNDLE);
  });

  it('compresses the API’s JSON by Accept-Encoding', async () => {
    const br = await rawGet('/api/v1/openapi.json', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    const doc = JSON.parse(brotliDecompressSync(br.body).toString());
    expect(doc.openapi).toMatch(/^3\./);
    const gz = await rawGet('/api/v1/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(doc);
  });

  it('answers a small JSON body, such as an error, as it is', async () => {
    const res = await rawGet('/api/v1/nothing-here', 'br, gzip');
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ detail: 'Not found: GET /api/v1/nothing-here' });
  });
});

describe('without a built dashboard', () => {
  it('serves the API and answers / with the JSON 404', async () => {
    const app = createApp(
      { bodyLimit: '1mb', trustProxy: false, jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing', dashboardDir: path.join(dist, 'nope') },
      cloud.services,
    );
    const s = await new Promise<Server>((resolve) => {
      const x = app.listen(0, '127.0.0.1', () => resolve(x));
    });
    try {
      const other = apiClient(`http://127.0.0.1:${(s.address() as AddressInfo).port}`);
      expect(await other.get('/')).toMatchObject({ status: 404, body: { detail: 'Not found: GET /' } });
      expect(await other.get('/healthz')).toMatchObject({ status: 200 });
    } finally {
      await new Promise((r) => s.close(r));
    }
  });
});
