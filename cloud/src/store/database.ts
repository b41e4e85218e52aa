import pg from 'pg';
import { ConnectionError, DatabaseError, Sequelize } from 'sequelize';
import { log } from '../log.js';

// Return BIGINT (COUNT, bigserial ids) as numbers: our ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
// NUMERIC as numbers too (money columns hold cents with a few decimals).
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v: string) => Number(v));

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
}

/** The connection pool the store is built on; only the composition root and the store hold one. */
export type Database = Sequelize;

/** One Sequelize instance per process, talking to PostgreSQL through `pg`. */
export function createDatabase({ url, poolMax = 10 }: DatabaseOptions): Database {
  const dbLog = log('db');
  return new Sequelize(url, {
    dialect: 'postgres',
    dialectModule: pg,
    // Trace only, string literals masked: Sequelize inlines WHERE values (token hashes, emails).
    // Off below trace: Sequelize would format and mask every statement for a line nobody writes.
    logging: dbLog.isLevelEnabled('trace') ? (sql) => dbLog.trace(maskLiterals(sql)) : false,
    pool: { max: poolMax, min: 0, acquire: 5_000, idle: 10_000, evict: 5_000 },
    dialectOptions: { connectionTimeoutMillis: 3_000, keepAlive: true },
    retry: { max: 1 },
  });
}

/** `... WHERE token_hash = 'abc'` -> `... WHERE token_hash = '…'` (bind parameters are never logged). */
export const maskLiterals = (sql: string) => sql.replace(/'(?:[^']|'')*'/g, "'…'");

/** Creates the database named in `url` when the server does not have it yet (embedded first start). */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

const UNAVAILABLE_CODES = /^(08|57P0[1-3]|53300)/; // connection exceptions, shutdown, too many connections
const UNAVAILABLE_MESSAGES = /Connection terminated|ECONNREFUSED|ECONNRESET|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** True when an error means "the database cannot be reached right now" rather than a bad query. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof ConnectionError) return true;
  const e = err as { code?: string; message?: string; original?: { code?: string; message?: string } } | null;
  if (!e || typeof e !== 'object') return false;
  const code = e.original?.code ?? e.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return true;
  const message = `${e.message ?? ''} ${e.original?.message ?? ''}`;
  return (err instanceof DatabaseError || err instanceof Error) && UNAVAILABLE_MESSAGES.test(message);
}

/** Cheap liveness probe of the database, used by /readyz. */
export async function pingDatabase(db: Sequelize): Promise<boolean> {
  try {
    await db.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
