// Tracks whether the cloud answers, logging each change once (not every failed call).
import { CloudError } from '@offpeak/client-kit';
import type { AddonContext } from './context.js';

/** Runs a cloud call, recording reachability; rethrows its error. */
export async function viaCloud<T>(ctx: AddonContext, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    const result = await fn();
    if (!ctx.state.cloudReachable) ctx.log.info('cloud reachable', { after: what });
    ctx.state.cloudReachable = true;
    return result;
  } catch (e) {
    const down = !(e instanceof CloudError) || e.retryable;
    if (down && ctx.state.cloudReachable)
      ctx.log.warn('cloud unreachable; working from the cached plan', { during: what, error: e instanceof Error ? e.message : String(e) });
    if (down) ctx.state.cloudReachable = false;
    throw e;
  }
}
