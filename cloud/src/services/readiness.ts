import type { Store } from '../store/index.js';

/** Readiness of this instance's dependencies, for GET /readyz. */
export function createReadinessService(store: Pick<Store, 'ping'>) {
  return {
    /** True when the database answers now. */
    isDatabaseReachable: (): Promise<boolean> => store.ping(),
  };
}

export type ReadinessService = ReturnType<typeof createReadinessService>;
