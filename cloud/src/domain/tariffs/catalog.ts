// The preset time-of-use plans and dynamic price zones, bundled with the code as JSON so the
// catalog is versioned with the release (no file reads at run time). `npm run check:shared` compares
// the copies under ./data with the shared data set when one sits beside the repository.
import rawPlans from './data/tou-plans.json' with { type: 'json' };
import rawZones from './data/dynamic-zones.json' with { type: 'json' };
import type { DynamicZoneSummary, PricingZoneSummary } from './rate-bodies.js';

export type { DynamicZoneSummary, PricingZoneSummary } from './rate-bodies.js';

/** One season of a plan: a name used as the key into the day-type tables, and its months (1-12). */
export interface TouSeason {
  name: string;
  months: number[];
}

/** A preset time-of-use plan: its summary, and 24 hourly cents/kWh values per day type and season. */
export interface TouPlan extends PricingZoneSummary {
  source: string;
  effective_year: number;
  seasons: TouSeason[];
  weekday: Record<string, number[]>;
  weekend: Record<string, number[]>;
}

/** A dynamic (wholesale day-ahead) price zone: its summary and the notes on its public feed. */
export interface DynamicZone extends DynamicZoneSummary {
  feed: {
    url_pattern: string;
    format_notes: string;
    units: string;
    timezone: string;
    published_local_time: string;
  };
  sample_day: { date: string; prices_per_mwh: number[]; provenance: string };
}

/** Plan id used when an account has no (or an unknown) pricing_location. */
export const DEFAULT_PLAN_ID = 1;

// Assigning the inferred JSON types to the declared interfaces makes tsc check the data's shape.
const plans: readonly TouPlan[] = rawPlans;
const zones: readonly DynamicZone[] = rawZones;

/** The plan with this catalog id, or undefined. */
export function findPlan(id: number): TouPlan | undefined {
  return plans.find((p) => p.id === id);
}

/** The default plan (id 1); the catalog test guarantees it exists. */
export function defaultPlan(): TouPlan {
  const plan = findPlan(DEFAULT_PLAN_ID);
  if (!plan) throw new Error(`tariff catalog has no default plan ${DEFAULT_PLAN_ID}`);
  return plan;
}

/** The dynamic zone with this slug (case-insensitive), or undefined. */
export function findDynamicZone(slug: string): DynamicZone | undefined {
  const wanted = slug.toLowerCase();
  return zones.find((z) => z.slug.toLowerCase() === wanted);
}

/** All plans, in catalog order. */
export function allPlans(): readonly TouPlan[] {
  return plans;
}

/** All dynamic zones, in catalog order. */
export function allDynamicZones(): readonly DynamicZone[] {
  return zones;
}

/** The `available_pricing_zones` list (fresh objects, so callers may mutate them). */
export function pricingZoneSummaries(): PricingZoneSummary[] {
  return plans.map(({ id, slug, utility, plan, region, label, notes }) => ({
    id,
    slug,
    utility,
    plan,
    region,
    label,
    notes,
  }));
}

/** The `available_dynamic_zones` list (fresh objects). */
export function dynamicZoneSummaries(): DynamicZoneSummary[] {
  return zones.map(({ slug, iso, label }) => ({ slug, iso, label }));
}

/** Every plan id, in catalog order. */
export function catalogIds(): number[] {
  return plans.map((p) => p.id);
}

/** Every dynamic zone slug, in catalog order. */
export function dynamicZoneSlugs(): string[] {
  return zones.map((z) => z.slug);
}
