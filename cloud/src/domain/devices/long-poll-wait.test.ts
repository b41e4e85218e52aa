import { describe, expect, it } from 'vitest';
import { parseWait } from './long-poll-wait.js';

describe('parseWait', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['10', 10],
    ['55', 55],
    ['56', 55],
    ['3600', 55],
    ['-5', 0],
    ['2.9', 2],
    [' 7 ', 7],
  ])('%j -> %j', (raw, expected) => expect(parseWait(raw)).toBe(expected));

  it.each([['abc'], ['10s'], ['1e3'], ['NaN'], [['1', '2']], [{ a: '1' }]])('refuses %j', (raw) => expect(parseWait(raw)).toBeNull());
});
