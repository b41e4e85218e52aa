import { describe, expect, it } from 'vitest';
import { locationPatch, roundDegrees } from './share-location.js';

const NO_LOCATION = { latitude: null, longitude: null };
const HA = { latitude: 48.8566, longitude: 2.3522 };

describe('locationPatch', () => {
  it.each([
    ["an account without a location gets HA's, to 0.1 degree", NO_LOCATION, HA, true, { latitude: 48.9, longitude: 2.4 }],
    ['south and west stay negative', NO_LOCATION, { latitude: -33.8688, longitude: -151.2093 }, true, { latitude: -33.9, longitude: -151.2 }],
    ['a location the account has is kept', { latitude: 40.7, longitude: -74 }, HA, true, null],
    ['the option off sends nothing', NO_LOCATION, HA, false, null],
    ['HA without coordinates', NO_LOCATION, {}, true, null],
    ['HA without a config (get_config failed)', NO_LOCATION, null, true, null],
    ['HA at 0, 0: no location set', NO_LOCATION, { latitude: 0, longitude: 0 }, true, null],
    ['HA out of range', NO_LOCATION, { latitude: 91, longitude: 2 }, true, null],
    ['HA not finite', NO_LOCATION, { latitude: Number.NaN, longitude: 2 }, true, null],
    ['no profile yet', null, HA, true, null],
  ])('%s', (_, profile, haConfig, share, expected) => {
    expect(locationPatch(profile, haConfig, share)).toEqual(expected);
  });

  it('sends nothing to a cloud whose profile has no location fields (it would keep nothing)', () => {
    expect(locationPatch({} as never, HA, true)).toBeNull();
  });
});

describe('roundDegrees', () => {
  it.each([
    [40.7128, 40.7],
    [-74.006, -74],
    [-0.04, 0],
    [179.96, 180],
  ])('%f -> %f', (deg, rounded) => expect(Object.is(roundDegrees(deg), rounded)).toBe(true));
});
