// Retrying while the cloud is unreachable: exponential backoff with jitter, on the runner's clock
// (so a simulated outage backs off in simulated time). Only retryable CloudErrors are retried.
import { CloudError, sleep, type Clock } from '@offpeak/client-kit';
import type { Random } from './random.js';

/** Delays of the backoff, ms of the clock. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

/** 1 s doubling up to 5 minutes. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 300_000 };

/**
 * Delay before retry number `attempt` (0-based): "equal jitter", half the capped exponential plus a
 * random half, so a fleet coming back after an outage spreads out yet never retries instantly.
 */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy, random: Random): number {
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempt, 30));
  return cap / 2 + random() * (cap / 2);
}

/** How retry() runs. */
export interface RetryOptions {
  clock: Clock;
  random: Random;
  policy?: BackoffPolicy;
  signal?: AbortSignal;
  /** Cuts the current wait short (the cloud was seen back): read before each wait. */
  wake?: () => AbortSignal;
  /** Told about each retryable failure before the wait. */
  onRetry?: (error: CloudError, attempt: number, delayMs: number) => void;
}

/** Runs `fn` until it succeeds; throws a final error or the signal's abort reason. */
export async function retry<T>(fn: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof CloudError) || !e.retryable || options.signal?.aborted) throw e;
      const delay = backoffDelayMs(attempt, options.policy ?? DEFAULT_BACKOFF, options.random);
      options.onRetry?.(e, attempt, delay);
      const wake = options.wake?.();
      try {
        await sleep(options.clock, delay, wake && options.signal ? AbortSignal.any([options.signal, wake]) : (wake ?? options.signal));
      } catch (abort) {
        if (options.signal?.aborted || !wake?.aborted) throw abort;
      }
    }
  }
}
