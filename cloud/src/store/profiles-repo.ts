import type { Models, ProfileRow } from './models/index.js';
import type { Sql } from './sql.js';

export type ProfilePatch = Partial<
  Pick<
    ProfileRow,
    | 'location_zip'
    | 'home_size_sqft'
    | 'pricing_location'
    | 'timezone'
    | 'weather_entity_id'
    | 'household_power_entity_id'
    | 'max_import_kw'
    | 'household_load_kw_48'
    | 'latitude'
    | 'longitude'
  >
>;

// The model's columns, read on the hot paths without the model (sql.ts).
export const PROFILE_COLUMNS = `user_id, location_zip, home_size_sqft, pricing_location, timezone, subscription_tier, weather_entity_id,
  household_power_entity_id, max_import_kw, household_load_kw_48, latitude, longitude, created_at, updated_at`;
const SELECT = `SELECT ${PROFILE_COLUMNS} FROM profiles`;

/** The check that keeps the coordinates set or cleared together (migration 0015). */
const LOCATION_PAIR_CHECK = 'profiles_location_pair';

/** True when an update broke the coordinates' pair: two patches raced, each valid on the row it read. */
export function isLocationPairViolation(err: unknown): boolean {
  const cause = (err as { parent?: { code?: unknown; constraint?: unknown } } | null)?.parent;
  return cause?.code === '23514' && cause.constraint === LOCATION_PAIR_CHECK;
}

export function createProfilesRepo({ Profile }: Models, sql: Sql) {
  return {
    async find(userId: string): Promise<ProfileRow | null> {
      const [row] = await sql.rows<ProfileRow>(`${SELECT} WHERE user_id = $1`, [userId]);
      return row ?? null;
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
