import { describe, expect, it } from 'vitest';
import { addDays, civilFromDayNumber, dayNumberFromCivil, daysBetween, isHhMm, isIsoDate, minuteOfDay, weekdayOf } from './calendar.js';

describe('isIsoDate', () => {
  it.each([
    ['2026-03-08', true],
    ['2024-02-29', true], // leap year
    ['2000-02-29', true], // divisible by 400
    ['1900-02-29', false], // divisible by 100, not 400
    ['2025-02-29', false],
    ['2025-02-30', false],
    ['2025-04-31', false],
    ['2025-12-31', true],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-01-00', false],
    ['2025-1-01', false],
    ['25-01-01', false],
    ['2025-01-01T00:00', false],
    [' 2025-01-01', false],
    ['2025/01/01', false],
    ['', false],
    ['２０２５-01-01', false], // full-width digits are not \d in a non-unicode regex
  ])('%j -> %s', (s, expected) => {
    expect(isIsoDate(s)).toBe(expected);
  });
});

describe('addDays / daysBetween', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-03-08', 0, '2026-03-08'],
    ['2026-03-08', 366, '2027-03-09'],
    ['1970-01-01', -1, '1969-12-31'],
  ])('%s + %i = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
    expect(daysBetween(expected, date)).toBe(0 - days); // 0 - 0 is +0, unlike -0
  });

  it('rejects malformed input', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2025-01-01', 1.5)).toThrow(RangeError);
    expect(() => daysBetween('x', '2025-01-01')).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  });

  it('day numbers round-trip across centuries', () => {
    for (let n = -800_000; n <= 3_000_000; n += 997) {
      const { year, month, day } = civilFromDayNumber(n);
      expect(dayNumberFromCivil(year, month, day)).toBe(n);
    }
    expect(dayNumberFromCivil(1970, 1, 1)).toBe(0);
  });
});

describe('weekdayOf', () => {
  it.each([
    ['2026-03-08', 0], // Sunday
    ['2026-11-01', 0],
    ['1970-01-01', 4],
    ['1969-12-31', 3],
    ['2000-02-29', 2],
    ['2026-01-17', 6],
  ])('%s -> %i', (date, expected) => {
    expect(weekdayOf(date)).toBe(expected);
  });
});

describe('isHhMm / minuteOfDay', () => {
  it.each([
    ['00:00', 0],
    ['00:30', 30],
    ['09:05', 545],
    ['12:00', 720],
    ['23:59', 1439],
  ])('%s -> %i', (s, minutes) => {
    expect(isHhMm(s)).toBe(true);
    expect(minuteOfDay(s)).toBe(minutes);
  });

  it.each(['24:00', '23:60', '9:00', '09:0', '0900', '09:00:00', ' 09:00', '', 'ab:cd', '-1:00'])('rejects %j', (s) => {
    expect(isHhMm(s)).toBe(false);
    expect(() => minuteOfDay(s)).toThrow(RangeError);
  });
});
