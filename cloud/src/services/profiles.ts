import { DETAIL, LOCATION_PAIR_DETAIL, type Profile, type ProfilePatchRequest } from '../contract/index.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { roundDegrees } from '../domain/forecast/location.js';
import { catalogIds } from '../domain/tariffs/catalog.js';
import { badRequest, unauthorized } from '../errors.js';
import { isLocationPairViolation, type ProfilePatch, type ProfileRow, type Store } from '../store/index.js';
import type { PlanningEvents } from './planning-events.js';

/** The profile (account settings) of a user; the row is created on first use from the signup fields. */
export function createProfilesService(store: Store, deps: { planningEvents?: PlanningEvents } = {}) {
  /** The profile row, created from the signup fields on first use. One query once it exists (hot path). */
  async function ensureRow(userId: string): Promise<ProfileRow> {
    return (await store.profiles.find(userId)) ?? (await create(userId)).row;
  }

  async function create(userId: string): Promise<{ row: ProfileRow; email: string }> {
    const user = await store.users.findById(userId);
    if (!user) throw unauthorized(DETAIL.invalidToken);
    const { location_zip, home_size_sqft, pricing_location, timezone } = user.signup_profile;
    const row = await store.profiles.ensure(userId, {
      ...(location_zip !== undefined && { location_zip }),
      ...(timezone !== undefined && { timezone }),
      ...(home_size_sqft !== undefined && { home_size_sqft }),
      ...(pricing_location !== undefined && { pricing_location }),
    });
    return { row, email: user.email };
  }

  /** The profile row with the account's email (for responses that show it). */
  async function ensure(userId: string): Promise<{ row: ProfileRow; email: string }> {
    const [user, existing] = await Promise.all([store.users.findById(userId), store.profiles.find(userId)]);
    if (!user) throw unauthorized(DETAIL.invalidToken);
    return existing ? { row: existing, email: user.email } : create(userId);
  }

  return {
    /** The stored profile row, created on first call. */
    ensure: ensureRow,

    async get(userId: string): Promise<Profile> {
      const { row, email } = await ensure(userId);
      return toProfile(row, email);
    },

    async update(userId: string, patch: ProfilePatchRequest): Promise<Profile> {
      const { row: before, email } = await ensure(userId);
      const changes: ProfilePatch = {};
      if (patch.location_zip !== undefined) changes.location_zip = patch.location_zip ?? '';
      if (patch.home_size_sqft !== undefined) changes.home_size_sqft = patch.home_size_sqft ?? 0;
      if (patch.pricing_location !== undefined) {
        if (patch.pricing_location !== null) assertCatalogId(patch.pricing_location);
        changes.pricing_location = patch.pricing_location ?? 1;
      }
      if (patch.weather_entity_id !== undefined) changes.weather_entity_id = patch.weather_entity_id ?? '';
      if (patch.timezone !== undefined) changes.timezone = patch.timezone;
      if (patch.household_power_entity_id !== undefined) changes.household_power_entity_id = patch.household_power_entity_id ?? null;
      if (patch.max_import_kw !== undefined) changes.max_import_kw = patch.max_import_kw ?? null;
      Object.assign(changes, locationChanges(before, patch));
      const row = await store.profiles.update(userId, changes).catch((err: unknown) => {
        // The pair checked above on the row as read; the database's check settles a race.
        throw isLocationPairViolation(err) ? badRequest(LOCATION_PAIR_DETAIL) : err;
      });
      // The import limit is a planning input (docs/home-plan.md): a change re-plans the home.
      if (changes.max_import_kw !== undefined && changes.max_import_kw !== before.max_import_kw) deps.planningEvents?.changed(userId, 'import_limit');
      return toProfile(row!, email);
    },
  };
}

/** The coordinates a patch sets, kept to 0.1 degree; they must leave both set or both null. */
function locationChanges(before: ProfileRow, patch: ProfilePatchRequest): Pick<ProfilePatch, 'latitude' | 'longitude'> {
  const changes: Pick<ProfilePatch, 'latitude' | 'longitude'> = {};
  if (patch.latitude !== undefined) changes.latitude = patch.latitude === null ? null : roundDegrees(patch.latitude);
  if (patch.longitude !== undefined) changes.longitude = patch.longitude === null ? null : roundDegrees(patch.longitude);
  const latitude = changes.latitude !== undefined ? changes.latitude : before.latitude;
  const longitude = changes.longitude !== undefined ? changes.longitude : before.longitude;
  if ((latitude === null) !== (longitude === null)) throw badRequest(LOCATION_PAIR_DETAIL);
  return changes;
}

export function assertCatalogId(id: number): void {
  const ids = catalogIds();
  if (!ids.includes(id)) throw badRequest(`pricing_location must be one of the catalog ids: [${ids.join(', ')}]`);
}

function toProfile(row: ProfileRow, email: string): Profile {
  return {
    user_id: row.user_id,
    email,
    location_zip: row.location_zip,
    home_size_sqft: row.home_size_sqft,
    pricing_location: row.pricing_location,
    timezone: effectiveTimeZone(row),
    subscription_tier: row.subscription_tier,
    weather_entity_id: row.weather_entity_id,
    household_power_entity_id: row.household_power_entity_id ?? null,
    max_import_kw: row.max_import_kw ?? null,
    latitude: row.latitude ?? null,
    longitude: row.longitude ?? null,
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
