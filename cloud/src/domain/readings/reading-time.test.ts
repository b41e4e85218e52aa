import { describe, expect, it } from 'vitest';
import { isTooFarInFuture } from './reading-time.js';

const now = new Date('2024-07-01T12:00:00Z');

describe('isTooFarInFuture', () => {
  it.each([
    ['2024-07-01T11:00:00Z', false],
    ['2024-07-01T12:15:00Z', false],
    ['2024-07-01T12:15:00.001Z', true],
    ['2030-01-01T00:00:00Z', true],
  ])('%s -> %s', (ts, expected) => {
    expect(isTooFarInFuture(new Date(ts), now)).toBe(expected);
  });
});
