// The Supervisor's ingress proxy as the simulator plays it: /api/hassio_ingress/<token>/<path> is
// forwarded to the add-on's ingress server as /<path>, with X-Ingress-Path set to
// /api/hassio_ingress/<token>, the way Home Assistant's sidebar reaches an add-on's panel. The
// session cookie Home Assistant checks before forwarding is not simulated.
import { request, type IncomingMessage, type ServerResponse } from 'node:http';

export const INGRESS_PREFIX = '/api/hassio_ingress/';

/** Hop-by-hop headers a proxy does not forward. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host']);

const forwardable = (headers: IncomingMessage['headers']) => Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP_BY_HOP.has(k)));

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/**
 * Handles a request under /api/hassio_ingress/ (false for any other path). `target` is the add-on's
 * ingress server (http://host:port) or null while the add-on is not running (502, as the Supervisor).
 */
export function handleIngress(req: IncomingMessage, res: ServerResponse, token: string, target: string | null): boolean {
  const url = req.url ?? '/';
  if (!url.startsWith(INGRESS_PREFIX)) return false;
  const rest = url.slice(INGRESS_PREFIX.length);
  const slash = rest.indexOf('/');
  const given = slash < 0 ? rest.split('?')[0] : rest.slice(0, slash);
  if (given !== token) return (plain(res, 404, '404: Not Found'), true);
  if (!target) return (plain(res, 502, '502: Bad Gateway'), true);
  const path = slash < 0 ? '/' + rest.slice(given!.length) : rest.slice(slash);
  const upstream = request(
    new URL(path, target),
    { method: req.method, headers: { ...forwardable(req.headers), 'x-ingress-path': `${INGRESS_PREFIX}${token}`, 'x-hass-source': 'core.ingress' } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) plain(res, 502, '502: Bad Gateway');
    else res.destroy();
  });
  req.pipe(upstream);
  return true;
}
