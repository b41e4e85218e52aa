import { describe, expect, it } from 'vitest';
import { CloudError } from './cloud-error.js';

describe('CloudError', () => {
  it.each([
    [0, true, false],
    [408, true, false],
    [429, true, false],
    [500, true, false],
    [503, true, false],
    [400, false, false],
    [401, false, true],
    [403, false, true],
    [404, false, false],
  ])('status %i: retryable %s, credentials rejected %s', (status, retryable, rejected) => {
    const error = new CloudError(status, 'x', '/api/v1/x');
    expect(error.retryable).toBe(retryable);
    expect(error.credentialsRejected).toBe(rejected);
  });

  it('says the path, the status (or unreachable) and the detail', () => {
    expect(new CloudError(400, 'Invalid login credentials', '/api/v1/auth/login').message).toBe('/api/v1/auth/login: 400 Invalid login credentials');
    expect(new CloudError(0, 'connect ECONNREFUSED', '/api/v1/me').message).toBe('/api/v1/me: unreachable connect ECONNREFUSED');
    expect(new CloudError(422, { field: 'x' }, '/p').message).toBe('/p: 422 {"field":"x"}');
    expect(new CloudError(500, 'x', '/p')).toBeInstanceOf(Error);
    expect(new CloudError(500, 'x', '/p').name).toBe('CloudError');
  });
});
