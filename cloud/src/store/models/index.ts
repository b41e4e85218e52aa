import type { Sequelize } from 'sequelize';
import { defineAppliance } from './appliances.js';
import { defineProfile } from './profiles.js';
import { defineRefreshToken } from './refresh-tokens.js';
import { defineUser } from './users.js';

export type { ApplianceRow, ApplianceType } from './appliances.js';
export type { ProfileRow } from './profiles.js';
export type { RefreshTokenRow } from './refresh-tokens.js';
export type { SignupProfile, UserRow } from './users.js';

/** Every Sequelize model, defined once per database instance. Instances never leave store/. */
export function defineModels(db: Sequelize) {
  return {
    User: defineUser(db),
    Profile: defineProfile(db),
    RefreshToken: defineRefreshToken(db),
    Appliance: defineAppliance(db),
  };
}

export type Models = ReturnType<typeof defineModels>;
