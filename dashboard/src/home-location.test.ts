import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { formErrors, labelsOf } from './field-errors.js';
import { geolocationFailure, LOCATION_FIELDS, locationBody, locationText, pairErrorAlias, PAIR_DETAIL, toTenth } from './home-location.js';

describe('locationBody', () => {
  it.each([
    [
      { latitude: '41.88', longitude: '-87.63' },
      { latitude: 41.88, longitude: -87.63 },
    ],
    [
      { latitude: ' 52.5 ', longitude: '13.4' },
      { latitude: 52.5, longitude: 13.4 },
    ],
    [
      { latitude: '-90', longitude: '180' },
      { latitude: -90, longitude: 180 },
    ],
    // Both empty clears the location; one empty is sent as it is, for the cloud to answer.
    [
      { latitude: '', longitude: ' ' },
      { latitude: null, longitude: null },
    ],
    [
      { latitude: '41.9', longitude: '' },
      { latitude: 41.9, longitude: null },
    ],
  ])('%j -> %j', (values, body) => {
    expect(locationBody(values)).toEqual({ body });
  });

  it('names each input that is not a number of degrees within its range, and sends nothing', () => {
    expect(locationBody({ latitude: '91', longitude: 'west' })).toEqual({
      errors: { latitude: 'Latitude must be between -90 and 90', longitude: 'Longitude must be a number' },
    });
    expect(locationBody({ latitude: '41,9', longitude: '-180.5' })).toEqual({
      errors: { latitude: 'Latitude must be a number', longitude: 'Longitude must be between -180 and 180' },
    });
  });
});

describe('locationText and toTenth', () => {
  it('shows a stored location as typed and an unset one as empty', () => {
    expect([locationText(41.9), locationText(-87.7), locationText(0), locationText(null)]).toEqual(['41.9', '-87.7', '0', '']);
  });

  it.each([
    [41.8781, 41.9],
    [-87.6298, -87.6],
    [52.5163, 52.5],
    [13.3777, 13.4],
    [-33.8688, -33.9],
    [0.04, 0],
  ])('%d -> %d', (degrees, tenth) => {
    expect(toTenth(degrees)).toBe(tenth);
  });
});

describe('the pair error', () => {
  const labels = labelsOf(LOCATION_FIELDS);

  it('goes under the input left empty, in the words of the labels', () => {
    const err = new ApiError(400, PAIR_DETAIL);
    expect(formErrors(err, labels, pairErrorAlias({ latitude: '41.9', longitude: '' })).fields).toEqual({
      longitude: 'Latitude and longitude must be set together',
    });
    expect(formErrors(err, labels, pairErrorAlias({ latitude: '', longitude: '-87.7' })).fields).toEqual({
      latitude: 'Latitude and longitude must be set together',
    });
  });

  it('has no alias when both or neither are filled', () => {
    expect(pairErrorAlias({ latitude: '41.9', longitude: '-87.7' })).toEqual({});
    expect(pairErrorAlias({ latitude: '', longitude: ' ' })).toEqual({});
  });

  it("leaves the cloud's range errors on the field they name", () => {
    const err = new ApiError(400, 'latitude must be a number between -90 and 90 or null; longitude must be a number between -180 and 180 or null');
    expect(formErrors(err, labels, pairErrorAlias({ latitude: '', longitude: '200' })).fields).toEqual({
      latitude: 'Latitude must be a number between -90 and 90 or null',
      longitude: 'Longitude must be a number between -180 and 180 or null',
    });
  });
});

describe('geolocationFailure', () => {
  it.each([
    [null, /^This browser does not share its location/],
    [1, /^The browser did not allow this page to read the device's location/],
    [2, /^This device could not tell its location: try again/],
    [3, /^Finding this device's location took too long: try again/],
  ])('code %s says why and what to do instead', (code, why) => {
    expect(geolocationFailure(code)).toMatch(why);
    expect(geolocationFailure(code)).toMatch(/type the latitude and longitude instead\.$/);
  });
});
