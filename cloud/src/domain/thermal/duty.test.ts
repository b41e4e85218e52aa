import { describe, expect, it } from 'vitest';
import { learnRatedPowerW, readingDuty, runningDirection, type ThermalReading } from './duty.js';

const reading = (over: Partial<ThermalReading>): ThermalReading => ({ at: new Date(0), indoorTempF: 72, hvacState: 'COOL', ...over });
const NO_RATING = { cool: null, heat: null };

describe('runningDirection', () => {
  it.each([
    ['COOL', 'cooling', 'cool'],
    ['COOL', 'idle', null],
    ['COOL', 'drying', 'cool'],
    ['HEAT', 'heating', 'heat'],
    ['HEAT', 'preheating', 'heat'],
    ['HEAT', 'idle', null],
    ['HEAT', 'off', null],
    ['OFF', 'cooling', 'cool'],
    ['FAN', 'fan', null],
    ['COOL', undefined, 'cool'],
    ['ECO', undefined, 'cool'],
    ['DRY', undefined, 'cool'],
    ['HEAT', undefined, 'heat'],
    ['OFF', undefined, null],
    ['FAN', undefined, null],
    ['COOL', 'something-new', 'cool'],
  ] as const)('%s with action %s conditions as %s', (hvacState, hvacAction, expected) => {
    expect(runningDirection({ hvacState, hvacAction })).toBe(expected);
  });
});

describe('readingDuty', () => {
  it('is 1 while running and 0 at rest without a power reading', () => {
    expect(readingDuty(reading({ hvacAction: 'cooling' }), NO_RATING)).toEqual({ cool: 1, heat: 0 });
    expect(readingDuty(reading({ hvacState: 'HEAT', hvacAction: 'heating' }), NO_RATING)).toEqual({ cool: 0, heat: 1 });
    expect(readingDuty(reading({ hvacAction: 'idle' }), NO_RATING)).toEqual({ cool: 0, heat: 0 });
  });

  it('reads power as a fraction of the rated power, clamped to [0, 1]', () => {
    const rated = { cool: 3000, heat: 4000 };
    expect(readingDuty(reading({ hvacAction: 'cooling', powerW: 1500 }), rated)).toEqual({ cool: 0.5, heat: 0 });
    expect(readingDuty(reading({ hvacState: 'HEAT', powerW: 5000 }), rated)).toEqual({ cool: 0, heat: 1 });
    // A stale `idle` action with the compressor drawing power: power wins, in the mode's direction.
    expect(readingDuty(reading({ hvacAction: 'idle', powerW: 600 }), rated)).toEqual({ cool: 0.2, heat: 0 });
    expect(readingDuty(reading({ hvacState: 'FAN', powerW: 300 }), rated)).toEqual({ cool: 0, heat: 0 });
  });

  it('falls back to running/idle when the direction has no rated power', () => {
    expect(readingDuty(reading({ hvacAction: 'cooling', powerW: 100 }), NO_RATING)).toEqual({ cool: 1, heat: 0 });
  });
});

describe('learnRatedPowerW', () => {
  it('takes the 90th percentile of running power readings per direction', () => {
    const cooling = Array.from({ length: 20 }, (_, i) => reading({ hvacAction: 'cooling', powerW: 2000 + i * 50 }));
    const idle = Array.from({ length: 20 }, () => reading({ hvacAction: 'idle', powerW: 5000 }));
    expect(learnRatedPowerW([...cooling, ...idle])).toEqual({ cool: 2850, heat: null });
  });

  it('needs at least 12 readings in a direction', () => {
    const few = Array.from({ length: 11 }, () => reading({ hvacState: 'HEAT', hvacAction: 'heating', powerW: 4000 }));
    expect(learnRatedPowerW(few)).toEqual({ cool: null, heat: null });
  });
});
