// The home's location between the profile form's two inputs and PATCH /auth/me: decimal degrees,
// an empty input is null. The browser checks each input alone (a number within its range), like
// the appliance forms; the cloud checks the pair (both set or both null), keeps 0.1 degree, and its
// pair sentence is shown under the input left empty.
import type { COORDINATE_RANGE, LOCATION_PAIR_DETAIL } from '@offpeak/cloud/contract';
import { checkFields, toPayload, type FormField } from './appliance-forms.js';

export type LocationKey = 'latitude' | 'longitude';

export type LocationValues = Record<LocationKey, string>;

export type LocationBody = Record<LocationKey, number | null>;

// The contract's values, copied (a runtime import would bring yup into the bundle) and typed by
// them, so a change in the cloud fails this file's typecheck.
const RANGE: typeof COORDINATE_RANGE = { latitude: 90, longitude: 180 };

/** The cloud's answer when only one of the two is set. */
export const PAIR_DETAIL: typeof LOCATION_PAIR_DETAIL = 'latitude and longitude must be set together';

export const LOCATION_FIELDS: readonly FormField[] = [
  { key: 'latitude', label: 'Latitude', kind: 'number', min: -RANGE.latitude, max: RANGE.latitude, nullable: true },
  { key: 'longitude', label: 'Longitude', kind: 'number', min: -RANGE.longitude, max: RANGE.longitude, nullable: true },
];

/** The PATCH body of the two inputs, or the errors of those that are not a number in range. */
export function locationBody(values: LocationValues): { body: LocationBody } | { errors: Record<string, string> } {
  const errors = checkFields(LOCATION_FIELDS, values);
  if (Object.keys(errors).length) return { errors };
  return { body: toPayload(LOCATION_FIELDS, values) as LocationBody };
}

/** Stored degrees -> the input's text (empty when unset). */
export const locationText = (degrees: number | null | undefined) => (degrees == null ? '' : String(degrees));

/** Degrees kept to 0.1 (about 11 km), the precision the cloud stores. */
export const toTenth = (degrees: number) => Math.round(degrees * 10) / 10;

/**
 * The alias that places the pair sentence under the empty input: that is the one the person has to
 * fill in (or the other to empty), and the cloud's sentence starts with "latitude" whichever it is.
 * None when both or neither are filled, as the sentence cannot come then.
 */
export function pairErrorAlias(values: LocationValues): Record<string, LocationKey> {
  const isLatitudeEmpty = values.latitude.trim() === '';
  if (isLatitudeEmpty === (values.longitude.trim() === '')) return {};
  return { [PAIR_DETAIL]: isLatitudeEmpty ? 'latitude' : 'longitude' };
}

const TYPE_INSTEAD = 'type the latitude and longitude instead';

/** Why the device's location could not be read, by GeolocationPositionError code (null: the browser has no geolocation). */
export function geolocationFailure(code: number | null): string {
  switch (code) {
    case null:
      return `This browser does not share its location with this page (browsers do so only over https): ${TYPE_INSTEAD}.`;
    case 1:
      return `The browser did not allow this page to read the device's location: allow it in the site's settings, or ${TYPE_INSTEAD}.`;
    case 3:
      return `Finding this device's location took too long: try again, or ${TYPE_INSTEAD}.`;
    default:
      return `This device could not tell its location: try again, or ${TYPE_INSTEAD}.`;
  }
}
