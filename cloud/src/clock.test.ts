import { describe, expect, it } from 'vitest';
import { acceleratedClock } from './clock.js';
import { loadConfig } from './config.js';

describe('the cloud clock', () => {
  it('reads OFFPEAK_CLOCK_START at OFFPEAK_CLOCK_ANCHOR and runs OFFPEAK_CLOCK_RATE times real time', () => {
    const config = loadConfig({ OFFPEAK_CLOCK_START: '2026-03-08T00:00:00Z', OFFPEAK_CLOCK_ANCHOR: '2026-01-01T00:00:00Z', OFFPEAK_CLOCK_RATE: '480' });
    let real = Date.parse('2026-01-01T00:00:03Z');
    const clock = acceleratedClock(config.clock!, () => real);
    expect(clock().toISOString()).toBe('2026-03-08T00:24:00.000Z');
    real += 7_500; // 7.5 s at 480x: one hour
    expect(clock().toISOString()).toBe('2026-03-08T01:24:00.000Z');
  });

  it('is the system clock when neither variable is set, and refuses an instant without a zone', () => {
    expect(loadConfig({}).clock).toBeNull();
    expect(() => loadConfig({ OFFPEAK_CLOCK_START: '2026-03-08T00:00:00' })).toThrow(/OFFPEAK_CLOCK_START/);
    expect(() => loadConfig({ OFFPEAK_CLOCK_RATE: '0' })).toThrow(/OFFPEAK_CLOCK_RATE/);
  });
});
