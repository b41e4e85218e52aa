import { describe, expect, it } from 'vitest';
import { boundProbes } from '../domain/validation/bounds-probe.test-support.js';
import { householdLoadPutIssue, householdLoadUpdate } from './household-load.js';

const VALID = { load_kw_48: new Array(48).fill(1.5) };

describe('the HouseholdLoadUpdate schema and the hand-written check agree', () => {
  it('accepts the base profile and null', () => {
    expect(householdLoadPutIssue(VALID)).toBeNull();
    expect(householdLoadPutIssue({ load_kw_48: null })).toBeNull();
  });

  it.each(boundProbes(householdLoadUpdate.schema, VALID).map((p) => [p.what, p] as const))('%s', (_what, probe) => {
    expect(householdLoadPutIssue(probe.body) === null).toBe(probe.allowed);
  });
});
