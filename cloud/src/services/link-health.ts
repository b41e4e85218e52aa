import type { IntegrationHealth } from '../contract/index.js';
import { DEFAULT_SATELLITE_RULES, linkHealth, linkWindow, type SatelliteRules } from '../domain/link-health.js';
import type { Store } from '../store/index.js';

/** Link health of an account's HVAC reading streams: one aggregate query, then the pure verdict. */
export function createLinkHealthService(store: Store, satellite: SatelliteRules = DEFAULT_SATELLITE_RULES) {
  return {
    /** The health block at `now`; also inlined by the schedules endpoints. */
    async healthFor(userId: string, now: Date): Promise<IntegrationHealth> {
      return linkHealth(await store.readings.hvacWindows(userId, linkWindow(now)), now, satellite);
    },
  };
}

export type LinkHealthService = ReturnType<typeof createLinkHealthService>;
