import type { IntegrationHealth } from '../contract/index.js';
import { linkHealth, linkWindow } from '../domain/link-health.js';
import type { Store } from '../store/index.js';

/** Link health of an account's HVAC reading streams (2.11): one aggregate query, then the pure verdict. */
export function createLinkHealthService(store: Store) {
  return {
    /** The health block at `now`; also inlined by the schedules endpoints. */
    async healthFor(userId: string, now: Date): Promise<IntegrationHealth> {
      return linkHealth(await store.readings.hvacWindows(userId, linkWindow(now)), now);
    },
  };
}

export type LinkHealthService = ReturnType<typeof createLinkHealthService>;
