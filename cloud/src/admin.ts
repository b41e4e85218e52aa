// `npm run -w cloud admin -- set-tier EMAIL premium|free`: operator commands against the database
// the cloud uses (same configuration as `npm start`). See README "Operator commands".
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from './config.js';
import { configureLogging } from './log.js';
import { parseAdminCommand, runAdminCommand } from './services/admin.js';
import { createStore } from './store/index.js';
import { migrate } from './store/migrate.js';
import { openOperatorDatabase } from './store/operator-database.js';

export interface AdminResult {
  /** Process exit code: 0 done, 1 failed (bad command, unknown account, unreachable database). */
  code: number;
  /** What to print: stdout on success, stderr on failure. */
  message: string;
}

/**
 * Runs one operator command. `env` is the environment the server would read; a relative
 * OFFPEAK_DATA_DIR is resolved against INIT_CWD (where `npm run` was typed), since npm runs the
 * workspace script from cloud/ while `npm start` runs from the repository root.
 */
export async function runAdmin(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<AdminResult> {
  try {
    const command = parseAdminCommand(argv);
    const config = loadConfig(env);
    const pgDir = path.join(path.resolve(env.INIT_CWD ?? process.cwd(), config.dataDir), 'pg');
    const database = await openOperatorDatabase({ databaseUrl: config.databaseUrl, pgDir });
    try {
      await migrate(database.db);
      return { code: 0, message: `${await runAdminCommand(createStore(database.db), command)} (database: ${database.via})` };
    } finally {
      await database.close();
    }
  } catch (err) {
    return { code: 1, message: err instanceof Error ? err.message : String(err) };
  }
}

async function main(): Promise<void> {
  // Only warnings and errors: the command prints its own one-line result.
  configureLogging('warn');
  const { code, message } = await runAdmin(process.argv.slice(2), process.env);
  (code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
  process.exitCode = code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) void main();
