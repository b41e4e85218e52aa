import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { configureLogging } from '../../src/log.js';
import { createDatabase } from '../../src/store/database.js';
import { startEmbeddedPostgres } from '../../src/store/embedded-postgres.js';
import { migrate } from '../../src/store/migrate.js';

export const TEMPLATE_DB = 'offpeak_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One embedded PostgreSQL per test run (fsync off: the data is thrown away), with a migrated
 * template database that every test file clones, so each file starts from an empty schema fast.
 */
export default async function setup(project: TestProject) {
  configureLogging(process.env.LOG_LEVEL ?? 'silent');
  const dir = mkdtempSync(path.join(tmpdir(), 'offpeak-test-pg-'));
  const server = await startEmbeddedPostgres({
    dir,
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
  });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const db = createDatabase({ url: server.urlFor(TEMPLATE_DB) });
  await migrate(db);
  await db.close();
  project.provide('pgAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
