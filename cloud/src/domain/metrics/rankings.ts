// Rankings: each home against comparable homes, in the tightest cohort that is large enough.
// Only the home's own value, rank and percentile ever leave here; cohorts stay anonymous.
import { zip3Of } from '../geo/zip-lookup.js';
import type { StoredRateSettings } from '../tariffs/rate-settings.js';
import type { Ranking } from './metric-bodies.js';

export type { Ranking, RankingsResponse } from './metric-bodies.js';

/** The ranked metrics, all higher-is-better, in the order answered. */
export const RANKED_METRICS = ['savings_pct', 'off_peak_kwh_share_pct', 'flexibility_degree_hours', 'active_appliances'] as const;
export type RankedMetric = (typeof RANKED_METRICS)[number];

/** Cohorts from tightest to widest. */
export const COHORT_KINDS = ['zip5', 'zip3', 'rate_peers', 'fleet'] as const;
export type CohortKind = (typeof COHORT_KINDS)[number];

/** What the customer sees; never a ZIP code or any other home's data. */
export const COHORT_LABELS: Readonly<Record<CohortKind, string>> = {
  zip5: 'Homes in your ZIP code',
  zip3: 'Homes in your area',
  rate_peers: 'Homes on your rate plan',
  fleet: 'All Offpeak homes',
};

/** A cohort ranks only with at least this many homes holding a value for the metric (the caller included). */
export const MIN_COHORT_HOMES = 10;
/** The window rankings are materialized for, days. */
export const RANKING_WINDOW_DAYS = 30;

/** A home's cohort keys (null: the home has no such cohort) and its windowed values. */
export interface RankableHome {
  userId: string;
  cohorts: Record<CohortKind, string | null>;
  values: Record<RankedMetric, number | null>;
}

/** A home's standing on one metric. */
export interface HomeRanking {
  metric: RankedMetric;
  cohortKind: CohortKind | null;
  rank: number | null;
  percentile: number | null;
  value: number | null;
}

/** The rate-peers key: the stored pricing source with its plan id, or its dynamic zone. */
export function ratePlanKey(settings: StoredRateSettings): string {
  const source = settings.pricing_source ?? 'zone';
  return source === 'dynamic' ? `dynamic:${settings.dynamic_zone ?? ''}` : `${source}:${settings.pricing_location ?? 1}`;
}

/** Cohort keys of a home from its ZIP (none unless a US ZIP) and rate plan. */
export function cohortKeys(locationZip: string, ratePlan: string): Record<CohortKind, string | null> {
  const zip3 = zip3Of(locationZip);
  return { zip5: zip3 === null ? null : locationZip.trim().slice(0, 5), zip3, rate_peers: ratePlan, fleet: 'fleet' };
}

/** Index of the first value above `value` in ascending `sorted` (= how many are at or below it). */
function countAtOrBelow(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Rank (1 = highest value; ties share the better rank) and percentile (percent of the cohort at
 * or below the value, 1 decimal) of `value` within a cohort's values sorted ascending.
 */
export function standing(sorted: readonly number[], value: number): { rank: number; percentile: number } {
  const atOrBelow = countAtOrBelow(sorted, value);
  return { rank: sorted.length - atOrBelow + 1, percentile: Math.round((atOrBelow / sorted.length) * 1000) / 10 };
}

/** Every home's standing on every metric, walking cohorts outward until one has minHomes values. */
export function rankFleet(homes: readonly RankableHome[], minHomes = MIN_COHORT_HOMES): Map<string, HomeRanking[]> {
  const result = new Map<string, HomeRanking[]>(homes.map((h) => [h.userId, []]));
  const cohortOf = (home: RankableHome, kind: CohortKind) => (home.cohorts[kind] === null ? null : `${kind}:${home.cohorts[kind]}`);
  for (const metric of RANKED_METRICS) {
    // Values of each cohort, sorted ascending; homes without a value are in no cohort.
    const cohorts = new Map<string, number[]>();
    for (const home of homes) {
      const value = home.values[metric];
      if (value === null) continue;
      for (const kind of COHORT_KINDS) {
        const id = cohortOf(home, kind);
        if (id === null) continue;
        const values = cohorts.get(id);
        if (values) values.push(value);
        else cohorts.set(id, [value]);
      }
    }
    for (const values of cohorts.values()) values.sort((a, b) => a - b);
    for (const home of homes) {
      const value = home.values[metric];
      const members = (kind: CohortKind) => cohorts.get(cohortOf(home, kind) ?? '') ?? [];
      const kind = value === null ? undefined : COHORT_KINDS.find((k) => members(k).length >= minHomes);
      const place = kind !== undefined && value !== null ? standing(members(kind), value) : null;
      result.get(home.userId)!.push({ metric, cohortKind: kind ?? null, rank: place?.rank ?? null, percentile: place?.percentile ?? null, value });
    }
  }
  return result;
}

/** A home's standing as answered. */
export function rankingEntry(r: HomeRanking): Ranking {
  return {
    metric: r.metric,
    cohort_kind: r.cohortKind,
    cohort_label: r.cohortKind ? COHORT_LABELS[r.cohortKind] : null,
    rank: r.rank,
    percentile: r.percentile,
    your_value: r.value,
  };
}
