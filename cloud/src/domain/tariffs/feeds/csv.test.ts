import { describe, expect, it } from 'vitest';
import { columnIndexes, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it.each([
    [
      'plain rows',
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CRLF and no trailing newline',
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['quoted fields with commas and quotes', '"x, y","say ""hi"""\n', [['x, y', 'say "hi"']]],
    ['quoted newline', '"a\nb",c\n', [['a\nb', 'c']]],
    ['blank lines dropped', '\n\na\n\n', [['a']]],
    ['empty fields kept', ',,x\n', [['', '', 'x']]],
    ['empty text', '', []],
  ])('%s', (_name, text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });
});

describe('columnIndexes', () => {
  it('finds trimmed header names', () => {
    expect(columnIndexes([' A', 'B ', 'C'], { a: 'A', c: 'C' })).toEqual({ a: 0, c: 2 });
  });
  it('is undefined when any column is missing', () => {
    expect(columnIndexes(['A'], { a: 'A', b: 'B' })).toBeUndefined();
  });
});
