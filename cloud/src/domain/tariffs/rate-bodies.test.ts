import { describe, expect, it } from 'vitest';
import { boundProbes } from '../validation/bounds-probe.test-support.js';
import { ratesUpdate } from './rate-bodies.js';
import { EMPTY_RATE_SETTINGS } from './rate-settings.js';
import { validateRateUpdate } from './rate-update.js';

const VALID = {
  hourly_rates_cents_per_kwh: new Array(24).fill(10),
  pricing_source: 'custom',
  dynamic_zone: 'comed-hourly',
  pricing_adder_cents_per_kwh: 5,
  export_pricing: 'custom',
  export_hourly_rates_cents_per_kwh: new Array(24).fill(5),
};

describe('the RatesUpdate schema and the hand-written check agree', () => {
  it('accepts the base body', () => {
    expect(validateRateUpdate(VALID, EMPTY_RATE_SETTINGS)).toMatchObject({ ok: true });
  });

  it.each(boundProbes(ratesUpdate.schema, VALID).map((p) => [p.what, p] as const))('%s', (_what, probe) => {
    expect(validateRateUpdate(probe.body, EMPTY_RATE_SETTINGS).ok).toBe(probe.allowed);
  });
});
