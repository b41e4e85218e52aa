import type { Sequelize } from 'sequelize';
import { createAppliancesRepo } from './appliances-repo.js';
import { defineModels } from './models/index.js';
import { createProfilesRepo } from './profiles-repo.js';
import { createRefreshTokensRepo } from './refresh-tokens-repo.js';
import { createUsersRepo } from './users-repo.js';

/** Every repository over one database. Repositories return plain objects, never model instances. */
export function createStore(db: Sequelize) {
  const models = defineModels(db);
  return {
    db,
    users: createUsersRepo(models),
    profiles: createProfilesRepo(models),
    refreshTokens: createRefreshTokensRepo(db, models),
    appliances: createAppliancesRepo(models),
  };
}

export type Store = ReturnType<typeof createStore>;
