// The two ends of one JSON call to the cloud that every client makes the same way: the request
// (JSON body, bearer token) and the reading of the answer, where a non-2xx status becomes a
// CloudError carrying the body's `detail`. Sending it (fetch, node:http, timeouts, aborts) stays
// with each client.
import { CloudError } from './cloud-error.js';

/** What a client sends: method, JSON headers, the bearer token when there is one, the JSON body. */
export interface JsonRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** The part of a fetch answer the reader needs (fetch's Response has it). */
export interface CloudAnswer {
  ok: boolean;
  status: number;
  text(): Promise<string>;
}

/** The request of a JSON call; `body` undefined sends none. */
export function jsonRequest(method: string, body: unknown, token: string | null): JsonRequest {
  return {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/** The call to `path` never got an answer (network error, timeout): status 0. */
export function unreachable(error: unknown, path: string): CloudError {
  return new CloudError(0, error instanceof Error ? error.message : String(error), path);
}

/** The parsed JSON body of a 2xx answer (null when empty); otherwise throws CloudError(status, body.detail). */
export async function readCloudAnswer<T>(answer: CloudAnswer, path: string): Promise<T> {
  const text = await answer.text().catch(() => '');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the text is the detail.
  }
  if (!answer.ok)
    throw new CloudError(answer.status, parsed && typeof parsed === 'object' && 'detail' in parsed ? (parsed as { detail: unknown }).detail : parsed, path);
  return parsed as T;
}
