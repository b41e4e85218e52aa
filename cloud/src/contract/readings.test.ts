import { describe, expect, it } from 'vitest';
import { isIsoTimestamp } from './readings.js';

describe('isIsoTimestamp', () => {
  it.each([
    '2024-07-01T14:05:00Z',
    '2024-07-01T14:05Z',
    '2024-07-01T14:05:00.123Z',
    '2024-07-01T14:05:00.123456+00:00',
    '2024-07-01T09:05:00-05:00',
    '2024-07-01T19:35:00+0530',
    '2024-02-29T00:00:00Z',
    '2024-07-01t14:05:00z',
  ])('accepts %s', (value) => {
    expect(isIsoTimestamp(value)).toBe(true);
  });

  it.each([
    ['no zone', '2024-07-01T14:05:00'],
    ['a date only', '2024-07-01'],
    ['a space separator', '2024-07-01 14:05:00Z'],
    ['a day that does not exist', '2023-02-29T00:00:00Z'],
    ['April 31', '2024-04-31T00:00:00Z'],
    ['hour 24', '2024-07-01T24:00:00Z'],
    ['minute 60', '2024-07-01T12:60:00Z'],
    ['second 60', '2024-07-01T12:00:60Z'],
    ['month 13', '2024-13-01T00:00:00Z'],
    ['an offset of 24 hours', '2024-07-01T12:00:00+24:00'],
    ['epoch seconds', '1719835500'],
    ['prose', 'yesterday'],
  ])('rejects %s', (_label, value) => {
    expect(isIsoTimestamp(value)).toBe(false);
  });
});
