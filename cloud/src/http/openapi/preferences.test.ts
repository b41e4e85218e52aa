import { describe, expect, it } from 'vitest';
import { applyPreferencesUpdate } from '../../domain/preferences/preferences-update.js';
import { boundProbes } from '../../domain/validation/bounds-probe.test-support.js';
import { preferencesApi } from './preferences.js';

const VALID = {
  base_temperature: 72,
  savings_level: 2,
  optimization_mode: 'cool',
  hourly_high_temps_f: new Array(24).fill(80),
  hourly_low_temps_f: new Array(24).fill(60),
};
// The pair rule (low below high at every hour, said in the description) forbids a high at the
// lowest bound and a low at the highest; every other edge is probed.
const PAIR_RULE = ['hourly_high_temps_f: item minimum', 'hourly_low_temps_f: item maximum'];

describe.each(['PreferencesUpdate', 'AppliancePreferencesUpdate'] as const)('the %s schema and the hand-written check agree', (name) => {
  const scope = name === 'PreferencesUpdate' ? 'account' : 'appliance';
  const probes = boundProbes(preferencesApi.schemas[name]!, VALID).filter((p) => !PAIR_RULE.some((rule) => p.what.startsWith(rule)));

  it('accepts the base body', () => {
    expect(applyPreferencesUpdate(VALID, {}, scope)).toMatchObject({ ok: true });
  });

  it.each(probes.map((p) => [p.what, p] as const))('%s', (_what, probe) => {
    expect(applyPreferencesUpdate(probe.body, {}, scope).ok).toBe(probe.allowed);
  });
});
