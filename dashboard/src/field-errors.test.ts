import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { CONFIG_FIELDS, CONSTRAINT_FIELDS } from './appliance-forms.js';
import { fieldOfDetail, formErrors, labelsOf } from './field-errors.js';

describe('fieldOfDetail', () => {
  it.each([
    ['entity_id: is required', 'entity_id'],
    ['soc_entity_id: must be a sensor.* entity id or null', 'soc_entity_id'],
    ['base_temperature must be between 60 and 85', 'base_temperature'],
    ['min_charge_pct: must be at most target_charge_pct', 'min_charge_pct'],
    ['command must include at least one of power, mode, target_temp_f, fan', null],
  ])('%s -> %s', (detail, field) => {
    expect(fieldOfDetail(detail, ['entity_id', 'soc_entity_id', 'base_temperature', 'min_charge_pct', 'target_charge_pct', 'target_temp_f'])).toBe(field);
  });
});

describe('formErrors', () => {
  it('tells a field error with the label the person sees, not the API field name', () => {
    expect(formErrors(new ApiError(400, 'battery_capacity_kwh: must be between 0 and 300'), labelsOf(CONFIG_FIELDS.ev_charger)).fields).toEqual({
      battery_capacity_kwh: 'Battery capacity (kWh) must be between 0 and 300',
    });
    expect(formErrors(new ApiError(400, 'location_zip must be a US ZIP code (12345 or 12345-6789)'), { location_zip: 'ZIP code (optional)' }).fields).toEqual({
      location_zip: 'ZIP code must be a US ZIP code (12345 or 12345-6789)',
    });
    // Another field named inside the sentence is told by its label too.
    expect(formErrors(new ApiError(400, 'min_charge_pct: must be at most target_charge_pct'), labelsOf(CONSTRAINT_FIELDS.ev_charger!)).fields).toEqual({
      min_charge_pct: 'Minimum charge (%) must be at most target charge (%)',
    });
  });

  it('puts a known sentence next to its field through an alias in its own words, and the rest on the form', () => {
    const labels = { email: 'Email', password: 'Password' };
    expect(formErrors(new ApiError(422, 'Password should be at least 6 characters'), labels, { Password: 'password' })).toEqual({
      fields: { password: 'Password should be at least 6 characters' },
      form: null,
    });
    expect(formErrors(new ApiError(503, 'Database unavailable'), labels)).toEqual({ fields: {}, form: 'Database unavailable' });
  });

  it('puts a whole sentence given as an alias where the alias says, even one starting with another field name', () => {
    const labels = { start: 'Starts', end: 'Ends' };
    const aliases = { 'start and end must differ': 'end' };
    expect(formErrors(new ApiError(400, 'start and end must differ'), labels, aliases).fields).toEqual({ end: 'Starts and end must differ' });
    // Only the whole sentence: another sentence about `start` stays on it.
    expect(formErrors(new ApiError(400, 'start and end must differ by an hour'), labels, aliases).fields).toEqual({
      start: 'Starts and end must differ by an hour',
    });
  });
});
