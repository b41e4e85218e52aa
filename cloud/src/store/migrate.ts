import type { Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';
import { log } from '../log.js';
import { migrations } from './migrations/index.js';

/** Applies every pending migration in order (run at start-up; the schema is never `sync`ed). */
export async function migrate(db: Sequelize): Promise<string[]> {
  const migLog = log('migrate');
  const umzug = new Umzug({
    migrations: migrations.map((m) => ({
      name: m.name,
      up: () => db.transaction(async (transaction) => {
        for (const sql of m.up) await db.query(sql, { transaction });
      }),
    })),
    storage: new SequelizeStorage({ sequelize: db, tableName: 'schema_migrations' }),
    logger: { info: (m) => migLog.debug(m), warn: (m) => migLog.warn(m), error: (m) => migLog.error(m), debug: () => {} },
  });
  const applied = await umzug.up();
  if (applied.length) migLog.info({ applied: applied.map((m) => m.name) }, 'migrations applied');
  return applied.map((m) => m.name);
}
