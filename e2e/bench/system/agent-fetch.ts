// The homes' HTTP client: fetch's shape over node:http with keep-alive agents, one for the
// satellites' parked long-polls (each holds its socket for the wait) and one, capped, for every
// other call. Global fetch (undici) keeps a pool per origin with no cap: when the homes' process
// fell behind at 1,000 homes, every late request opened another socket and the process held
// ~20,000 of them (about 20 per home). Here a process holds at most MAX_SOCKETS plus its parked
// polls, reused from one request to the next.
import http from 'node:http';
import { LONG_POLL_ROUTE, routeOf } from './route-stats.js';

/** Sockets per homes' process for everything but the long-poll: requests beyond it wait their turn (counted in their latency). */
export const MAX_SOCKETS = 128;

export interface AgentFetch {
  fetch: typeof fetch;
  /** Sockets open now (both agents). */
  sockets(): number;
  destroy(): void;
}

export function agentFetch(): AgentFetch {
  const calls = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const polls = new http.Agent({ keepAlive: true });
  const f = ((input: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      const method = init?.method ?? 'GET';
      const agent = routeOf(method, url.href) === LONG_POLL_ROUTE ? polls : calls;
      const headers = init?.headers instanceof Headers ? Object.fromEntries(init.headers.entries()) : ((init?.headers ?? {}) as Record<string, string>);
      const req = http.request(url, { method, headers, agent, signal: init?.signal ?? undefined }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
          resolve(new Response(body, { status, statusText: res.statusMessage, headers: h }));
        });
      });
      req.on('error', reject);
      req.end(typeof init?.body === 'string' ? init.body : undefined);
    })) as typeof fetch;
  const count = (a: http.Agent) => [...Object.values(a.sockets), ...Object.values(a.freeSockets)].reduce((n, list) => n + (list?.length ?? 0), 0);
  return {
    fetch: f,
    sockets: () => count(calls) + count(polls),
    destroy: () => {
      calls.destroy();
      polls.destroy();
    },
  };
}
