import type { ModelStatic, Model, Sequelize } from 'sequelize';
import type { StoredPreferences } from '../domain/preferences/defaults.js';
import type { Models } from './models/index.js';

/** Turns the stored fields into the fields to store; may throw to leave the row as it was. */
export type PreferencesMutation = (stored: StoredPreferences) => StoredPreferences;

/** Account-level and per-HVAC preferences rows: only the fields a user has set, in jsonb. */
export function createPreferencesRepo(db: Sequelize, { AccountPreferences, AppliancePreferences }: Models) {
  async function find(model: ModelStatic<Model>, id: string): Promise<StoredPreferences> {
    const row = (await model.findByPk(id, { raw: true })) as { prefs: StoredPreferences } | null;
    return row?.prefs ?? {};
  }

  /**
   * Read-modify-write under a row lock, so two concurrent PUTs of different fields both land. The
   * row is created first (empty) to have something to lock; a throwing mutation rolls that back.
   */
  function modify(model: ModelStatic<Model>, key: string, id: string, mutate: PreferencesMutation): Promise<StoredPreferences> {
    return db.transaction(async (transaction) => {
      await model.bulkCreate([{ [key]: id }], { ignoreDuplicates: true, transaction });
      const row = (await model.findByPk(id, { raw: true, transaction, lock: transaction.LOCK.UPDATE })) as unknown as { prefs: StoredPreferences };
      const next = mutate(row.prefs);
      await model.update({ prefs: next, updated_at: new Date() }, { where: { [key]: id }, transaction });
      return next;
    });
  }

  return {
    /** The account's stored fields ({} when none). */
    findAccount: (userId: string) => find(AccountPreferences, userId),
    modifyAccount: (userId: string, mutate: PreferencesMutation) => modify(AccountPreferences, 'user_id', userId, mutate),
    /** One HVAC's stored fields ({} when none). */
    findAppliance: (applianceId: string) => find(AppliancePreferences, applianceId),
    modifyAppliance: (applianceId: string, mutate: PreferencesMutation) => modify(AppliancePreferences, 'appliance_id', applianceId, mutate),
  };
}

export type PreferencesRepo = ReturnType<typeof createPreferencesRepo>;
