import { describe, expect, it } from 'vitest';
import { warmupDetail } from './warmup-detail.js';

const status = (reason: string, over = {}) =>
  ({ ready: false, reason, progress: 0.2, coveredHours: 12.7, runningMinutes: 45.5, idleMinutes: 30, ...over }) as never;

describe('warmupDetail', () => {
  it.each([
    [null, 'warming up: no readings yet; 48 hours of continuous readings are needed'],
    [status('no_readings'), 'warming up: no readings yet; 48 hours of continuous readings are needed'],
    [status('too_short'), 'warming up: 12 of 48 hours of continuous readings'],
    [status('too_little_running'), 'warming up: the unit ran 45 of the 120 minutes needed'],
    [status('too_little_idle'), 'warming up: the unit rested 30 of the 120 minutes needed'],
    [status('ready', { ready: true }), 'warming up: the readings do not support a model yet'],
  ])('%j', (s, detail) => {
    expect(warmupDetail(s)).toBe(detail);
  });
});
