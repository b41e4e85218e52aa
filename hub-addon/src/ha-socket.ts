// The socket factory haws uses for every (re)connection: `ws` instead of the global WebSocket
// (Node 20 has none), the exact URL we are given (the Supervisor's /core/websocket), the auth
// phase, and `supported_features` for cores that understand it, like haws' own createSocket.
import { ERR_CANNOT_CONNECT, ERR_INVALID_AUTH, type HaWebSocket } from 'home-assistant-js-websocket';
import WebSocket from 'ws';

const CONNECT_TIMEOUT_MS = 10_000;

/** True when "YYYY.M.x" is at least year.month (haws' rule). */
export function atLeastVersion(version: string | undefined, year: number, month: number): boolean {
  const [y, m] = (version ?? '').split('.').map(Number);
  return Number.isFinite(y) && Number.isFinite(m) && (y! > year || (y === year && m! >= month));
}

/**
 * Opens one authenticated socket. Rejects with haws' ERR_INVALID_AUTH when the token is refused
 * (haws stops reconnecting on it) and ERR_CANNOT_CONNECT otherwise.
 */
export function openHaSocket(url: string, token: string): Promise<HaWebSocket> {
  return new Promise((resolve, reject) => {
    // No permessage-deflate: on the Supervisor's internal network compression only costs CPU and
    // native memory (zlib contexts) on a small board.
    const ws = new WebSocket(url, { handshakeTimeout: CONNECT_TIMEOUT_MS, perMessageDeflate: false });
    let invalidAuth = false;
    let settled = false;
    const timer = setTimeout(() => ws.terminate(), CONNECT_TIMEOUT_MS);
    const done = () => {
      settled = true;
      clearTimeout(timer);
      ws.removeEventListener('message', onMessage);
      ws.removeEventListener('close', onClose);
    };
    const onMessage = (event: WebSocket.MessageEvent) => {
      let msg: { type?: string; ha_version?: string };
      try {
        msg = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (msg.type === 'auth_invalid') {
        invalidAuth = true;
        ws.close();
      } else if (msg.type === 'auth_ok') {
        done();
        const socket = ws as unknown as HaWebSocket;
        socket.haVersion = msg.ha_version ?? '';
        if (atLeastVersion(msg.ha_version, 2022, 9)) ws.send(JSON.stringify({ type: 'supported_features', id: 1, features: { coalesce_messages: 1 } }));
        resolve(socket);
      }
    };
    const onClose = () => {
      if (settled) return;
      done();
      reject(invalidAuth ? ERR_INVALID_AUTH : ERR_CANNOT_CONNECT);
    };
    // Errors are followed by close; without a listener `ws` would throw them.
    ws.on('error', () => {});
    ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'auth', access_token: token })));
    ws.addEventListener('message', onMessage);
    ws.addEventListener('close', onClose);
  });
}
