import { describe, expect, it } from 'vitest';
import { APPLIANCE_ID_REQUIRED_DETAIL, resolveReadingTarget } from './reading-target.js';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const user = { userId: 'u' };

describe('resolveReadingTarget for a user', () => {
  it('keeps the reading unassigned when the account has no HVAC or dehumidifier', () => {
    expect(resolveReadingTarget(undefined, [], user)).toEqual({ ok: true, applianceId: null });
  });

  it('implies the only candidate', () => {
    expect(resolveReadingTarget(undefined, [A], user)).toEqual({ ok: true, applianceId: A });
  });

  it('requires appliance_id with more than one candidate', () => {
    expect(resolveReadingTarget(undefined, [A, B], user)).toEqual({ ok: false, detail: APPLIANCE_ID_REQUIRED_DETAIL });
    expect(APPLIANCE_ID_REQUIRED_DETAIL).toBe('appliance_id is required when the account has more than one hvac or dehumidifier appliance');
  });

  it('accepts an owned candidate, in any letter case', () => {
    expect(resolveReadingTarget(B, [A, B], user)).toEqual({ ok: true, applianceId: B });
    expect(resolveReadingTarget(A.toUpperCase(), [A], user)).toEqual({ ok: true, applianceId: A });
  });

  it('refuses an id that is not one of the candidates, echoing it as sent', () => {
    expect(resolveReadingTarget(B, [A], user)).toEqual({ ok: false, detail: `appliance_id ${B} is not a hvac appliance owned by this user` });
    expect(resolveReadingTarget(A, [], user)).toEqual({ ok: false, detail: `appliance_id ${A} is not a hvac appliance owned by this user` });
  });
});

describe('resolveReadingTarget for a device', () => {
  const device = { userId: 'u', boundApplianceId: A };

  it('takes the bound appliance when the reading names none, even with several candidates', () => {
    expect(resolveReadingTarget(undefined, [A, B], device)).toEqual({ ok: true, applianceId: A });
  });

  it('accepts the bound appliance named explicitly', () => {
    expect(resolveReadingTarget(A, [A, B], device)).toEqual({ ok: true, applianceId: A });
  });

  it('refuses a reading tagged with another appliance, even one the user owns', () => {
    expect(resolveReadingTarget(B, [A, B], device)).toEqual({ ok: false, detail: `appliance_id ${B} is not the appliance this device is bound to` });
  });
});
