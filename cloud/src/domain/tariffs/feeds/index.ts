// The registry from dynamic zone slug to its feed adapter.
import { caisoAdapter } from './caiso.js';
import { comedAdapter } from './comed.js';
import { entsoeAdapter } from './entsoe.js';
import { ercotAdapter } from './ercot.js';
import { isoneAdapter } from './isone.js';
import { misoAdapter } from './miso.js';
import { nyisoAdapter } from './nyiso.js';
import { octopusAdapter } from './octopus.js';
import { pjmAdapter } from './pjm.js';
import { sppAdapter } from './spp.js';
import type { FeedAdapter } from './types.js';

export type { FeedAdapter, FeedRequest } from './types.js';
export { FeedError } from './feed-util.js';

/** Every slug in dynamic-zones.json; index.test.ts keeps this list equal to the catalog. */
export type DynamicZoneSlug =
  'comed-hourly' | 'caiso-np15' | 'ercot-houston' | 'pjm-dom' | 'nyiso-nyc' | 'isone-hub' | 'miso-illinois' | 'spp-south' | 'octopus-agile-c' | 'entsoe-de-lu';

/** The adapter of each zone; `satisfies` makes a slug without an adapter a compile error. */
export const FEED_ADAPTERS = {
  'comed-hourly': comedAdapter,
  'caiso-np15': caisoAdapter,
  'ercot-houston': ercotAdapter,
  'pjm-dom': pjmAdapter,
  'nyiso-nyc': nyisoAdapter,
  'isone-hub': isoneAdapter,
  'miso-illinois': misoAdapter,
  'spp-south': sppAdapter,
  'octopus-agile-c': octopusAdapter,
  'entsoe-de-lu': entsoeAdapter,
} as const satisfies Record<DynamicZoneSlug, FeedAdapter>;

/** The adapter for a catalog slug (case-insensitive), or undefined for an unknown slug. */
export function adapterFor(slug: string): FeedAdapter | undefined {
  const key = slug.toLowerCase();
  return Object.hasOwn(FEED_ADAPTERS, key) ? FEED_ADAPTERS[key as DynamicZoneSlug] : undefined;
}
