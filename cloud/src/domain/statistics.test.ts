import { describe, expect, it } from 'vitest';
import { median, nearestRank, quantile, quantileBelow, rankAbove, trimmedMean, upperMedian } from './statistics.js';

describe('quantile', () => {
  it('interpolates between order statistics', () => {
    expect(quantile([3, 1, 2, 4], 0)).toBe(1);
    expect(quantile([3, 1, 2, 4], 1)).toBe(4);
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 0, 20], 0.25)).toBe(5);
  });

  it('is the value itself for one value, and NaN for none', () => {
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('median', () => {
  it.each([
    { values: [5, 1, 3], expected: 3 },
    { values: [4, 1, 3, 2], expected: 2.5 },
    { values: [7], expected: 7 },
    { values: [-1, -1], expected: -1 },
  ])('of $values is $expected', ({ values, expected }) => {
    expect(median(values)).toBe(expected);
  });

  it('is NaN for no values', () => {
    expect(median([])).toBeNaN();
  });
});

describe('upperMedian', () => {
  it('is a value of the sample: the upper middle of an even count', () => {
    expect(upperMedian([4, 1, 3, 2])).toBe(3);
    expect(upperMedian([5, 1, 3])).toBe(3);
    expect(upperMedian([7])).toBe(7);
  });

  it('is null for no values', () => {
    expect(upperMedian([])).toBeNull();
  });
});

describe('quantileBelow', () => {
  it('takes the order statistic at or below the interpolated quantile', () => {
    const tenValues = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    expect(quantile(tenValues, 0.9)).toBeCloseTo(9.1);
    expect(quantileBelow(tenValues, 0.9)).toBe(9);
    expect(quantileBelow(tenValues, 1)).toBe(10);
    expect(quantileBelow([4, 1, 3, 2], 0.5)).toBe(2);
  });

  it('is the value itself for one value, and NaN for none', () => {
    expect(quantileBelow([7], 0.9)).toBe(7);
    expect(quantileBelow([], 0.9)).toBeNaN();
  });
});

describe('nearestRank and rankAbove', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 down to 1

  it('differ only where q·n is whole', () => {
    expect(nearestRank(hundred, 0.99)).toBe(99);
    expect(rankAbove(hundred, 0.99)).toBe(100);
    expect(nearestRank([4, 1, 3, 2], 0.5)).toBe(2);
    expect(rankAbove([4, 1, 3, 2], 0.5)).toBe(3);
    expect(nearestRank([5, 1, 3], 0.5)).toBe(3);
    expect(rankAbove([5, 1, 3], 0.5)).toBe(3);
    expect(nearestRank(hundred, 0.995)).toBe(100);
    expect(rankAbove(hundred, 0.995)).toBe(100);
  });

  it('give the smallest value at q = 0 and the largest at q = 1', () => {
    expect([nearestRank(hundred, 0), rankAbove(hundred, 0)]).toEqual([1, 1]);
    expect([nearestRank(hundred, 1), rankAbove(hundred, 1)]).toEqual([100, 100]);
  });

  it('are the value itself for one value, and NaN for none', () => {
    expect([nearestRank([7], 0.5), rankAbove([7], 0.99)]).toEqual([7, 7]);
    expect(nearestRank([], 0.5)).toBeNaN();
    expect(rankAbove([], 0.5)).toBeNaN();
  });
});

describe('every statistic', () => {
  it('leaves unsorted input as it was', () => {
    const values = [3, 1, 4, 1, 5, 9, 2, 6];
    const before = [...values];
    for (const f of [
      (v: number[]) => quantile(v, 0.3),
      median,
      upperMedian,
      (v: number[]) => quantileBelow(v, 0.9),
      (v: number[]) => nearestRank(v, 0.5),
      (v: number[]) => rankAbove(v, 0.5),
    ]) {
      f(values);
      expect(values).toEqual(before);
    }
  });
});

describe('trimmedMean', () => {
  it('averages the middle half, leaving the outer quarters out', () => {
    expect(trimmedMean([100, 1, 2, 3, 4, 5, 6, -50])).toBe(3.5);
    expect(trimmedMean([0, 0, 1, 1])).toBe(0.5);
    expect(trimmedMean([])).toBeNaN();
  });
});
