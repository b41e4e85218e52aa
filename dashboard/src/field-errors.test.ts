import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { fieldOfDetail, formErrors } from './field-errors.js';

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
  it('puts a known sentence next to its field through an alias, and the rest on the form', () => {
    expect(formErrors(new ApiError(422, 'Password should be at least 6 characters'), ['email', 'password'], { Password: 'password' })).toEqual({
      fields: { password: 'Password should be at least 6 characters' },
      form: null,
    });
    expect(formErrors(new ApiError(503, 'Database unavailable'), ['email'])).toEqual({ fields: {}, form: 'Database unavailable' });
  });
});
