// Every cloud call of the features goes through here: its outcome is the cloud link's status
// (link-status.ts), logged once per new problem, not on every failed call.
import type { AddonContext } from './context.js';
import { cloudLinkAfter, LINK_OK, recordLink } from './link-status.js';

/** Runs a cloud call, recording the cloud link's status; rethrows its error. */
export async function viaCloud<T>(ctx: AddonContext, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    const result = await fn();
    recordLink(ctx.state.links, 'cloud', LINK_OK, ctx.log, { after: what });
    return result;
  } catch (e) {
    const link = cloudLinkAfter(e, ctx.config);
    if (link) recordLink(ctx.state.links, 'cloud', link, ctx.log, { during: what });
    throw e;
  }
}
