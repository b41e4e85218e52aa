import { describe, expect, it } from 'vitest';
import { nextPage } from './next-page.js';

const ORIGIN = 'https://offpeak.example';
const SIGN_IN = ['/signin', '/signup'];

describe('nextPage', () => {
  it.each([
    ['/savings', '/savings'],
    ['/appliances/42?tab=comfort', '/appliances/42?tab=comfort'],
    [null, '/plan'],
    ['/signin', '/plan'],
    ['//evil.example/plan', '/plan'],
    ['/\\evil.example', '/plan'],
    ['https://evil.example/savings', '/plan'],
    ['javascript:alert(1)', '/plan'],
  ])('%s -> %s', (next, page) => {
    expect(nextPage(next, ORIGIN, SIGN_IN, '/plan')).toBe(page);
  });
});
