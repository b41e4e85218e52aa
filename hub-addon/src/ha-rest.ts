// Home Assistant's REST state API (POST /api/states/<entity_id>), reached where the WebSocket is:
// through the Supervisor's proxy (http://supervisor/core/api) or the standalone Home Assistant.
import type { FetchLike } from './http-fetch.js';
import type { PublishedEntity } from './plan-entities.js';

/** The REST base of Core from its WebSocket URL: ws://supervisor/core/websocket -> http://supervisor/core/api. */
export function restBase(websocketUrl: string): string {
  const u = new URL(websocketUrl);
  u.protocol = u.protocol === 'wss:' ? 'https:' : 'http:';
  const path = u.pathname.replace(/\/websocket$/, '').replace(/\/+$/, '');
  u.pathname = path.endsWith('/api') ? path : `${path}/api`;
  return u.toString().replace(/\/+$/, '');
}

/** Writes one state; resolves with the HTTP status (200 updated, 201 created). */
export async function postState(fetch: FetchLike, base: string, token: string, entity: PublishedEntity): Promise<number> {
  const res = await fetch(`${base}/states/${encodeURIComponent(entity.entity_id)}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ state: entity.state, attributes: entity.attributes }),
  });
  await res.text();
  return res.status;
}
