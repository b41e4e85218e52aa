import type { Models, ProfileRow } from './models/index.js';

export type ProfilePatch = Partial<
  Pick<ProfileRow, 'location_zip' | 'home_size_sqft' | 'pricing_location' | 'timezone' | 'weather_entity_id' | 'household_power_entity_id' | 'max_import_kw' | 'household_load_kw_48'>
>;

export function createProfilesRepo({ Profile }: Models) {
  return {
    async find(userId: string): Promise<ProfileRow | null> {
      return (await Profile.findByPk(userId, { raw: true })) as ProfileRow | null;
    },

    /** Creates the profile row with these initial values unless it exists; returns the stored row. */
    async ensure(userId: string, initial: ProfilePatch): Promise<ProfileRow> {
      const [row] = await Profile.findOrCreate({ where: { user_id: userId }, defaults: { user_id: userId, ...initial } });
      return row.get({ plain: true }) as ProfileRow;
    },

    async update(userId: string, patch: ProfilePatch & { subscription_tier?: 'free' | 'premium' }): Promise<ProfileRow | null> {
      const [count, rows] = await Profile.update({ ...patch, updated_at: new Date() }, { where: { user_id: userId }, returning: true });
      return count ? (rows[0]!.get({ plain: true }) as ProfileRow) : null;
    },
  };
}

export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
