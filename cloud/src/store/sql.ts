// The hot paths' way to PostgreSQL (docs/performance.md): one parameterised statement on a pooled
// `pg` client, taken from Sequelize's own pool (so the pool size, its acquire timeout and its
// outage errors are the same) or the client of a running `store.transaction`. It skips Sequelize's
// query pipeline (option cloning, hooks, SQL formatting, result shaping), which cost two to three
// times the statement's own client CPU. Rows come back as `pg` parses them, on the same
// connection-level type parsers, so they equal what `db.query(sql, { type: SELECT })` returns.
import type pg from 'pg';
import type { Sequelize, Transaction } from 'sequelize';
import { log } from '../log.js';
import { maskLiterals } from './database.js';

/** What a statement runs on: a transaction's connection, else one borrowed from the pool for it. */
export interface SqlOptions {
  transaction?: Transaction | null;
}

type PooledClient = pg.ClientBase;

interface ConnectionManager {
  getConnection(options?: { type?: 'read' | 'write' }): Promise<PooledClient>;
  releaseConnection(connection: PooledClient): void;
}

export interface Sql {
  /** The rows of one statement. */
  rows<T extends object>(text: string, values: readonly unknown[], opts?: SqlOptions): Promise<T[]>;
  /** Runs one statement; resolves to the number of rows it touched. */
  run(text: string, values: readonly unknown[], opts?: SqlOptions): Promise<number>;
}

export function createSql(db: Sequelize): Sql {
  const pool = (db as unknown as { connectionManager: ConnectionManager }).connectionManager;
  // LOG_LEVEL=trace logs every statement, as Sequelize's own do (database.ts).
  const dbLog = log('db');
  const trace = dbLog.isLevelEnabled('trace') ? (text: string) => dbLog.trace(maskLiterals(text)) : null;

  async function query<T extends object>(text: string, values: readonly unknown[], opts: SqlOptions = {}): Promise<pg.QueryResult<T>> {
    trace?.(text);
    const own = (opts.transaction as { connection?: PooledClient } | null | undefined)?.connection;
    if (own) return own.query<T>(text, values as unknown[]);
    const client = await pool.getConnection({ type: 'write' });
    try {
      return await client.query<T>(text, values as unknown[]);
    } finally {
      pool.releaseConnection(client);
    }
  }

  return {
    rows: async <T extends object>(text: string, values: readonly unknown[], opts?: SqlOptions) => (await query<T>(text, values, opts)).rows,
    run: async (text, values, opts) => (await query(text, values, opts)).rowCount ?? 0,
  };
}

/**
 * A statement's prefix that makes its implicit transaction commit without waiting for the WAL
 * flush (the statement-level form of `SET LOCAL synchronous_commit TO off`, saving a transaction's
 * BEGIN, SET and COMMIT round trips): `WITH async_commit AS (${ASYNC_COMMIT_CTE}) ...`, and the
 * statement must read `async_commit` once (a CTE no one reads is never run).
 */
export const ASYNC_COMMIT_CTE = `SELECT set_config('synchronous_commit', 'off', true) AS async_commit`;
