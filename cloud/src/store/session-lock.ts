// Job locks on a dedicated connection. A transaction-scoped advisory lock held a pooled connection
// idle-in-transaction for a whole price refresh or model refit (minutes of feed requests and fits),
// while the job's own queries took more pooled connections: with the planning workers busy, the
// requests of the API were left none. Here the lock lives on its own connection,
// outside the pool; the job's queries borrow pooled connections one at a time like any request.
import pg from 'pg';
import type { Sequelize } from 'sequelize';
import { log } from '../log.js';

/** Connection settings of the Sequelize instance, for a connection of our own. */
function clientConfig(db: Sequelize): pg.ClientConfig {
  const c = db.config;
  return {
    host: c.host,
    port: c.port === undefined ? undefined : Number(c.port),
    user: c.username,
    password: c.password ?? undefined,
    database: c.database,
    connectionTimeoutMillis: 3_000,
  };
}

/**
 * Runs `fn` while holding the session advisory lock `key` on a connection opened for the purpose
 * (outside the pool), or returns null without running it when another session holds the lock.
 * The lock goes with the connection: released when `fn` settles, and by PostgreSQL if the process dies.
 */
export async function withSessionLock<T>(db: Sequelize, key: number, fn: () => Promise<T>): Promise<T | null> {
  const client = new pg.Client(clientConfig(db));
  // A dropped lock connection must not crash the process: the job finishes, its lock is gone.
  client.on('error', (err) => log('db').warn({ err: err.message, key }, 'job lock connection lost'));
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
    if (!rows[0]?.locked) return null;
    return await fn();
  } finally {
    await client.end().catch(() => {});
  }
}
