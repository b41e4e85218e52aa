import { describe, expect, it } from 'vitest';
import { jsonRequest, readCloudAnswer, unreachable } from './cloud-call.js';
import { CloudError } from './cloud-error.js';

const answer = (status: number, text: string) => ({ ok: status >= 200 && status < 300, status, text: async () => text });

describe('jsonRequest', () => {
  it('sends JSON with the bearer token, and no body or content type without one', () => {
    expect(jsonRequest('POST', { a: 1 }, 'tok')).toEqual({
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: 'Bearer tok' },
      body: '{"a":1}',
    });
    expect(jsonRequest('GET', undefined, null)).toEqual({ method: 'GET', headers: { accept: 'application/json' }, body: undefined });
  });
});

describe('readCloudAnswer', () => {
  it('returns the parsed body of a 2xx answer, null when empty', async () => {
    expect(await readCloudAnswer(answer(200, '{"id":"a"}'), '/p')).toEqual({ id: 'a' });
    expect(await readCloudAnswer(answer(204, ''), '/p')).toBeNull();
  });

  it("throws a CloudError with the body's detail, or the whole body, or a proxy's text", async () => {
    const failed = (status: number, text: string) => readCloudAnswer<never>(answer(status, text), '/api/v1/x').catch((e: unknown) => e as CloudError);
    const e = await failed(400, '{"detail":"Invalid login credentials"}');
    expect(e).toBeInstanceOf(CloudError);
    expect([e.status, e.detail, e.path]).toEqual([400, 'Invalid login credentials', '/api/v1/x']);
    expect((await failed(422, '{"errors":[1]}')).detail).toEqual({ errors: [1] });
    const proxy = await failed(502, '<html>Bad gateway</html>');
    expect([proxy.status, proxy.detail, proxy.retryable]).toEqual([502, '<html>Bad gateway</html>', true]);
  });

  it('reads an answer whose body cannot be read as empty', async () => {
    const broken = { ok: false, status: 503, text: () => Promise.reject(new Error('socket hang up')) };
    await expect(readCloudAnswer(broken, '/p')).rejects.toMatchObject({ status: 503, detail: null });
  });
});

describe('unreachable', () => {
  it('is status 0 with the error message, retryable', () => {
    const e = unreachable(new Error('connect ECONNREFUSED 127.0.0.1:9'), '/api/v1/me');
    expect([e.status, e.detail, e.retryable, e.message]).toEqual([
      0,
      'connect ECONNREFUSED 127.0.0.1:9',
      true,
      '/api/v1/me: unreachable connect ECONNREFUSED 127.0.0.1:9',
    ]);
    expect(unreachable('boom', '/p').detail).toBe('boom');
  });
});
