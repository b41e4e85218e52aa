import { describe, expect, it } from 'vitest';
import { cohortKeys, COHORT_LABELS, rankFleet, rankingEntry, ratePlanKey, standing, type RankableHome } from './rankings.js';

const home = (userId: string, zip: string, value: number | null, plan = 'zone:1'): RankableHome => ({
  userId,
  cohorts: cohortKeys(zip, plan),
  values: { savings_pct: value, off_peak_kwh_share_pct: null, flexibility_degree_hours: null, active_appliances: value === null ? null : 1 },
});

describe('standing', () => {
  it('ranks highest first with ties sharing the better rank, percentile at or below', () => {
    const sorted = [10, 20, 20, 30];
    expect(standing(sorted, 30)).toEqual({ rank: 1, percentile: 100 });
    expect(standing(sorted, 20)).toEqual({ rank: 2, percentile: 75 });
    expect(standing(sorted, 10)).toEqual({ rank: 4, percentile: 25 });
  });
});

describe('cohortKeys and ratePlanKey', () => {
  it('keys ZIP cohorts by 5 and 3 digits, none without a ZIP', () => {
    expect(cohortKeys('94103', 'zone:1')).toEqual({ zip5: '94103', zip3: '941', rate_peers: 'zone:1', fleet: 'fleet' });
    expect(cohortKeys('', 'zone:1')).toEqual({ zip5: null, zip3: null, rate_peers: 'zone:1', fleet: 'fleet' });
  });

  it('groups rate peers by source and plan or dynamic zone', () => {
    const base = {
      pricing_location: 3,
      hourly_rates_cents_per_kwh: null,
      dynamic_zone: null,
      pricing_adder_cents_per_kwh: null,
      export_pricing: null,
      export_hourly_rates_cents_per_kwh: null,
    };
    expect(ratePlanKey({ ...base, pricing_source: null })).toBe('zone:3');
    expect(ratePlanKey({ ...base, pricing_source: 'custom' })).toBe('custom:3');
    expect(ratePlanKey({ ...base, pricing_source: 'dynamic', dynamic_zone: 'comed' })).toBe('dynamic:comed');
  });

  it('labels cohorts without digits', () => {
    for (const label of Object.values(COHORT_LABELS)) expect(label).not.toMatch(/\d/);
  });
});

describe('rankFleet', () => {
  // Ten homes in 94103 (values 1-10), one alone in 94199, five in 94110: the lone home and the
  // 94110 homes have no ZIP code of 10 homes, so the walk goes on to the area 941.
  const fleet = [
    ...Array.from({ length: 10 }, (_, i) => home(`a${i}`, '94103', i + 1)),
    home('lone', '94199', 5.5),
    ...Array.from({ length: 5 }, (_, i) => home(`b${i}`, '94110', 20 + i)),
    home('none', '94103', null),
  ];
  const ranked = rankFleet(fleet, 10);
  const savings = (id: string) => ranked.get(id)!.find((r) => r.metric === 'savings_pct')!;

  it('ranks a home in its ZIP code when that has enough homes with a value', () => {
    expect(savings('a9')).toEqual({ metric: 'savings_pct', cohortKind: 'zip5', rank: 1, percentile: 100, value: 10 });
    expect(savings('a0')).toMatchObject({ cohortKind: 'zip5', rank: 10, percentile: 10 });
  });

  it('walks a lone home out to its area (ZIP3)', () => {
    // Area 941: 16 values; 6-10 and 20-24 are above 5.5 (rank 11), 1-5 and itself at or below (6 of 16).
    expect(savings('lone')).toEqual({ metric: 'savings_pct', cohortKind: 'zip3', rank: 11, percentile: 37.5, value: 5.5 });
    expect(savings('b0')).toMatchObject({ cohortKind: 'zip3', rank: 5 });
  });

  it('gives no rank (never 0) to a home without a value', () => {
    expect(savings('none')).toEqual({ metric: 'savings_pct', cohortKind: null, rank: null, percentile: null, value: null });
  });

  it('gives no cohort when even the fleet is too small', () => {
    const small = rankFleet(fleet.slice(0, 4), 10);
    expect(small.get('a0')!.every((r) => r.rank === null && r.cohortKind === null)).toBe(true);
    expect(rankingEntry(small.get('a0')![0]!)).toEqual({
      metric: 'savings_pct',
      cohort_kind: null,
      cohort_label: null,
      rank: null,
      percentile: null,
      your_value: 1,
    });
  });

  it('answers every metric, in order', () => {
    expect(ranked.get('a0')!.map((r) => r.metric)).toEqual(['savings_pct', 'off_peak_kwh_share_pct', 'flexibility_degree_hours', 'active_appliances']);
    expect(rankingEntry(savings('lone')).cohort_label).toBe('Homes in your area');
  });
});
