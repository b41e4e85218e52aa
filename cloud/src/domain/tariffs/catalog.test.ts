import { describe, expect, it } from 'vitest';
import {
  allDynamicZones,
  allPlans,
  catalogIds,
  DEFAULT_PLAN_ID,
  defaultPlan,
  dynamicZoneSlugs,
  dynamicZoneSummaries,
  findDynamicZone,
  findPlan,
  pricingZoneSummaries,
} from './catalog.js';

describe('plan lookup', () => {
  it.each([
    [1, 'pge-e-tou-c'],
    [7, 'sdge-tou-dr1'],
    [12, 'georgiapower-tou-reo'],
  ])('findPlan(%i) is %s', (id, slug) => {
    expect(findPlan(id)?.slug).toBe(slug);
  });

  it.each([0, 13, -1, 1.5, Number.NaN])('findPlan(%s) is undefined', (id) => {
    expect(findPlan(id)).toBeUndefined();
  });

  it('the default plan is id 1', () => {
    expect(DEFAULT_PLAN_ID).toBe(1);
    expect(defaultPlan().id).toBe(1);
  });
});

describe('dynamic zone lookup', () => {
  it.each([
    ['comed-hourly', 'comed-hourly'],
    ['COMED-HOURLY', 'comed-hourly'],
    ['Entsoe-De-Lu', 'entsoe-de-lu'],
  ])('findDynamicZone(%s) is %s', (input, slug) => {
    expect(findDynamicZone(input)?.slug).toBe(slug);
  });

  it.each(['', 'comed', ' comed-hourly', 'caiso-sp15'])('findDynamicZone(%j) is undefined', (input) => {
    expect(findDynamicZone(input)).toBeUndefined();
  });
});

describe('summaries', () => {
  it('pricing zones expose exactly the catalog fields, in catalog order', () => {
    const list = pricingZoneSummaries();
    expect(list.map((z) => z.id)).toEqual(catalogIds());
    expect(list[0]).toEqual({
      id: 1,
      slug: 'pge-e-tou-c',
      utility: 'Pacific Gas & Electric (PG&E)',
      plan: 'E-TOU-C (Time-of-Use, peak 4-9 p.m. every day)',
      region: 'Northern & Central California (CAISO)',
      label: 'PG&E E-TOU-C — peak 4–9 pm daily',
      notes: expect.stringContaining('Default plan.'),
    });
    for (const z of list) {
      expect(Object.keys(z).sort()).toEqual(['id', 'label', 'notes', 'plan', 'region', 'slug', 'utility']);
    }
  });

  it('dynamic zones expose slug, iso and label only', () => {
    const list = dynamicZoneSummaries();
    expect(list.map((z) => z.slug)).toEqual(dynamicZoneSlugs());
    expect(list[0]).toEqual({ slug: 'comed-hourly', iso: 'PJM (ComEd zone)', label: 'ComEd Hourly Pricing (Chicago, IL)' });
    for (const z of list) expect(Object.keys(z).sort()).toEqual(['iso', 'label', 'slug']);
  });

  it('summaries are fresh copies', () => {
    const a = pricingZoneSummaries();
    a[0]!.label = 'changed';
    expect(pricingZoneSummaries()[0]!.label).not.toBe('changed');
  });

  it('ids and slugs are listed in catalog order', () => {
    expect(catalogIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(dynamicZoneSlugs()).toEqual([
      'comed-hourly',
      'caiso-np15',
      'ercot-houston',
      'pjm-dom',
      'nyiso-nyc',
      'isone-hub',
      'miso-illinois',
      'spp-south',
      'octopus-agile-c',
      'entsoe-de-lu',
    ]);
  });
});

// Integrity of the data itself: the curve code relies on these facts instead of re-checking.
describe('catalog integrity', () => {
  it('plan ids and slugs are unique, zone slugs are unique and lower-case', () => {
    expect(new Set(catalogIds()).size).toBe(allPlans().length);
    expect(new Set(allPlans().map((p) => p.slug)).size).toBe(allPlans().length);
    expect(new Set(dynamicZoneSlugs()).size).toBe(allDynamicZones().length);
    for (const slug of dynamicZoneSlugs()) expect(slug).toBe(slug.toLowerCase());
  });

  it.each(allPlans().map((p) => [p.id, p] as const))('plan %i covers every month once', (_id, plan) => {
    const months = plan.seasons.flatMap((s) => s.months).sort((a, b) => a - b);
    expect(months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it.each(allPlans().map((p) => [p.id, p] as const))('plan %i has 24 finite rates per day type and season', (_id, plan) => {
    for (const dayType of ['weekday', 'weekend'] as const) {
      expect(Object.keys(plan[dayType]).sort()).toEqual(plan.seasons.map((s) => s.name).sort());
      for (const season of plan.seasons) {
        const rates = plan[dayType][season.name];
        expect(rates).toHaveLength(24);
        for (const r of rates ?? []) expect(Number.isFinite(r) && r > 0).toBe(true);
      }
    }
  });
});
