// The ingress panel's HTTP server (Home Assistant's sidebar, through the Supervisor's ingress
// proxy): the page, its script and its style. Under the Supervisor it answers only the proxy's
// address (172.30.32.2) and builds every URL on the X-Ingress-Path the proxy sends.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PanelConfig } from '../config.js';
import type { Logger } from '../log.js';
import type { AddonStatus } from '../status.js';
import { PANEL_CSS, PANEL_SCRIPT } from './assets.js';
import { renderPage } from './page.js';

export interface RunningPanel {
  /** The port it listens on (a free one when asked for 0). */
  port: number;
  stop(): Promise<void>;
}

/** The Supervisor's ingress path: /api/hassio_ingress/<token>. Anything else is ignored. */
const INGRESS_PATH = /^\/api\/hassio_ingress\/[A-Za-z0-9_-]+$/;
const SECURITY_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Same origin only (Home Assistant's, through ingress; the empty data: icon keeps the browser from asking for
  // /favicon.ico); framed by Home Assistant's own page.
  'Content-Security-Policy': "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
};

const clientAddress = (req: IncomingMessage) => (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');

function send(res: ServerResponse, status: number, type: string, body: string, head: boolean): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': `${type}; charset=utf-8`, 'Content-Length': Buffer.byteLength(body) });
  res.end(head ? undefined : body);
}

/** Starts the panel; `status` is read at each request. */
export async function startPanel(config: PanelConfig, status: () => AddonStatus, log: Logger): Promise<RunningPanel> {
  const server = createServer((req, res) => {
    const head = req.method === 'HEAD';
    if (config.allowFrom && clientAddress(req) !== config.allowFrom) return send(res, 403, 'text/plain', 'Only the Supervisor may connect.\n', head);
    if (req.method !== 'GET' && !head) return send(res, 405, 'text/plain', 'Method not allowed\n', head);
    const header = req.headers['x-ingress-path'];
    const base = typeof header === 'string' && INGRESS_PATH.test(header) ? header : '';
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/') return send(res, 200, 'text/html', renderPage(status(), base), head);
    if (path === '/panel.js') return send(res, 200, 'text/javascript', PANEL_SCRIPT, head);
    if (path === '/panel.css') return send(res, 200, 'text/css', PANEL_CSS, head);
    send(res, 404, 'text/plain', 'Not found\n', head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  log.info('panel listening', { host: config.host, port, allow_from: config.allowFrom ?? 'any' });
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
