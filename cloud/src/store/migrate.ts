import type pg from 'pg';
import type { Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';
import { log } from '../log.js';
import { migrations } from './migrations/index.js';

// Any constant works; it only has to differ from other advisory locks taken on this database
// (prices 7_201_001, refit 7_201_003).
const MIGRATION_LOCK_KEY = 7_201_000;

/**
 * Applies every pending migration in order (run at start-up; the schema is never `sync`ed). Several
 * instances starting together take turns on a PostgreSQL advisory lock: the first applies what is
 * pending, the others wait for it, then find nothing left to apply. Each migration still commits in
 * its own transaction.
 */
export async function migrate(db: Sequelize): Promise<string[]> {
  const migLog = log('migrate');
  const umzug = new Umzug({
    migrations: migrations.map((m) => ({
      name: m.name,
      up: () =>
        db.transaction(async (transaction) => {
          for (const sql of m.up) await db.query(sql, { transaction });
        }),
    })),
    storage: new SequelizeStorage({ sequelize: db, tableName: 'schema_migrations' }),
    logger: { info: (m) => migLog.debug(m), warn: (m) => migLog.warn(m), error: (m) => migLog.error(m), debug: () => {} },
  });
  const applied = await withMigrationLock(db, () => umzug.up());
  if (applied.length) migLog.info({ applied: applied.map((m) => m.name) }, 'migrations applied');
  return applied.map((m) => m.name);
}

/** Sequelize's dialect connection manager: opens a connection outside the pool, configured as the pool's are. */
interface RawConnections {
  config: object;
  connect(config: object): Promise<pg.Client>;
  disconnect(connection: pg.Client): Promise<void>;
}

/**
 * Runs `fn` holding the session-level migration lock on a connection of its own, outside the pool:
 * umzug and the migrations use pooled connections meanwhile, so a pool of one still works. Should
 * the process die, PostgreSQL drops the lock with the connection.
 */
async function withMigrationLock<T>(db: Sequelize, fn: () => Promise<T>): Promise<T> {
  const raw = db.connectionManager as unknown as RawConnections;
  const connection = await raw.connect({ ...raw.config });
  try {
    const { rows } = await connection.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK_KEY]);
    if (!rows[0]?.locked) {
      log('migrate').info('another instance is migrating this database; waiting for it');
      await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    try {
      return await fn();
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await raw.disconnect(connection).catch(() => {});
  }
}
