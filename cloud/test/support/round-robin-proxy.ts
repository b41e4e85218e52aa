import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Methods a proxy may send again after a failure once the request went out (RFC 9110 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
/** Connection-level headers a proxy does not forward (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

export interface RoundRobinProxyOptions {
  /** Active health check: GET this path on every upstream... */
  healthPath?: string;
  /** ...this often; a non-200 answer or no answer takes the upstream out of rotation until a 200. */
  healthIntervalMs?: number;
}

/** What the proxy saw, per upstream base URL. */
export interface UpstreamStats {
  /** Requests answered by this upstream. */
  answered: number;
  healthy: boolean;
}

/**
 * A small round-robin reverse proxy over loopback, behaving as the deployment's Caddy is configured
 * to (deploy/Caddyfile): upstreams in turn, skipping those whose health check (`/readyz`) fails;
 * keep-alive connections to upstreams; a request that could not be delivered (connection refused)
 * goes to the next upstream; a request lost after it was sent is retried only when its method is
 * idempotent, else answered 502 and counted in `failures`. Adds `X-Forwarded-For`.
 */
export async function startRoundRobinProxy(upstreams: string[], opts: RoundRobinProxyOptions = {}) {
  const healthPath = opts.healthPath ?? '/readyz';
  const stats = new Map<string, UpstreamStats>(upstreams.map((u) => [u, { answered: 0, healthy: true }]));
  const agent = new http.Agent({ keepAlive: true });
  const failures: string[] = [];
  const routed: { method: string; path: string; upstream: string }[] = [];
  let next = 0;

  /** Upstreams to try for one request, in order: healthy ones from the round-robin position, then the rest. */
  function candidates(): string[] {
    const start = next++ % upstreams.length;
    const ordered = upstreams.map((_, i) => upstreams[(start + i) % upstreams.length]!);
    return [...ordered.filter((u) => stats.get(u)!.healthy), ...ordered.filter((u) => !stats.get(u)!.healthy)];
  }

  async function checkHealth(): Promise<void> {
    await Promise.all(
      upstreams.map(async (u) => {
        let healthy = false;
        try {
          const res = await fetch(u + healthPath, { signal: AbortSignal.timeout(2_000) });
          await res.arrayBuffer();
          healthy = res.status === 200;
        } catch {
          healthy = false;
        }
        stats.get(u)!.healthy = healthy;
      }),
    );
  }
  const healthTimer = setInterval(() => void checkHealth(), opts.healthIntervalMs ?? 100);

  type Attempt = { res: http.IncomingMessage } | { err: NodeJS.ErrnoException; sent: boolean };
  /** Sends the buffered request to one upstream; `sent` tells whether any of it may have reached the upstream. */
  function attempt(upstream: string, req: http.IncomingMessage, body: Buffer, signal: AbortSignal): Promise<Attempt> {
    return new Promise((resolve) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name) && name !== 'host') headers[name] = value;
      const client = req.socket.remoteAddress ?? '';
      headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${client}` : client;
      headers['content-length'] = String(body.length);
      const target = new URL(req.url ?? '/', upstream);
      const out = http.request(target, { method: req.method, headers, agent, signal });
      let connected = false;
      out.once('socket', (socket) => {
        if (out.reusedSocket || !socket.connecting) connected = true;
        else socket.once('connect', () => (connected = true));
      });
      out.once('response', (res) => resolve({ res }));
      out.once('error', (err: NodeJS.ErrnoException) => resolve({ err, sent: connected }));
      out.end(body);
    });
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    for (const upstream of candidates()) {
      const result = await attempt(upstream, req, body, gone.signal);
      if (gone.signal.aborted) return;
      if ('res' in result) {
        stats.get(upstream)!.answered += 1;
        routed.push({ method: req.method ?? 'GET', path: req.url ?? '/', upstream });
        const headers: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(result.res.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
        res.writeHead(result.res.statusCode ?? 502, headers);
        result.res.pipe(res);
        result.res.once('error', () => res.destroy());
        return;
      }
      if (result.sent && !IDEMPOTENT.has(req.method ?? 'GET')) {
        failures.push(`${req.method} ${req.url} -> ${upstream}: ${result.err.code ?? result.err.message} after sending`);
        break;
      }
      if (!result.sent) stats.get(upstream)!.healthy = false; // refused: out of rotation until its health check passes
    }
    if (!res.headersSent) {
      if (failures.length === 0 || !failures.at(-1)!.startsWith(`${req.method} ${req.url} `)) failures.push(`${req.method} ${req.url}: no upstream answered`);
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Bad gateway' }));
    }
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    stats,
    /** Which upstream answered each request, in the order the answers began. */
    routed,
    /** Requests the proxy answered 502 (none should be, whatever an upstream does while draining). */
    failures,
    /** Waits until every upstream's health check has passed (or failed) as expected. */
    async healthChecked(): Promise<void> {
      await checkHealth();
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(healthTimer);
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RoundRobinProxy = Awaited<ReturnType<typeof startRoundRobinProxy>>;
