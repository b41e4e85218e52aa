// HTTP for the price feeds: a timeout per attempt, a few retries with linear backoff for what may
// pass (network errors, timeouts, 5xx, 429), none for what will not (other 4xx). Error messages
// never contain the URL, because some feeds carry their token in the query string.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FeedRequest } from '../domain/tariffs/feeds/index.js';

/** Timeout and retry policy of one feed request. */
export interface FeedFetchOptions {
  timeoutMs: number;
  /** Attempts after the first. */
  retries: number;
  /** Delay before retry n is n times this. */
  retryDelayMs: number;
  signal?: AbortSignal | undefined;
}

/** A failed attempt; `isRetryable` says whether another attempt may succeed. */
class FeedFetchError extends Error {
  constructor(
    message: string,
    readonly isRetryable: boolean,
  ) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

/** The error text of a rejected fetch: timeout, or the network error's code. */
function describeFailure(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `timeout after ${timeoutMs} ms`;
  const cause = e?.cause?.code ?? e?.cause?.message;
  return cause ? `${e.message ?? 'fetch failed'} (${cause})` : (e?.message ?? String(err));
}

async function fetchOnce(request: FeedRequest, opts: FeedFetchOptions): Promise<Buffer> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  let res: Response;
  try {
    res = await fetch(request.url, {
      headers: request.headers,
      signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
    });
    if (res.ok) return Buffer.from(await res.arrayBuffer());
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new FeedFetchError(describeFailure(err, opts.timeoutMs), true);
  }
  await res.body?.cancel();
  throw new FeedFetchError(`HTTP ${res.status}`, res.status >= 500 || res.status === 429);
}

/**
 * The body of a successful (2xx) GET of the feed request. Throws an Error whose message says what
 * went wrong on the last attempt and how many attempts were made.
 */
export async function fetchFeedBody(request: FeedRequest, opts: FeedFetchOptions): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchOnce(request, opts);
    } catch (err) {
      if (!(err instanceof FeedFetchError)) throw err;
      if (!err.isRetryable || attempt > opts.retries) {
        throw new Error(attempt > 1 ? `${err.message} (after ${attempt} attempts)` : err.message);
      }
      await sleep(opts.retryDelayMs * attempt, undefined, { signal: opts.signal });
    }
  }
}
