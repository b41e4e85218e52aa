import { describe, expect, it } from 'vitest';
import { isDeviceToken } from './tokens.js';

describe('isDeviceToken', () => {
  it('tells device tokens from JWTs by their prefix', () => {
    expect(isDeviceToken('opk_dev_abc')).toBe(true);
    expect(isDeviceToken('eyJhbGciOiJIUzI1NiJ9.x.y')).toBe(false);
  });
});
