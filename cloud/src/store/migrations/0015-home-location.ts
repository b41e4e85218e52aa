import type { Migration } from './index.js';

/** The home's coordinates (0.1 degree), which place its weather and sun before the ZIP does (docs/forecast-and-solar.md). */
export const homeLocation: Migration = {
  name: '0015-home-location',
  up: [
    `ALTER TABLE profiles ADD COLUMN latitude DOUBLE PRECISION, ADD COLUMN longitude DOUBLE PRECISION,
       ADD CONSTRAINT profiles_location_pair CHECK ((latitude IS NULL) = (longitude IS NULL))`,
  ],
};
