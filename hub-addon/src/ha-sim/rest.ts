// Core's REST state endpoints (homeassistant/components/api), under /api and /core/api, with
// `Authorization: Bearer <token>`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from './context.js';
import { InvalidEntityIdError, InvalidStateError, type StateMachine } from './states.js';

export interface RestDeps {
  token: string;
  states: StateMachine;
  config: () => Record<string, unknown>;
  services: () => Record<string, Record<string, unknown>>;
  newContext: () => Context;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function message(res: ServerResponse, status: number, text: string): void {
  json(res, status, { message: text });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Handles a request under /api/ (the /core prefix already stripped). Returns false when the path is not an API path. */
export async function handleRest(req: IncomingMessage, res: ServerResponse, path: string, deps: RestDeps): Promise<boolean> {
  if (path !== '/api' && !path.startsWith('/api/')) return false;
  const auth = req.headers.authorization ?? '';
  const bearer = auth.startsWith('Bearer ') ? auth.slice(7) : null;
  if (bearer !== deps.token) {
    res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('401: Unauthorized');
    return true;
  }
  const method = req.method ?? 'GET';
  if (path === '/api/' && method === 'GET') return (message(res, 200, 'API running.'), true);
  if (path === '/api/config' && method === 'GET') return (json(res, 200, deps.config()), true);
  if (path === '/api/services' && method === 'GET') {
    return (
      json(
        res,
        200,
        Object.entries(deps.services()).map(([domain, services]) => ({ domain, services })),
      ),
      true
    );
  }
  if (path === '/api/states' && method === 'GET') return (json(res, 200, deps.states.all()), true);
  const match = /^\/api\/states\/([^/]+)$/.exec(path);
  if (match) {
    const entityId = decodeURIComponent(match[1]!);
    if (method === 'GET') {
      const state = deps.states.get(entityId);
      return (state ? json(res, 200, state) : message(res, 404, 'Entity not found.'), true);
    }
    if (method === 'DELETE') {
      return (deps.states.remove(entityId, deps.newContext()) ? message(res, 200, 'Entity removed.') : message(res, 404, 'Entity not found.'), true);
    }
    if (method === 'POST') return (postState(req, res, entityId, deps), true);
    return (message(res, 405, '405: Method Not Allowed'), true);
  }
  message(res, 404, 'Not found');
  return true;
}

async function postState(req: IncomingMessage, res: ServerResponse, entityId: string, deps: RestDeps): Promise<void> {
  let data: unknown;
  try {
    data = JSON.parse(await readBody(req));
  } catch {
    return message(res, 400, 'Invalid JSON specified.');
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return message(res, 400, 'Invalid JSON specified.');
  const body = data as Record<string, unknown>;
  if (body.state === undefined || body.state === null) return message(res, 400, 'No state specified.');
  const attributes = body.attributes;
  if (attributes !== undefined && attributes !== null && (typeof attributes !== 'object' || Array.isArray(attributes))) {
    return message(res, 400, 'State attributes need to be a dictionary.');
  }
  const isNew = deps.states.get(entityId) === undefined;
  try {
    deps.states.set(entityId, String(body.state), (attributes as Record<string, unknown> | null | undefined) ?? null, {
      forceUpdate: body.force_update === true,
      context: deps.newContext(),
    });
    if (isNew) deps.states.markRestWritten(entityId);
  } catch (e) {
    if (e instanceof InvalidEntityIdError) return message(res, 400, 'Invalid entity ID specified.');
    if (e instanceof InvalidStateError) return message(res, 400, 'Invalid state specified.');
    throw e;
  }
  const state = deps.states.get(entityId)!;
  json(res, isNew ? 201 : 200, state, { Location: `/api/states/${state.entity_id}` });
}
