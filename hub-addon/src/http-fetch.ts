// A small fetch over node:http/https with a keep-alive agent. The add-on makes a handful of JSON
// calls every few minutes; undici (global fetch) costs it about 10 MB of resident memory on a
// board that has little, so this is what the add-on uses unless told otherwise.
import http from 'node:http';
import https from 'node:https';

/** The part of fetch the cloud client uses. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 4 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 4 }) };

export const httpFetch: FetchLike = (url, init) =>
  new Promise((resolve, reject) => {
    const u = new URL(url);
    const mod = u.protocol === 'https:' ? https : http;
    const req = mod.request(u, { method: init.method, headers: init.headers, agent: agents[u.protocol as 'http:' | 'https:'], signal: init.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = res.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, text: async () => text });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
