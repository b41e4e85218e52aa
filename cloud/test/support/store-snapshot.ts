// What the store holds, as one row count and checksum per table, so a test can prove that a
// refused request stored nothing (compare the snapshot before and after it) and that another
// account's rows never changed. Straight from PostgreSQL: every table of the schema is covered,
// tables added later included.
import pg from 'pg';

/** Bookkeeping a request may write whatever its answer (not data it "stores"). */
const IGNORED: Record<string, string[] | 'table'> = {
  // Attempts are counted before the answer is known; that is the point of a rate limit.
  rate_limit_counters: 'table',
  schema_migrations: 'table',
  // Stamped by the device authenticator on every authenticated device request.
  devices: ['last_seen_at'],
};

/** Per table: `rows:md5` of its rows (ignored columns left out), in a stable order. */
export type StoreSnapshot = Record<string, string>;

export interface StoreSnapshotter {
  /** The whole store; with `userIds`, only rows of those accounts (and of their appliances). */
  take(userIds?: string[]): Promise<StoreSnapshot>;
  close(): Promise<void>;
}

interface TableInfo {
  name: string;
  columns: string[];
  hasUserId: boolean;
  hasApplianceId: boolean;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Connects to the database at `url` and reads its tables once. */
export async function storeSnapshotter(url: string): Promise<StoreSnapshotter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, TableInfo>();
  for (const r of rows) {
    const ignored = IGNORED[r.table_name];
    if (ignored === 'table' || r.table_name.startsWith('umzug')) continue;
    const t = tables.get(r.table_name) ?? { name: r.table_name, columns: [], hasUserId: false, hasApplianceId: false };
    if (r.column_name === 'user_id') t.hasUserId = true;
    if (r.column_name === 'appliance_id') t.hasApplianceId = true;
    if (!ignored?.includes(r.column_name)) t.columns.push(r.column_name);
    tables.set(r.table_name, t);
  }

  const filterOf = (t: TableInfo): string | null => {
    if (t.name === 'users') return 'id = ANY($1::uuid[])';
    if (t.hasUserId) return 'user_id = ANY($1::uuid[])';
    if (t.hasApplianceId) return 'appliance_id IN (SELECT id FROM appliances WHERE user_id = ANY($1::uuid[]))';
    return null; // a table of no account (prices, job runs): only in the whole-store view
  };

  return {
    async take(userIds) {
      const parts: string[] = [];
      for (const t of tables.values()) {
        const where = userIds ? filterOf(t) : '';
        if (where === null) continue;
        const row = `json_build_array(${t.columns.map(quote).join(', ')})::text`;
        parts.push(
          `SELECT ${pg.escapeLiteral(t.name)} AS name, count(*) || ':' || coalesce(md5(string_agg(${row}, '|' ORDER BY ${row})), '-') AS sum FROM ${quote(t.name)}${where ? ` WHERE ${where}` : ''}`,
        );
      }
      const result = await client.query<{ name: string; sum: string }>(parts.join(' UNION ALL '), userIds ? [userIds] : []);
      return Object.fromEntries(result.rows.map((r) => [r.name, r.sum]));
    },
    close: () => client.end(),
  };
}

/** The tables whose count or checksum differ, as `table rows:md5 -> rows:md5`. */
export function snapshotChanges(before: StoreSnapshot, after: StoreSnapshot): string[] {
  return Object.keys({ ...before, ...after })
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name} ${before[name] ?? 'absent'} -> ${after[name] ?? 'absent'}`);
}
