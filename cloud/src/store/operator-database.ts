import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Sequelize } from 'sequelize';
import { createDatabase, ensureDatabaseExists } from './database.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

/** The database name the cloud uses on its embedded server (server.ts). */
const EMBEDDED_DATABASE = 'offpeak';

export interface OperatorDatabase {
  db: Sequelize;
  /** How the database was reached, for the operator's information. */
  via: 'DATABASE_URL' | 'running embedded server' | 'embedded server started for this command';
  close(): Promise<void>;
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The port of the PostgreSQL server running on `clusterDir`, from its postmaster.pid (line 1 the
 * pid, line 4 the port), or null when no live server holds the cluster.
 */
export function runningPostgresPort(clusterDir: string): number | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0 && isAlive(pid) ? port : null;
}

/**
 * Opens the database the cloud uses, for operator commands: DATABASE_URL when set; else the
 * embedded cluster in `pgDir`, through the server a running `npm start` holds (only one process
 * may run a cluster) or, when none runs, a server started for this command and stopped by close().
 */
export async function openOperatorDatabase(opts: { databaseUrl: string | undefined; pgDir: string }): Promise<OperatorDatabase> {
  if (opts.databaseUrl) {
    const db = createDatabase({ url: opts.databaseUrl, poolMax: 2 });
    return { db, via: 'DATABASE_URL', close: () => db.close() };
  }
  const clusterDir = path.join(opts.pgDir, 'cluster');
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new Error(`No database in ${opts.pgDir}: start the cloud once (npm start), or set DATABASE_URL`);
  }
  const port = runningPostgresPort(clusterDir);
  if (port !== null) {
    const password = readFileSync(path.join(opts.pgDir, 'password'), 'utf8').trim();
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
    const db = createDatabase({ url, poolMax: 2 });
    return { db, via: 'running embedded server', close: () => db.close() };
  }
  const server = await startEmbeddedPostgres({ dir: opts.pgDir });
  const url = server.urlFor(EMBEDDED_DATABASE);
  try {
    await ensureDatabaseExists(url);
  } catch (err) {
    await server.stop();
    throw err;
  }
  const db = createDatabase({ url, poolMax: 2 });
  return {
    db,
    via: 'embedded server started for this command',
    close: async () => {
      await db.close();
      await server.stop();
    },
  };
}
