// One benchmark run's database: a fresh embedded PostgreSQL in a temporary folder, with the
// `offpeak` database created, removed again by stop().
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDatabaseExists } from '../store/database.js';
import { startEmbeddedPostgres } from '../store/embedded-postgres.js';

export interface BenchDatabase {
  /** The temporary folder (the cluster lives below it); a cloud process may use it as OFFPEAK_DATA_DIR. */
  dir: string;
  /** The `offpeak` database's URL. */
  url: string;
  /** Stops the server and removes the folder. */
  stop(): Promise<void>;
}

/** Starts the server (with extra `postgresFlags`, e.g. `-c max_connections=200`) in `offpeak-bench-<name>-*`. */
export async function startBenchDatabase(name: string, postgresFlags: string[] = []): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), `offpeak-bench-${name}-`));
  // Readable by the server, which drops to another user when the bench runs as root.
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dir, postgresFlags });
  const stop = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const url = server.urlFor('offpeak');
  try {
    await ensureDatabaseExists(url);
  } catch (e) {
    await stop();
    throw e;
  }
  return { dir, url, stop };
}
