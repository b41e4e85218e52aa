import { DETAIL } from '../contract/index.js';
import { accountPreferences, unitPreferences, type AccountPreferences, type Preferences, type StoredPreferences } from '../domain/preferences/defaults.js';
import { applyPreferencesUpdate, type PreferencesScope } from '../domain/preferences/preferences-update.js';
import { badRequest, MissingReferenceError, notFound, unauthorized } from '../errors.js';
import type { PreferencesMutation, Store } from '../store/index.js';
import type { AppliancesService } from './appliances.js';
import type { PlanningEvents } from './planning-events.js';

/** Account-level and per-HVAC preferences. */
export function createPreferencesService(store: Store, deps: { appliances: AppliancesService; planningEvents: PlanningEvents }) {
  const { appliances, planningEvents } = deps;

  /** The signup choice of newsletter_opt_in (undefined when it was omitted). */
  async function signupNewsletterOptIn(userId: string): Promise<boolean | undefined> {
    const user = await store.users.findById(userId);
    if (!user) throw unauthorized(DETAIL.invalidToken);
    return user.signup_profile.newsletter_opt_in;
  }

  /** An HVAC the caller owns; anything else is 404 `Appliance not found`. */
  async function requireOwnedHvac(userId: string, applianceId: string): Promise<string> {
    const appliance = await appliances.requireOwned(userId, applianceId);
    if (appliance.appliance_type !== 'hvac') throw notFound(DETAIL.applianceNotFound);
    return appliance.id;
  }

  /** Validates and stores a PUT body; publishes a re-plan unless only newsletter_opt_in was sent. */
  async function update(
    userId: string,
    body: unknown,
    scope: PreferencesScope,
    modify: (mutate: PreferencesMutation) => Promise<StoredPreferences>,
  ): Promise<StoredPreferences> {
    let changesPlanning = false;
    const stored = await modify((current) => {
      const result = applyPreferencesUpdate(body, current, scope);
      if (!result.ok) throw badRequest(result.detail);
      changesPlanning = result.changesPlanning;
      return result.next;
    });
    if (changesPlanning) planningEvents.changed(userId, 'preferences');
    return stored;
  }

  return {
    async getAccount(userId: string): Promise<AccountPreferences> {
      const optIn = await signupNewsletterOptIn(userId);
      return accountPreferences(await store.preferences.findAccount(userId), optIn);
    },

    async updateAccount(userId: string, body: unknown): Promise<AccountPreferences> {
      const optIn = await signupNewsletterOptIn(userId);
      const stored = await update(userId, body, 'account', (mutate) => store.preferences.modifyAccount(userId, mutate));
      return accountPreferences(stored, optIn);
    },

    /** A unit with nothing stored gets the fresh-signup defaults, not the account's values. */
    async getUnit(userId: string, applianceId: string): Promise<Preferences> {
      const id = await requireOwnedHvac(userId, applianceId);
      return unitPreferences(await store.preferences.findAppliance(id));
    },

    async updateUnit(userId: string, applianceId: string, body: unknown): Promise<Preferences> {
      const id = await requireOwnedHvac(userId, applianceId);
      try {
        return unitPreferences(await update(userId, body, 'appliance', (mutate) => store.preferences.modifyAppliance(id, mutate)));
      } catch (err) {
        // Deleted between the ownership check and the write.
        if (err instanceof MissingReferenceError) throw notFound(DETAIL.applianceNotFound);
        throw err;
      }
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
